import Personalization
import CyclesLab
import Foundation
import SVGCharts

extension LearningCurveResult {
    /// JSON shaped `{"months": [...], "calendar": {"6": {...}}, "rules": {"6": {...}}, "pretrained": ..., "fine_tuned": ..., "oracle": ...}`,
    /// plus `"cohort"` context fields passed in `extra`.
    public func json(extra: [String: String] = [:]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        var object: [String: Any] = ["months": months]
        for name in series {
            var byMonth: [String: Any] = [:]
            for (month, point) in points[name] ?? [:] {
                byMonth["\(month)"] = try JSONSerialization.jsonObject(with: encoder.encode(point))
            }
            object[name] = byMonth
        }
        for (key, value) in extra { object[key] = value }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    /// A text table: one row per month, alert accuracy (95 % CI) per series, then the gap to the oracle.
    public func table() -> String {
        func percent(_ value: Double) -> String { String(format: "%5.1f", value * 100) }
        var lines: [String] = []
        let header = ["months", "users", "cycles"] + series.map { "\($0) alert % [95% CI]" } + (series.contains("oracle") ? ["gap to oracle"] : [])
        lines.append(header.joined(separator: " | "))
        for month in months {
            guard let any = points[series[0]]?[month] else {
                lines.append("\(month) | 0 | 0 | (no user has enough data after this cut-off)")
                continue
            }
            var cells = ["\(month)", "\(any.users)", "\(any.cycles)"]
            for name in series {
                guard let point = points[name]?[month] else { cells.append("-"); continue }
                let interval = point.alertAccuracyInterval.map { " [\(percent($0.low)), \(percent($0.high))]" } ?? ""
                cells.append(percent(point.alertAccuracy) + interval)
            }
            if let oracle = points["oracle"]?[month], let tuned = points["fine_tuned"]?[month] {
                cells.append(String(format: "%+.1f pt", (tuned.alertAccuracy - oracle.alertAccuracy) * 100))
            }
            lines.append(cells.joined(separator: " | "))
        }
        lines.append("accuracy_2d: " + months.compactMap { month in
            guard points[series[0]]?[month] != nil else { return nil }
            return "\(month) mo " + series.compactMap { name in points[name]?[month].map { "\(name) \(percent($0.accuracy2d).trimmingCharacters(in: .whitespaces))%" } }
                .joined(separator: ", ")
        }.joined(separator: "; "))
        if let kept = points["fine_tuned"] {
            lines.append("guardrail kept the personal model for: " + months.compactMap { month in
                kept[month]?.keptShare.map { "\(month) mo \(Int(($0 * 100).rounded()))%" }
            }.joined(separator: ", ") + " of users")
        }
        return lines.joined(separator: "\n")
    }

    /// An SVG line chart of alert accuracy by months of history, one line per series, with the
    /// 95 % intervals as bands and the 70 % gate as a dashed line.
    public func svg(title: String) -> String {
        let evaluated = months.filter { month in series.contains { points[$0]?[month] != nil } }
        let colors = ["calendar": "#9467bd", "rules": "#7f7f7f", "pretrained": "#1f77b4", "fine_tuned": "#d62728", "oracle": "#2ca02c"]
        var chart = SVGLineChart(title: title, xTitle: "months of personal history", yTitle: "alert accuracy",
                                 xRange: evaluated.count <= 1 ? -1...1 : 0...Double(evaluated.count - 1), yRange: 0...1)
        chart.yTicks = stride(from: 0.0, through: 1.0, by: 0.2).map { ($0, "\(Int(($0 * 100).rounded()))%") }
        chart.xTicks = evaluated.enumerated().map { (Double($0.offset), "\($0.element)") }
        chart.guides = [(0.7, "gate 70%")]
        for name in series {
            let present = evaluated.enumerated().compactMap { index, month in points[name]?[month].map { (Double(index), $0) } }
            guard !present.isEmpty else { continue }
            chart.series.append(SVGLineSeries(
                name: name, color: colors[name] ?? "#000", points: present.map { ($0.0, $0.1.alertAccuracy) },
                band: present.map { ($0.0, $0.1.alertAccuracyInterval?.low ?? $0.1.alertAccuracy, $0.1.alertAccuracyInterval?.high ?? $0.1.alertAccuracy) },
                markers: true))
        }
        return chart.document
    }
}
