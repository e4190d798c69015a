import Foundation
import ModelFiles

/// Builds a predictor from a model file (`odml predict --model`, the app's active model; the
/// lab adds the built-in names): the file is loaded through `ModelKindRegistry` by its header's kind.
package enum PredictorFactory {
    /// The predictor stored in the `.odml` file at `path`, chosen by the header's kind in `ModelKindRegistry`.
    /// - Throws: `ModelFileError` for an unreadable file; `DatasetError.unknownModel` for a kind
    ///   this build cannot run.
    package static func makeModelFilePredictor(path: String) throws -> any CyclePredictor {
        try makeModelFilePredictor(file: try ModelFile.read(from: URL(fileURLWithPath: path)), path: path)
    }

    /// The predictor stored in an already read model `file`, chosen by its kind in
    /// `ModelKindRegistry`; `path` names it in errors.
    /// - Throws: `ModelFileError` for malformed sections; `DatasetError.unknownModel` for a kind
    ///   this build cannot run.
    package static func makeModelFilePredictor(file: ModelFile, path: String) throws -> any CyclePredictor {
        guard let kind = ModelKindRegistry.kind(named: file.header.kind) else {
            let kinds = ModelKindRegistry.kinds.map(\.name).joined(separator: ", ")
            throw DatasetError.unknownModel(name: "\(path) (kind \(file.header.kind))", known: ["<file>.odml of kind \(kinds)"])
        }
        return try kind.load(file).predictor
    }
}
