import ShifAIRuntime

/// An `odml_model`: a loaded cycle model, immutable (shared between threads).
final class ModelHandle: Handle, @unchecked Sendable {
    /// The model.
    let model: CycleModel

    /// A handle on `model`.
    init(_ model: CycleModel) {
        self.model = model
    }
}
