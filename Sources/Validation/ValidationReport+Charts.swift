import Cycles
import CyclesLab
import SVGCharts

extension ValidationReport {
    /// Bar chart of ±2-day accuracy by cycle day of the forecast (1–7, 8–14, 15+, all days), one
    /// bar per model, with 95 % interval whiskers.
    public var accuracyByCycleDayChart: String {
        let groups: [(String, CycleMetric)] = [("cycle days 1-7", CycleMetric.byCycleDay1to7), ("8-14", CycleMetric.byCycleDay8to14),
                                          ("15+", CycleMetric.byCycleDay15plus), ("all days", CycleMetric.accuracy2d)]
        let left = 50.0, top = 40.0, plotWidth = 560.0, plotHeight = 260.0
        var svg = SVGDocument(width: left + plotWidth + 20, height: top + plotHeight + 50)
        svg.text("Forecast within ±2 days, by cycle day of the forecast (\(data.cohort), \(data.users) users)", x: left, y: 18, size: 13)
        svg.legend(models.map(\.name), x: left, y: top - 8)
        Self.percentAxis(&svg, left: left, top: top, width: plotWidth, height: plotHeight)
        let groupWidth = plotWidth / Double(groups.count)
        let barWidth = (groupWidth - 20) / Double(max(models.count, 1))
        for (groupIndex, (label, key)) in groups.enumerated() {
            let groupLeft = left + Double(groupIndex) * groupWidth + 10
            svg.text(label, x: groupLeft + (groupWidth - 20) / 2, y: top + plotHeight + 18, anchor: "middle")
            for (modelIndex, model) in models.enumerated() {
                guard let value = model.evaluation.metrics[key] else { continue }
                let x = groupLeft + Double(modelIndex) * barWidth
                let y = top + plotHeight * (1 - value)
                svg.rectangle(x: x + 1, y: y, width: barWidth - 2, height: top + plotHeight - y,
                              fill: SVGDocument.palette[modelIndex % SVGDocument.palette.count])
                if let interval = model.evaluation.intervals[key] {
                    let middle = x + barWidth / 2
                    svg.line(x1: middle, y1: top + plotHeight * (1 - interval.low), x2: middle, y2: top + plotHeight * (1 - interval.high))
                }
            }
        }
        return svg.document
    }

    /// Line chart of alert accuracy after 1, 3, 6, 12 months of personal history for each
    /// candidate's learning curve (calendar, rules, pre-trained, fine-tuned, oracle), with the 70 % gate.
    public var learningCurveChart: String {
        let left = 50.0, top = 40.0, plotWidth = 560.0, plotHeight = 260.0
        var svg = SVGDocument(width: left + plotWidth + 20, height: top + plotHeight + 50)
        svg.text("Alert accuracy after N months of personal data (next cycles, held-out users)", x: left, y: 18, size: 13)
        let curves = models.compactMap { model in model.learningCurve.map { (model.name, $0) } }
        Self.percentAxis(&svg, left: left, top: top, width: plotWidth, height: plotHeight)
        guard !curves.isEmpty else {
            let reason = gates.first { $0.metric.hasPrefix(MeasurementKey.learningCurvePrefix) }?.method ?? "no learning curve"
            svg.text("not measured: \(reason)", x: left + 10, y: top + plotHeight / 2, size: 12, fill: "#B00")
            return svg.document
        }
        let maxMonth = Double(curves.flatMap(\.1.months).max() ?? 12)
        func x(_ month: Int) -> Double { left + plotWidth * Double(month) / maxMonth }
        func y(_ value: Double) -> Double { top + plotHeight * (1 - value) }
        var names: [String] = []
        for (name, curve) in curves {
            for series in curve.series {
                let points = curve.months.compactMap { month in curve.points[series]?[month].map { (x(month), y($0.alertAccuracy)) } }
                guard !points.isEmpty else { continue }
                let color = SVGDocument.palette[names.count % SVGDocument.palette.count]
                names.append(curves.count > 1 && !["calendar", "rules", "oracle"].contains(series) ? "\(name) \(series)" : series)
                svg.polyline(points, stroke: color)
                for point in points { svg.circle(x: point.0, y: point.1, fill: color) }
            }
            for month in curve.months { svg.text("\(month)", x: x(month), y: top + plotHeight + 16, anchor: "middle") }
        }
        svg.text("months of personal data", x: left + plotWidth / 2, y: top + plotHeight + 34, anchor: "middle")
        svg.line(x1: left, y1: y(0.7), x2: left + plotWidth, y2: y(0.7), stroke: "#B00", dashed: true)
        svg.text("gate 70 %", x: left + plotWidth - 4, y: y(0.7) - 4, anchor: "end", fill: "#B00")
        svg.legend(names, x: left, y: top - 8)
        return svg.document
    }

    /// Histogram of single-prediction latency (power-of-two µs buckets), one bar per model.
    public var latencyChart: String {
        let timed = models.compactMap { model in model.latency.map { (model.name, $0) } }
        let left = 50.0, top = 40.0, plotWidth = 560.0, plotHeight = 260.0
        var svg = SVGDocument(width: left + plotWidth + 20, height: top + plotHeight + 50)
        svg.text("Latency of one prediction (features + model + reasoning), one core, warm", x: left, y: 18, size: 13)
        svg.legend(timed.map { "\($0.0) p50 \(_Format.microseconds($0.1.p50)), p99 \(_Format.microseconds($0.1.p99))" }, x: left, y: top - 8)
        let bounds = Set(timed.flatMap { $0.1.histogram.map(\.upperMicroseconds) }).sorted()
        guard !bounds.isEmpty else { return svg.document }
        var fullBounds = [bounds[0]]
        while fullBounds.last! < bounds.last! { fullBounds.append(fullBounds.last! * 2) }
        let peak = timed.flatMap { _, profile in profile.histogram.map { Double($0.count) / Double(max(profile.count, 1)) } }.max() ?? 1
        let groupWidth = plotWidth / Double(fullBounds.count)
        let barWidth = (groupWidth - 4) / Double(timed.count)
        svg.line(x1: left, y1: top + plotHeight, x2: left + plotWidth, y2: top + plotHeight)
        svg.text("share of predictions, highest bar \(_Format.percent(peak))", x: left - 40, y: top + plotHeight + 46)
        for (bucket, bound) in fullBounds.enumerated() {
            let groupLeft = left + Double(bucket) * groupWidth + 2
            svg.text("≤" + _Format.microsecondLimit(bound), x: groupLeft + groupWidth / 2 - 2, y: top + plotHeight + 16, size: 9, anchor: "middle")
            for (modelIndex, (_, profile)) in timed.enumerated() {
                let count = profile.histogram.first { $0.upperMicroseconds == bound }?.count ?? 0
                let height = plotHeight * Double(count) / Double(max(profile.count, 1)) / peak
                svg.rectangle(x: groupLeft + Double(modelIndex) * barWidth, y: top + plotHeight - height, width: barWidth - 1,
                              height: height, fill: SVGDocument.palette[modelIndex % SVGDocument.palette.count])
            }
        }
        return svg.document
    }

    /// Reliability diagram of the daily forecasts' confidence on the users of the side-by-side
    /// table: per model and confidence bin (`ReliabilityTable`), the hit rate against the mean
    /// confidence, beside the diagonal of perfect calibration; below, each model's forecasts per
    /// bin as bars (share of its forecasts, with the count of the largest bin in the legend).
    public var reliabilityChart: String {
        let tables = models.compactMap { model in model.evaluation.reliability[.confidenceECE].map { (model.name, $0) } }
        let left = 50.0, top = 40.0, plot = 300.0, stripTop = top + plot + 34, strip = 70.0
        var svg = SVGDocument(width: left + plot + 340, height: stripTop + strip + 40)
        svg.text("Reliability of the confidence: hit rate (±2 d) by confidence bin (\(data.cohort), \(data.users) users)", x: left, y: 18, size: 13)
        Self.percentAxis(&svg, left: left, top: top, width: plot, height: plot)
        func x(_ value: Double) -> Double { left + plot * min(max(value, 0), 1) }
        func y(_ value: Double) -> Double { top + plot * (1 - min(max(value, 0), 1)) }
        for step in 0...5 {
            svg.text("\(step * 20) %", x: x(Double(step) / 5), y: top + plot + 16, anchor: "middle")
        }
        svg.text("stated confidence", x: left + plot / 2, y: top + plot + 30, anchor: "middle")
        svg.line(x1: x(0), y1: y(0), x2: x(1), y2: y(1), stroke: "#888", dashed: true)
        var legend: [String] = []
        for (index, (name, table)) in tables.enumerated() {
            let color = SVGDocument.palette[index % SVGDocument.palette.count]
            let points = table.bins.compactMap { bin in bin.meanConfidence.flatMap { c in bin.hitRate.map { (x(c), y($0)) } } }
            if points.count > 1 { svg.polyline(points, stroke: color) }
            for point in points { svg.circle(x: point.0, y: point.1, fill: color) }
            let largest = table.bins.map(\.count).max() ?? 0
            legend.append("\(name): ECE \(table.expectedCalibrationError.map { String(format: "%.3f", $0) } ?? "-"), "
                          + "largest bin \(_Format.grouped(largest)) forecasts")
            // Forecasts per bin, as a share of the model's largest bin.
            let barWidth = plot / Double(ReliabilityTable.binCount) / Double(max(tables.count, 1))
            for (bin, cell) in table.bins.enumerated() where largest > 0 {
                let height = strip * Double(cell.count) / Double(largest)
                svg.rectangle(x: left + plot * Double(bin) / Double(ReliabilityTable.binCount) + Double(index) * barWidth,
                              y: stripTop + strip - height, width: max(barWidth - 0.5, 0.5), height: height, fill: color)
            }
        }
        svg.line(x1: left, y1: stripTop + strip, x2: left + plot, y2: stripTop + strip)
        svg.text("forecasts per bin (share of each model's largest bin)", x: left, y: stripTop + strip + 16)
        for (index, line) in legend.enumerated() {
            let rowY = top + 12 + Double(index) * 18
            svg.rectangle(x: left + plot + 20, y: rowY - 9, width: 10, height: 10, fill: SVGDocument.palette[index % SVGDocument.palette.count])
            svg.text(line, x: left + plot + 34, y: rowY, size: 10)
        }
        if tables.isEmpty { svg.text("no confidence scored", x: left + 10, y: top + plot / 2, size: 12, fill: "#B00") }
        return svg.document
    }

    /// Y axis from 0 to 100 % with grid lines every 20 %.
    static func percentAxis(_ svg: inout SVGDocument, left: Double, top: Double, width: Double, height: Double) {
        for step in 0...5 {
            let y = top + height * (1 - Double(step) / 5)
            svg.line(x1: left, y1: y, x2: left + width, y2: y, stroke: step == 0 ? "#444" : "#DDD")
            svg.text("\(step * 20) %", x: left - 6, y: y + 4, anchor: "end")
        }
    }
}
