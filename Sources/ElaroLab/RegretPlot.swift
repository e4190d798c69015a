import Elaro
import SVGCharts

/// Writes a small SVG line chart of cumulative regret per week for several simulation results.
public enum RegretPlot {
    /// The SVG document for `results` (one line per policy, from 0 at week 0).
    public static func svg(_ results: [SimulationResult]) -> String {
        let maximumWeek = Double(results.map { $0.weeks.count }.max() ?? 1)
        let maximumRegret = max(results.flatMap { $0.weeks.map(\.cumulativeRegret) }.max() ?? 1, 1e-9)
        var chart = SVGLineChart(title: "Cumulative regret per parent (expected completions) by week", xTitle: "week",
                                 yTitle: "cumulative regret", xRange: 0...max(maximumWeek, 1), yRange: 0...maximumRegret)
        chart.yTicks = [(0, "0"), (maximumRegret, SVGDocument.number(maximumRegret))]
        chart.xTicks = [(0, "0"), (maximumWeek, "\(Int(maximumWeek))")]
        for (index, result) in results.enumerated() {
            let points = [(x: 0.0, y: 0.0)] + result.weeks.map { (x: Double($0.week), y: $0.cumulativeRegret) }
            chart.series.append(SVGLineSeries(name: result.policy.rawValue, color: SVGDocument.palette[index % SVGDocument.palette.count],
                                              points: points))
        }
        return chart.document
    }
}
