import ShifAIRuntime

/// The JSON of `odml_model_describe`: what a loaded model is.
struct ModelDescription: Encodable {
    /// The model kind (`cycle-gbt`, …).
    let kind: String
    /// Whether it is her personal model (a kept fine-tuning).
    let personal: Bool
    /// The predictor's name, the reports' `model` (`gbt`, `lstm`, `rules`, …).
    let predictor: String
    /// The path or built-in name it was loaded from.
    let source: String
    /// `<kind>@<checksum>`, what `predictions.model_version` records.
    let version: String

    /// The description of `model`.
    init(_ model: CycleModel) {
        kind = model.kind
        personal = model.record?.kept ?? false
        predictor = model.predictor.name
        source = model.source
        version = model.version
    }
}
