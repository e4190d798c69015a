import ArgumentParser
import Foundation
import OnDeviceML

/// `odml elaro recommend`: today's picks for a saved parent state.
struct ElaroRecommendCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "recommend",
        abstract: "Recommend today's actions, with reasons, for a parent state file."
    )

    @Option(help: "Parent state JSON (profile, today, history).")
    var state: String

    @Option(help: "Language of titles and explanations (fr, en, or with a region: fr-FR, en-US).")
    var lang: Language = .en

    @Option(help: "Seed of the exploration layer that draws the first pick.")
    var seed: UInt64 = 1

    @OptionGroup var output: JSONOutputOptions

    func validate() throws {
        try ArgumentCheck.existingPath(state, option: "--state", what: "parent state file")
    }

    func run() throws {
        let library = try ActionLibrary.bundled()
        let parent = try ParentState.load(contentsOf: URL(fileURLWithPath: state))
        let language = lang
        let recommendation = try parent.recommendation(library: library, language: language, seed: seed)
        if output.json {
            try JSONOutput.print(recommendation)
            return
        }
        if let reason = recommendation.emptyReason {
            print(reason)
            return
        }
        for (rank, pick) in recommendation.picks.enumerated() {
            print("\(rank + 1). \(pick.title) (\(pick.variantMinutes) min, \(pick.focusArea.name(in: language))) score \(String(format: "%.3f", pick.score))")
            print("   \(pick.whySummary)")
            print("   " + pick.reasons.map { "\($0.reason.rawValue) \(String(format: "%+.3f", $0.contribution))" }.joined(separator: ", "))
        }
    }
}
