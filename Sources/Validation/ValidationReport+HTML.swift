import Cycles
import CyclesLab
import SVGCharts

extension ValidationReport {
    /// `report.html`: the three summary lines, the scenario table with every 95 % interval drawn as a bar, the
    /// scenario gates, the side-by-side table, the robustness panel, the real-data sections, the
    /// model gates, the Phase 2 targets, the calibration (reliability table and diagram) and the charts,
    /// in one self-contained page: styles inline, charts as inline SVG, no script, font, image or
    /// any other file fetched from anywhere.
    public var html: String {
        var body: [String] = []
        body.append("<h1>Validation report</h1>")
        body.append("<div id=\"verdict\" class=\"\(isGo ? "go" : "no-go")\">"
                    + summaryLines.map { "<p>\(Self.escaped($0))</p>" }.joined() + "</div>")
        body.append("<p>\(Self.escaped(dataLine))</p>")
        body.append("<p>\(Self.escaped(machineLine))</p>")
        if let scenarios {
            body.append("<h2>Logging scenarios</h2>")
            body.append("<p>\(Self.escaped(scenarios.heading)).</p>")
            body.append(Self.scenarioTable(scenarios))
            body.append("<figure>\(Self.inline(scenarios.chart))</figure>")
            body.append(Self.table(scenarios.gateTable, id: "scenario-gates"))
            body += scenarios.notes.map { "<p class=\"note\">\(Self.escaped($0))</p>" }
        }
        body.append("<h2>Models side by side</h2>")
        body.append(Self.table(modelTable, id: "models"))
        if let robustness {
            body.append("<h2>Robustness panel</h2>")
            body.append("<p class=\"note\">Alert accuracy [95 % CI]; Δ vs calendar in points [paired 95 % CI].</p>")
            body.append(Self.table(robustness.table, id: "robustness"))
        }
        if !realData.isEmpty {
            body.append("<h2>Real data</h2>")
            for (index, section) in realData.enumerated() {
                body.append("<h3>\(Self.escaped(section.name))</h3>")
                body.append("<p class=\"note\">\(Self.escaped(section.heading)).</p>")
                body.append(Self.table(section.table, id: "real-data-\(index + 1)"))
            }
            body.append("<p class=\"note\">\(Self.escaped(Self.realDataNote))</p>")
        }
        body.append(scenarios == nil ? "<h2>Gates</h2>" : "<h2>Model gates (measured once, on the users as generated)</h2>")
        var gateRows = gateTable
        gateRows[0].append("how it was measured")
        for (index, gate) in gates.filter(\.decidesVerdict).enumerated() { gateRows[index + 1].append(gate.method) }
        body.append(Self.table(gateRows, id: "gates"))
        if targetTable.count > 1 {
            body.append("<h2>Phase 2 targets</h2>")
            body.append("<p class=\"note\">They decide neither the verdict nor the exit status; a gates file can make any "
                        + "of them a gate. The ceiling is the causal ideal observer on the same users.</p>")
            var targetRows = targetTable
            targetRows[0].append("how it was measured")
            for (index, outcome) in targets.enumerated() { targetRows[index + 1].append(outcome.gate.method) }
            body.append(Self.table(targetRows, id: "targets"))
        }
        body.append("<h2>Calibration</h2>")
        body.append("<p class=\"note\">\(Self.escaped(ReliabilityTable.rowsHeading)).</p>")
        body.append(Self.table(reliabilityTable, id: "reliability"))
        body.append("<p class=\"note\">\(Self.escaped(Self.calibrationNote))</p>")
        body.append("<figure>\(Self.inline(reliabilityChart))</figure>")
        body.append("<h2>Charts</h2>")
        for chart in [accuracyByCycleDayChart, learningCurveChart, latencyChart] { body.append("<figure>\(Self.inline(chart))</figure>") }
        let style = """
        body { font-family: sans-serif; margin: 24px; color: #222; max-width: 1400px; }
        table { border-collapse: collapse; margin: 8px 0 16px; font-size: 13px; }
        th, td { border: 1px solid #CCC; padding: 3px 6px; text-align: left; vertical-align: top; }
        th { background: #F2F2F2; }
        #verdict { font-size: 16px; padding: 4px 14px; border-radius: 4px; }
        #verdict p:first-child { font-size: 18px; font-weight: bold; }
        #verdict.go { background: #E3F4E8; border: 2px solid #007A3D; }
        #verdict.no-go { background: #FBE9E9; border: 2px solid #B00; }
        #scenarios td { white-space: nowrap; }
        #scenarios td:first-child { white-space: normal; min-width: 11em; max-width: 16em; }
        td.go { color: #007A3D; font-weight: bold; } td.no-go { color: #B00; font-weight: bold; }
        .note { font-size: 13px; color: #444; }
        svg.interval { display: block; margin-top: 2px; }
        """
        return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
            + "<title>Validation report: Spike S3 \(verdict)</title>\n<style>\n\(style)\n</style>\n</head>\n<body>\n"
            + body.joined(separator: "\n") + "\n</body>\n</html>\n"
    }

    /// The scenario table with, under each accuracy, its interval drawn on a 0–100 % scale with the
    /// alert-accuracy limit marked, then a candidate's fine-tuned accuracy and gap to the ideal observer.
    private static func scenarioTable(_ scenarios: ScenarioTable) -> String {
        let limit = scenarios.rows.lazy.flatMap(\.gates).first { $0.metric == CycleMetric.alertAccuracy.rawValue }?.limit
        var html = "<table id=\"scenarios\">\n<tr>" + (["scenario", "users", "cycles"] + scenarios.columns + ["result"])
            .map { "<th>\(escaped($0))</th>" }.joined() + "</tr>\n"
        for row in scenarios.rows {
            html += "<tr><td>\(escaped(row.label))<br><span class=\"note\">\(escaped(row.effort))</span></td>"
            html += "<td>\(_Format.grouped(row.users))</td><td>\(_Format.grouped(row.cycles))</td>"
            for column in scenarios.columns {
                guard let cell = row.cell(column) else { html += "<td>-</td>"; continue }
                guard let accuracy = cell.alertAccuracy else {
                    html += "<td title=\"\(escaped(cell.note ?? ""))\">\(cell.note == nil ? "-" : "not computed")</td>"
                    continue
                }
                html += "<td>\(escaped(_Format.percent(accuracy, interval: cell.interval)))"
                html += intervalBar(accuracy, interval: cell.interval, limit: limit)
                if let fineTuned = cell.fineTunedSixMonths { html += "<span class=\"note\">6 months: \(escaped(_Format.percent(fineTuned.value)))</span>" }
                if let gap = cell.gapToIdealObserver {
                    html += "<br><span class=\"note\">Δ vs ideal observer:<br>\(escaped(_Format.points(gap.value, interval: gap.interval)))</span>"
                }
                html += "</td>"
            }
            html += "<td class=\"\(row.passes ? "go" : "no-go")\">\(row.passes ? "GO" : "NO-GO")</td></tr>\n"
        }
        return html + "</table>"
    }

    /// A 120 × 12 inline SVG: the interval as a bar, the value as a dot, the limit as a red tick.
    private static func intervalBar(_ value: Double, interval: ConfidenceInterval?, limit: Double?) -> String {
        func x(_ fraction: Double) -> String { SVGDocument.number(2 + 116 * min(max(fraction, 0), 1)) }
        var svg = "<svg class=\"interval\" width=\"120\" height=\"12\" viewBox=\"0 0 120 12\" role=\"img\">"
        svg += "<line x1=\"2\" y1=\"6\" x2=\"118\" y2=\"6\" stroke=\"#DDD\" stroke-width=\"1\"/>"
        if let interval { svg += "<line x1=\"\(x(interval.low))\" y1=\"6\" x2=\"\(x(interval.high))\" y2=\"6\" stroke=\"#0072B2\" stroke-width=\"3\"/>" }
        svg += "<circle cx=\"\(x(value))\" cy=\"6\" r=\"2.5\" fill=\"#000\"/>"
        if let limit { svg += "<line x1=\"\(x(limit))\" y1=\"1\" x2=\"\(x(limit))\" y2=\"11\" stroke=\"#B00\" stroke-width=\"1\"/>" }
        return svg + "</svg>"
    }

    /// An HTML table from rows of cells (the first row is the header).
    private static func table(_ rows: [[String]], id: String) -> String {
        guard let header = rows.first else { return "" }
        var html = "<table id=\"\(id)\">\n<tr>" + header.map { "<th>\(escaped($0))</th>" }.joined() + "</tr>\n"
        for row in rows.dropFirst() {
            html += "<tr>" + row.map { cell in
                let status = cell.hasSuffix("PASS") || cell == "GO" || cell == "met" ? " class=\"go\""
                    : (cell.hasSuffix("FAIL") || cell == "NO-GO" || cell.hasSuffix("NOT MEASURED") || cell.hasPrefix("not met")
                        ? " class=\"no-go\"" : "")
                return "<td\(status)>\(escaped(cell))</td>"
            }.joined() + "</tr>\n"
        }
        return html + "</table>"
    }

    /// An SVG document for inline use: the XML namespace (a URL, though never fetched) is dropped,
    /// which HTML does not need.
    private static func inline(_ svg: String) -> String {
        svg.replacingOccurrences(of: " xmlns=\"http://www.w3.org/2000/svg\"", with: "")
    }

    /// Text escaped for HTML.
    private static func escaped(_ text: String) -> String { SVGDocument.escaped(text) }
}
