import ArgumentParser
import OnDeviceML

/// The `odml` command-line tool: train, run, explain and validate OnDeviceML models.
@main
struct ODML: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "odml",
        abstract: "Train, run, explain and validate small on-device models.",
        version: OnDeviceMLVersion.current,
        subcommands: [
            InfoCommand.self,
            InspectCommand.self,
            GenerateCommand.self,
            ImportCommand.self,
            EvaluateCommand.self,
            CompareCommand.self,
            ElaroCommand.self,
            FineTuneCommand.self,
            LearningCurveCommand.self,
            PredictCommand.self,
            ReconcileCommand.self,
            ReplayCommand.self,
            ExplainCommand.self,
            TrainCommand.self,
            ValidateCommand.self,
            ExportCommand.self,
        ]
    )
}
