import Elaro
import Foundation

/// Writes a small SVG line chart of cumulative regret per week for several simulation results.
public enum RegretPlot {
    /// The SVG document for `results` (one polyline per policy).
    public static func svg(_ results: [SimulationResult]) -> String {
        let width = 640.0, height = 400.0, margin = 50.0
        let maximumWeek = Double(results.map { $0.weeks.count }.max() ?? 1)
        let maximumRegret = max(results.flatMap { $0.weeks.map(\.cumulativeRegret) }.max() ?? 1, 1e-9)
        let colours = ["#1b9e77", "#d95f02", "#7570b3", "#e7298a", "#66a61e"]
        var lines = [
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">",
            "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>",
            "<text x=\"\(Int(width / 2))\" y=\"20\" text-anchor=\"middle\">Cumulative regret per parent (expected completions) by week</text>",
            "<line x1=\"\(margin)\" y1=\"\(height - margin)\" x2=\"\(width - margin)\" y2=\"\(height - margin)\" stroke=\"black\"/>",
            "<line x1=\"\(margin)\" y1=\"\(margin)\" x2=\"\(margin)\" y2=\"\(height - margin)\" stroke=\"black\"/>",
            "<text x=\"\(Int(width / 2))\" y=\"\(Int(height - 15))\" text-anchor=\"middle\">week</text>",
            "<text x=\"\(margin - 5)\" y=\"\(margin)\" text-anchor=\"end\">\(String(format: "%.1f", maximumRegret))</text>",
            "<text x=\"\(margin - 5)\" y=\"\(height - margin)\" text-anchor=\"end\">0</text>",
        ]
        for (index, result) in results.enumerated() {
            let colour = colours[index % colours.count]
            let points = result.weeks.map { week -> String in
                let x = margin + (width - 2 * margin) * Double(week.week) / maximumWeek
                let y = height - margin - (height - 2 * margin) * week.cumulativeRegret / maximumRegret
                return String(format: "%.1f,%.1f", x, y)
            }.joined(separator: " ")
            lines.append("<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"2\" points=\"\(margin),\(height - margin) \(points)\"/>")
            lines.append("<text x=\"\(width - margin + 5)\" y=\"\(margin + 16 * Double(index))\" fill=\"\(colour)\">\(result.policy.rawValue)</text>")
        }
        lines.append("</svg>")
        return lines.joined(separator: "\n") + "\n"
    }
}
