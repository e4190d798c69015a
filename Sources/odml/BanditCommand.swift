import ArgumentParser

/// `odml bandit`: off-policy evaluation and replay on any logged bandit data.
struct BanditCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bandit",
        abstract: "Evaluate policies off-policy on logged bandit decisions (CSV or decision-log JSON Lines).",
        subcommands: [BanditOPECommand.self, BanditReplayCommand.self]
    )
}
