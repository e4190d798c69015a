import Testing
import SVGCharts

/// The lab's line chart: points land where the ranges say, and each part is drawn once.
@Suite struct SVGLineChartTests {
    @Test func drawsTheSeriesBandsMarkersGuidesAndLegend() {
        var chart = SVGLineChart(title: "A & B", xTitle: "month", yTitle: "accuracy", xRange: 0...2, yRange: 0...1)
        chart.yTicks = [(0, "0%"), (1, "100%")]
        chart.xTicks = [(0, "3"), (2, "12")]
        chart.guides = [(0.7, "gate 70%")]
        chart.series = [
            SVGLineSeries(name: "model", color: "#d62728", points: [(0, 1), (1, 0.5), (2, 0)],
                          band: [(0, 0.9, 1), (1, 0.4, 0.6), (2, 0, 0.1)], markers: true),
            SVGLineSeries(name: "calendar", color: "#9467bd", points: [(0, 0), (2, 1)]),
        ]
        let svg = chart.document
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\"") && svg.hasSuffix("</svg>\n"))
        // The plot spans x 60…490 and y 40…350 on the 640 × 400 canvas.
        #expect(svg.contains("<polyline points=\"60.0,40.0 275.0,195.0 490.0,350.0\""))
        #expect(svg.contains("<polyline points=\"60.0,350.0 490.0,40.0\""))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 2)
        #expect(svg.components(separatedBy: "<polygon").count - 1 == 1)
        #expect(svg.components(separatedBy: "<circle").count - 1 == 3)
        #expect(svg.components(separatedBy: "stroke-dasharray").count - 1 == 1)
        #expect(svg.contains(">A &amp; B</text>"))
        #expect(svg.contains("rotate(-90.0 16.0 195.0)"))
        #expect(svg.contains(">calendar</text>") && svg.contains(">gate 70%</text>"))
    }

    /// An empty range or no series still gives a well-formed document.
    @Test func degenerateRangesDoNotDivideByZero() {
        let svg = SVGLineChart(title: "t", xTitle: "x", yTitle: "y", xRange: 0...0, yRange: 1...1).document
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(!svg.contains("nan") && !svg.contains("inf"))
    }
}
