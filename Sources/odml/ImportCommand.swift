import ArgumentParser

/// `odml import`: converts real cycle data into a dataset directory.
struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Convert real cycle data (the Marquette charting cohort, or a list of period starts) into a dataset directory.",
        subcommands: [ImportFedCycleCommand.self, ImportCyclesCommand.self]
    )
}
