import Personalization
import CyclesLab
import Foundation

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

    /// A hand-written SVG line chart of alert accuracy by months of history, one line per series,
    /// with the 95 % intervals as bands and the 70 % gate as a dashed line.
    public func svg(title: String) -> String {
        let width = 640.0, height = 400.0
        let left = 60.0, right = 150.0, top = 40.0, bottom = 50.0
        let plotWidth = width - left - right, plotHeight = height - top - bottom
        let evaluated = months.filter { month in series.contains { points[$0]?[month] != nil } }
        let colors = ["calendar": "#9467bd", "rules": "#7f7f7f", "pretrained": "#1f77b4", "fine_tuned": "#d62728", "oracle": "#2ca02c"]
        func x(_ index: Int) -> Double {
            evaluated.count <= 1 ? left + plotWidth / 2 : left + plotWidth * Double(index) / Double(evaluated.count - 1)
        }
        func y(_ value: Double) -> Double { top + plotHeight * (1 - value) }
        func number(_ value: Double) -> String { String(format: "%.1f", value) }
        var parts: [String] = []
        parts.append("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" viewBox=\"0 0 \(Int(width)) \(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">")
        parts.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")
        parts.append("<text x=\"\(number(left))\" y=\"22\" font-size=\"14\">\(Self.escaped(title))</text>")
        for tick in stride(from: 0.0, through: 1.0, by: 0.2) {
            parts.append("<line x1=\"\(number(left))\" y1=\"\(number(y(tick)))\" x2=\"\(number(left + plotWidth))\" y2=\"\(number(y(tick)))\" stroke=\"#e0e0e0\"/>")
            parts.append("<text x=\"\(number(left - 8))\" y=\"\(number(y(tick) + 4))\" text-anchor=\"end\">\(Int((tick * 100).rounded()))%</text>")
        }
        parts.append("<line x1=\"\(number(left))\" y1=\"\(number(y(0.7)))\" x2=\"\(number(left + plotWidth))\" y2=\"\(number(y(0.7)))\" stroke=\"#000\" stroke-dasharray=\"6 4\"/>")
        parts.append("<text x=\"\(number(left + plotWidth + 6))\" y=\"\(number(y(0.7) + 4))\">gate 70%</text>")
        for (index, month) in evaluated.enumerated() {
            parts.append("<text x=\"\(number(x(index)))\" y=\"\(number(top + plotHeight + 20))\" text-anchor=\"middle\">\(month)</text>")
        }
        parts.append("<text x=\"\(number(left + plotWidth / 2))\" y=\"\(number(height - 10))\" text-anchor=\"middle\">months of personal history</text>")
        for (row, name) in series.enumerated() {
            let color = colors[name] ?? "#000"
            let present = evaluated.enumerated().compactMap { index, month in points[name]?[month].map { (index, $0) } }
            guard !present.isEmpty else { continue }
            let band = present.map { "\(number(x($0.0))),\(number(y($0.1.alertAccuracyInterval?.high ?? $0.1.alertAccuracy)))" }
                + present.reversed().map { "\(number(x($0.0))),\(number(y($0.1.alertAccuracyInterval?.low ?? $0.1.alertAccuracy)))" }
            parts.append("<polygon points=\"\(band.joined(separator: " "))\" fill=\"\(color)\" fill-opacity=\"0.12\" stroke=\"none\"/>")
            let line = present.map { "\(number(x($0.0))),\(number(y($0.1.alertAccuracy)))" }
            parts.append("<polyline points=\"\(line.joined(separator: " "))\" fill=\"none\" stroke=\"\(color)\" stroke-width=\"2\"/>")
            for (index, point) in present {
                parts.append("<circle cx=\"\(number(x(index)))\" cy=\"\(number(y(point.alertAccuracy)))\" r=\"3\" fill=\"\(color)\"/>")
            }
            let legendY = top + 20 + Double(row) * 18
            parts.append("<line x1=\"\(number(left + plotWidth + 6))\" y1=\"\(number(legendY - 4))\" x2=\"\(number(left + plotWidth + 26))\" y2=\"\(number(legendY - 4))\" stroke=\"\(color)\" stroke-width=\"2\"/>")
            parts.append("<text x=\"\(number(left + plotWidth + 30))\" y=\"\(number(legendY))\">\(name)</text>")
        }
        parts.append("<text x=\"16\" y=\"\(number(top + plotHeight / 2))\" transform=\"rotate(-90 16 \(number(top + plotHeight / 2)))\" text-anchor=\"middle\">alert accuracy</text>")
        parts.append("</svg>")
        return parts.joined(separator: "\n") + "\n"
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
    }
}
