import ModelFiles

/// A model-file kind this build can load: the `kind` string of the file's header, and how a file of
/// that kind becomes a predictor and a layout. Kinds are declared once, in `ModelKindRegistry.swift`;
/// `PredictorFactory`, `odml inspect` and every exporter read them from `ModelKindRegistry`.
public struct ModelKind: Sendable, Hashable, CustomStringConvertible {
    /// The header's `kind`, for example `"cycle-gbt"`.
    public let name: String
    /// One sentence on what files of this kind hold.
    public let summary: String
    /// Reads a file of this kind (its header's kind is already checked).
    let _load: @Sendable (ModelFile) throws -> LoadedModel

    /// A kind named `name` whose files `load` reads.
    init(name: String, summary: String, load: @escaping @Sendable (ModelFile) throws -> LoadedModel) {
        self.name = name
        self.summary = summary
        self._load = load
    }

    /// The predictor and layout stored in `file`.
    /// - Throws: `ModelFileError.invalidHeader` when `file` is of another kind; the kind's own
    ///   `ModelFileError` for missing, misshapen or outdated sections and properties.
    public func load(_ file: ModelFile) throws -> LoadedModel {
        guard file.header.kind == name else {
            throw ModelFileError.invalidHeader(reason: "kind is \"\(file.header.kind)\", expected \"\(name)\"")
        }
        return try _load(file)
    }

    public var description: String { name }

    public static func == (lhs: ModelKind, rhs: ModelKind) -> Bool { lhs.name == rhs.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

/// A model file read through its kind: what runs it (`predictor`) and what exporters and
/// `odml inspect` read (`layout`), both from the same decoded parameters.
public struct LoadedModel: Sendable {
    /// The file's kind.
    public var kind: ModelKind
    /// The predictor that runs the model.
    public var predictor: any CyclePredictor
    /// The model's computation for exporters and `odml inspect`.
    public var layout: ModelLayout

    /// A loaded model.
    public init(kind: ModelKind, predictor: any CyclePredictor, layout: ModelLayout) {
        self.kind = kind
        self.predictor = predictor
        self.layout = layout
    }
}
