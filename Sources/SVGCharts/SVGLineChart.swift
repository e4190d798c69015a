/// The lab's one line-chart writer: series on linear axes, with a title, axis titles, tick
/// labels, dashed horizontal guides (a gate, a target) and a legend on the right, drawn with
/// `SVGDocument`. The learning curves and the bandits' regret plots are such charts.
package struct SVGLineChart {
    /// The title, above the plot.
    package var title: String
    /// The horizontal axis' title, below the plot.
    package var xTitle: String
    /// The vertical axis' title, along the left edge.
    package var yTitle: String
    /// The data range the plot's width spans.
    package var xRange: ClosedRange<Double>
    /// The data range the plot's height spans.
    package var yRange: ClosedRange<Double>
    /// Labels under the plot at these `x` values.
    package var xTicks: [(value: Double, label: String)] = []
    /// Labels left of the plot at these `y` values, each with a light grid line.
    package var yTicks: [(value: Double, label: String)] = []
    /// Dashed horizontal lines at these `y` values, labelled on the right.
    package var guides: [(value: Double, label: String)] = []
    /// The lines, drawn in order (a later one on top).
    package var series: [SVGLineSeries] = []
    /// Canvas width.
    package var width = 640.0
    /// Canvas height.
    package var height = 400.0

    /// An empty chart over `xRange` × `yRange`.
    package init(title: String, xTitle: String, yTitle: String, xRange: ClosedRange<Double>, yRange: ClosedRange<Double>) {
        self.title = title
        self.xTitle = xTitle
        self.yTitle = yTitle
        self.xRange = xRange
        self.yRange = yRange
    }

    /// The SVG document.
    package var document: String {
        let left = 60.0, right = 150.0, top = 40.0, bottom = 50.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let xSpan = xRange.upperBound > xRange.lowerBound ? xRange.upperBound - xRange.lowerBound : 1
        let ySpan = yRange.upperBound > yRange.lowerBound ? yRange.upperBound - yRange.lowerBound : 1
        func x(_ value: Double) -> Double { left + plotWidth * (value - xRange.lowerBound) / xSpan }
        func y(_ value: Double) -> Double { top + plotHeight * (1 - (value - yRange.lowerBound) / ySpan) }
        var svg = SVGDocument(width: width, height: height)
        svg.text(title, x: left, y: 22, size: 14)
        for tick in yTicks {
            svg.line(x1: left, y1: y(tick.value), x2: left + plotWidth, y2: y(tick.value), stroke: "#e0e0e0")
            svg.text(tick.label, x: left - 8, y: y(tick.value) + 4, anchor: "end")
        }
        svg.line(x1: left, y1: top + plotHeight, x2: left + plotWidth, y2: top + plotHeight)
        svg.line(x1: left, y1: top, x2: left, y2: top + plotHeight)
        for guide in guides {
            svg.line(x1: left, y1: y(guide.value), x2: left + plotWidth, y2: y(guide.value), stroke: "#000", dashed: true)
            svg.text(guide.label, x: left + plotWidth + 6, y: y(guide.value) + 4)
        }
        for tick in xTicks {
            svg.text(tick.label, x: x(tick.value), y: top + plotHeight + 20, anchor: "middle")
        }
        svg.text(xTitle, x: left + plotWidth / 2, y: height - 10, anchor: "middle")
        svg.text(yTitle, x: 16, y: top + plotHeight / 2, anchor: "middle", rotation: -90)
        for (row, line) in series.enumerated() {
            if !line.band.isEmpty {
                svg.polygon(line.band.map { (x($0.x), y($0.high)) } + line.band.reversed().map { (x($0.x), y($0.low)) },
                            fill: line.color, opacity: 0.12)
            }
            if !line.points.isEmpty { svg.polyline(line.points.map { (x($0.x), y($0.y)) }, stroke: line.color) }
            if line.markers {
                for point in line.points { svg.circle(x: x(point.x), y: y(point.y), fill: line.color) }
            }
            let legendY = top + 20 + Double(row) * 18
            svg.line(x1: left + plotWidth + 6, y1: legendY - 4, x2: left + plotWidth + 26, y2: legendY - 4, stroke: line.color, width: 2)
            svg.text(line.name, x: left + plotWidth + 30, y: legendY)
        }
        return svg.document
    }
}
