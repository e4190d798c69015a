extension ValidationReport {
    /// `report.md`: the verdict, the side-by-side table, the gates with how each was measured,
    /// and the charts.
    public var markdown: String {
        func table(_ rows: [[String]]) -> [String] {
            guard let header = rows.first else { return [] }
            let escaped = rows.map { $0.map { $0.replacingOccurrences(of: "|", with: "\\|") } }
            return ["| " + escaped[0].joined(separator: " | ") + " |", "|" + header.map { _ in "---" }.joined(separator: "|") + "|"]
                + escaped.dropFirst().map { "| " + $0.joined(separator: " | ") + " |" }
        }
        var lines = ["# Validation report: \(verdict)", "", summaryLine, "", dataLine, ""]
        lines.append("## Models side by side")
        lines.append("")
        lines += table(modelTable)
        lines.append("")
        lines.append("Rules is the Phase 1 baseline; the oracle is the causal ceiling (it knows each user's latent "
                     + "parameters and whether ovulation has happened, never the future). Intervals are 95 % percentile "
                     + "bootstrap intervals resampling users.")
        lines.append("")
        lines.append("## Gates")
        lines.append("")
        var gateRows = gateTable
        gateRows[0].append("how it was measured")
        for (index, gate) in gates.enumerated() { gateRows[index + 1].append(gate.method) }
        lines += table(gateRows)
        lines.append("")
        lines.append("The alert-accuracy gate passes only when the lower end of the 95 % interval reaches the limit, "
                     + "not the point estimate. A gate that was not measured counts as NO-GO.")
        lines.append("")
        lines.append("## Charts")
        lines.append("")
        lines.append("![Accuracy by cycle day](accuracy-by-cycle-day.svg)")
        lines.append("")
        lines.append("![Learning curve](learning-curve.svg)")
        lines.append("")
        lines.append("![Latency](latency.svg)")
        lines.append("")
        return lines.joined(separator: "\n")
    }
}
