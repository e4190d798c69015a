import TensorCore

/// Gradient clipping by global norm (as `torch.nn.utils.clip_grad_norm_`).
public enum GradientClipping {
    /// Scales every gradient of `model` by `min(1, maximumNorm / ‖g‖)` where `‖g‖` is the L2
    /// norm of all gradients together. Returns `‖g‖` before clipping.
    @discardableResult
    public static func clipByGlobalNorm(_ model: inout some Layer, maximumNorm: Float) -> Float {
        var squared: Double = 0
        model.visitParameters(prefix: "") { _, _, gradient in
            gradient.withUnsafeBufferPointer { g in for value in g { squared += Double(value) * Double(value) } }
        }
        let norm = Float(squared.squareRoot())
        guard norm > maximumNorm, norm > 0 else { return norm }
        let scale = maximumNorm / norm
        model.visitParameters(prefix: "") { _, _, gradient in gradient.scale(by: scale) }
        return norm
    }
}
