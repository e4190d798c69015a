import ModelFiles

/// A model-file kind this build can load: the `kind` string of the file's header, how a file of
/// that kind becomes a predictor, and how its predictor becomes a layout (built only when an
/// exporter or `odml inspect` asks). Kinds are declared once, in `ModelKindRegistry.swift`;
/// `PredictorFactory`, `odml inspect` and every exporter read them from `ModelKindRegistry`.
public struct ModelKind: Sendable, Hashable, CustomStringConvertible {
    /// The header's `kind`, for example `"cycle-gbt"`.
    public let name: String
    /// One sentence on what files of this kind hold.
    public let summary: String
    /// Reads a file of this kind (its header's kind is already checked).
    let _predictor: @Sendable (ModelFile) throws -> any CyclePredictor
    /// The computation of a predictor this kind's files hold.
    let _layout: @Sendable (any CyclePredictor) throws -> ModelLayout

    /// A kind named `name` whose files `predictor` reads and whose predictors `layout` describes.
    init(name: String, summary: String, predictor: @escaping @Sendable (ModelFile) throws -> any CyclePredictor,
         layout: @escaping @Sendable (any CyclePredictor) throws -> ModelLayout) {
        self.name = name
        self.summary = summary
        self._predictor = predictor
        self._layout = layout
    }

    /// The predictor stored in `file`, and its layout on demand.
    /// - Throws: `ModelFileError.invalidHeader` when `file` is of another kind; the kind's own
    ///   `ModelFileError` for missing, misshapen or outdated sections and properties.
    public func load(_ file: ModelFile) throws -> LoadedModel {
        guard file.header.kind == name else {
            throw ModelFileError.invalidHeader(reason: "kind is \"\(file.header.kind)\", expected \"\(name)\"")
        }
        return LoadedModel(kind: self, predictor: try _predictor(file))
    }

    public var description: String { name }

    public static func == (lhs: ModelKind, rhs: ModelKind) -> Bool { lhs.name == rhs.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A model file read through its kind: what runs it (`predictor`) and what exporters and
/// `odml inspect` read (`layout`, built from the same decoded parameters when asked).
public struct LoadedModel: Sendable {
    /// The file's kind.
    public var kind: ModelKind
    /// The predictor that runs the model.
    public var predictor: any CyclePredictor

    /// A loaded model.
    public init(kind: ModelKind, predictor: any CyclePredictor) {
        self.kind = kind
        self.predictor = predictor
    }

    /// The model's computation for exporters and `odml inspect`.
    /// - Throws: `ModelFileError` when the parameters do not form a valid computation.
    package var layout: ModelLayout {
        get throws { try kind._layout(predictor) }
    }
}
