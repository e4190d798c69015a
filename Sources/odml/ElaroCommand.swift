import ArgumentParser

/// `odml elaro`: the Elaro recommender's simulator, recommendations and off-policy evaluation.
struct ElaroCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "elaro",
        abstract: "Simulate, run and evaluate the Elaro daily action recommender.",
        subcommands: [ElaroSimulateCommand.self, ElaroRecommendCommand.self, ElaroOPECommand.self]
    )
}
