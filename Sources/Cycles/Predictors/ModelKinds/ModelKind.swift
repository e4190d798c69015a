import ModelFiles

/// A model-file kind this build can load: the `kind` string of the file's header, the model's
/// name (what its predictor, the CLI and the reports call it) and how a file of that kind becomes a
/// predictor. Kinds are declared once, in `ModelKindRegistry.swift`; `PredictorFactory`, the
/// loop's built-in models, `odml inspect` and every exporter read them from `ModelKindRegistry`.
package struct ModelKind: Sendable, Hashable, CustomStringConvertible {
    /// The header's `kind`, for example `"cycle-gbt"`.
    package let name: String
    /// The model's name: `CyclePredictor.name`, `odml --model`, the reports (for example `"gbt"`).
    package let modelName: String
    /// One sentence on what files of this kind hold.
    package let summary: String
    /// Reads a file of this kind (its header's kind is already checked).
    let _predictor: @Sendable (ModelFile) throws -> any CyclePredictor

    /// A kind named `name` whose model is called `modelName` and whose files `predictor` reads.
    init(name: String, modelName: String, summary: String, predictor: @escaping @Sendable (ModelFile) throws -> any CyclePredictor) {
        self.name = name
        self.modelName = modelName
        self.summary = summary
        self._predictor = predictor
    }

    /// The predictor stored in `file`.
    /// - Throws: `ModelFileError.invalidHeader` when `file` is of another kind; the kind's own
    ///   `ModelFileError` for missing, misshapen or outdated sections and properties.
    package func load(_ file: ModelFile) throws -> LoadedModel {
        guard file.header.kind == name else {
            throw ModelFileError.invalidHeader(reason: "kind is \"\(file.header.kind)\", expected \"\(name)\"")
        }
        return LoadedModel(kind: self, predictor: try _predictor(file))
    }

    package var description: String { name }

    package static func == (lhs: ModelKind, rhs: ModelKind) -> Bool { lhs.name == rhs.name }

    package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A model file read through its kind: what runs it (`predictor`); exporters and `odml inspect`
/// read its layout (the lab's `ModelLayout(_:)`, built from the same decoded parameters).
package struct LoadedModel: Sendable {
    /// The file's kind.
    package var kind: ModelKind
    /// The predictor that runs the model.
    package var predictor: any CyclePredictor

    /// A loaded model.
    package init(kind: ModelKind, predictor: any CyclePredictor) {
        self.kind = kind
        self.predictor = predictor
    }
}
