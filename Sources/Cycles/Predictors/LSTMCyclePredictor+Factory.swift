import Foundation
import ModelFiles

extension PredictorFactory {
    /// The predictor stored in the `.odml` file at `path`, chosen by the header's kind
    /// (see `makeModelFilePredictor(file:path:)`).
    /// - Throws: `ModelFileError` for an unreadable file; `DatasetError.unknownModel` for a kind
    ///   this build cannot run.
    public static func makeModelFilePredictor(path: String) throws -> any CyclePredictor {
        try makeModelFilePredictor(file: try ModelFile.read(from: URL(fileURLWithPath: path)), path: path)
    }

    /// The predictor stored in an already read model `file` (`cycle-lstm`, `cycle-gbt`; other
    /// kinds add a case here); `path` names it in errors.
    /// - Throws: `ModelFileError` for malformed sections; `DatasetError.unknownModel` for a kind
    ///   this build cannot run.
    public static func makeModelFilePredictor(file: ModelFile, path: String) throws -> any CyclePredictor {
        switch file.header.kind {
        case LSTMCyclePredictor.modelKind: return try LSTMCyclePredictor(modelFile: file)
        case GBTCyclePredictor.modelFileKind: return try GBTCyclePredictor(modelFile: file)
        default: throw DatasetError.unknownModel(name: "\(path) (kind \(file.header.kind))", known: builtInNames + ["<file>.odml of kind \(LSTMCyclePredictor.modelKind) or \(GBTCyclePredictor.modelFileKind)"])
        }
    }
}
