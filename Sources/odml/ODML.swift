import ArgumentParser
import OnDeviceML

/// The `odml` command-line tool: train, run, explain and validate OnDeviceML models.
@main
struct ODML: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "odml",
        abstract: "Train, run, explain and validate small on-device models.",
        version: OnDeviceMLVersion.current,
        subcommands: subcommands
    )

    /// The commands of this build: `reconcile` and `replay` need the package trait SQLite, `export`
    /// the trait Exports (all on by default).
    private static var subcommands: [any ParsableCommand.Type] {
        var commands: [any ParsableCommand.Type] = [
            InfoCommand.self, InspectCommand.self, GenerateCommand.self, ImportCommand.self, EvaluateCommand.self,
            CompareCommand.self, BanditCommand.self, ElaroCommand.self, FineTuneCommand.self, LearningCurveCommand.self, PredictCommand.self,
        ]
        #if SQLite
        commands += [ReconcileCommand.self, ReplayCommand.self]
        #endif
        commands += [ExplainCommand.self, TrainCommand.self, ValidateCommand.self]
        #if Exports
        commands.append(ExportCommand.self)
        #endif
        return commands
    }
}
