import Foundation
import ModelFiles

/// Builds a predictor from its name on the command line (`odml evaluate --model`,
/// `odml compare --models`): a built-in name, or an `.odml` file loaded through
/// `ModelKindRegistry` by its header's kind.
public enum PredictorFactory {
    /// Names known without a model file.
    public static let builtInNames = ["calendar", "rules", "oracle", "ovulation-aware"]

    /// The predictor called `name`; `dataset` gives the oracle and the ovulation-aware reference their truth.
    /// - Throws: `DatasetError.missingTruth` (oracle on data without truth), `.unknownModel`.
    public static func makePredictor(named name: String, dataset: CycleDataset) throws -> any CyclePredictor {
        switch name {
        case "calendar": return CalendarPredictor()
        case "rules": return RuleEngine()
        case "ovulation-aware": return try OvulationAwarePredictor(dataset: dataset)
        case "oracle": return try OracleEngine(dataset: dataset)
        case _ where name.hasSuffix(".odml"): return try makeModelFilePredictor(path: name)
        default: throw DatasetError.unknownModel(name: name, known: builtInNames)
        }
    }

    /// The predictor stored in the `.odml` file at `path`, chosen by the header's kind in `ModelKindRegistry`.
    /// - Throws: `ModelFileError` for an unreadable file; `DatasetError.unknownModel` for a kind
    ///   this build cannot run.
    public static func makeModelFilePredictor(path: String) throws -> any CyclePredictor {
        try makeModelFilePredictor(file: try ModelFile.read(from: URL(fileURLWithPath: path)), path: path)
    }

    /// The predictor stored in an already read model `file`, chosen by its kind in
    /// `ModelKindRegistry`; `path` names it in errors.
    /// - Throws: `ModelFileError` for malformed sections; `DatasetError.unknownModel` for a kind
    ///   this build cannot run.
    public static func makeModelFilePredictor(file: ModelFile, path: String) throws -> any CyclePredictor {
        guard let kind = ModelKindRegistry.kind(named: file.header.kind) else {
            let kinds = ModelKindRegistry.kinds.map(\.name).joined(separator: ", ")
            throw DatasetError.unknownModel(name: "\(path) (kind \(file.header.kind))", known: builtInNames + ["<file>.odml of kind \(kinds)"])
        }
        return try kind.load(file).predictor
    }
}
