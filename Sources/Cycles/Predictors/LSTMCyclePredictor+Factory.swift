import Foundation
import ModelFiles

extension PredictorFactory {
    /// The predictor stored in the `.odml` file at `path`, chosen by the header's kind
    /// (`cycle-lstm` today; other kinds add a case here).
    /// - Throws: `ModelFileError` for an unreadable file; `DatasetError.unknownModel` for a kind
    ///   this build cannot run.
    public static func makeModelFilePredictor(path: String) throws -> any CyclePredictor {
        let file = try ModelFile.read(from: URL(fileURLWithPath: path))
        switch file.header.kind {
        case LSTMCyclePredictor.modelKind: return try LSTMCyclePredictor(modelFile: file)
        case GBTCyclePredictor.modelFileKind: return try GBTCyclePredictor(modelFile: file)
        default: throw DatasetError.unknownModel(name: "\(path) (kind \(file.header.kind))", known: builtInNames + ["<file>.odml of kind \(LSTMCyclePredictor.modelKind) or \(GBTCyclePredictor.modelFileKind)"])
        }
    }
}
