import Cycles
import CyclesLab
import SVGCharts

extension ScenarioTable {
    /// Forest plot of the table: per scenario, one line per column from the lower to the upper end
    /// of its 95 % interval with a dot at the alert accuracy, beside the alert-accuracy gate's limit
    /// (dashed); the scenario's result at the right.
    public var chart: String {
        let left = 150.0, top = 46.0, plotWidth = 520.0, lineHeight = 11.0, groupGap = 14.0
        let groupHeight = Double(columns.count) * lineHeight + groupGap
        var svg = SVGDocument(width: left + plotWidth + 70, height: top + Double(rows.count) * groupHeight + 36)
        svg.text("Alert accuracy by logging scenario, 95 % intervals (\(data.users) \(data.cohort) users)", x: 10, y: 18, size: 13)
        svg.legend(columns, x: 10, y: top - 14)
        func x(_ value: Double) -> Double { left + plotWidth * min(max(value, 0), 1) }
        let bottom = top + Double(rows.count) * groupHeight
        for step in 0...5 {
            let position = x(Double(step) / 5)
            svg.line(x1: position, y1: top, x2: position, y2: bottom, stroke: "#DDD")
            svg.text("\(step * 20) %", x: position, y: bottom + 14, anchor: "middle")
        }
        if let limit = rows.lazy.flatMap(\.gates).first(where: { $0.metric == CycleMetric.alertAccuracy.rawValue })?.limit {
            svg.line(x1: x(limit), y1: top, x2: x(limit), y2: bottom, stroke: "#B00", dashed: true)
            svg.text("gate \(Int((limit * 100).rounded())) %", x: x(limit) + 4, y: bottom + 28, fill: "#B00")
        }
        for (rowIndex, row) in rows.enumerated() {
            let groupTop = top + Double(rowIndex) * groupHeight
            svg.text(row.label, x: left - 10, y: groupTop + Double(columns.count) * lineHeight / 2 + 4, size: 12, anchor: "end")
            svg.text(row.passes ? "GO" : "NO-GO", x: left + plotWidth + 10, y: groupTop + Double(columns.count) * lineHeight / 2 + 4,
                     size: 12, fill: row.passes ? "#007A3D" : "#B00")
            for (columnIndex, column) in columns.enumerated() {
                guard let cell = row.cell(column), let accuracy = cell.alertAccuracy else { continue }
                let y = groupTop + (Double(columnIndex) + 0.5) * lineHeight
                let color = SVGDocument.palette[columnIndex % SVGDocument.palette.count]
                if let interval = cell.interval {
                    svg.line(x1: x(interval.low), y1: y, x2: x(interval.high), y2: y, stroke: color, width: 2)
                }
                svg.circle(x: x(accuracy), y: y, radius: 3, fill: color)
            }
            if rowIndex > 0 { svg.line(x1: 10, y1: groupTop - groupGap / 2, x2: left + plotWidth + 60, y2: groupTop - groupGap / 2, stroke: "#EEE") }
        }
        return svg.document
    }
}
