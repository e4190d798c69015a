import TensorCore

/// Central-difference gradient checking for Float32 layers.
///
/// The scalar checked is `L = Σ out ⊙ dOut` (random `dOut`), accumulated in Double. With a step
/// `h = 1e-2`, the truncation error is O(h²) ≈ 1e-4 for these smooth functions of O(1) inputs and
/// Float32 rounding of `L` contributes ≈ 1e-7·|L|/h ≈ 1e-5·|L|; a tolerance of
/// `2e-3 + 1e-2·|g|` is therefore loose enough for rounding and still catches any wrong term
/// (a missing or misplaced term changes gradients by O(|g|)).
enum GradientCheck {
    static let step: Float = 1e-2

    /// Largest violation `|analytic - numeric| - (absolute + relative·|numeric|)` over `indices`
    /// of `values` (≤ 0 means every checked entry passed), for `loss` evaluated at perturbed values.
    static func worstViolation(values: [Float], analytic: [Float], indices: [Int]? = nil,
                               absolute: Double = 2e-3, relative: Double = 1e-2,
                               loss: ([Float]) throws -> Double) rethrows -> Double {
        var worst = -Double.infinity
        var perturbed = values
        for index in indices ?? Array(values.indices) {
            let original = perturbed[index]
            perturbed[index] = original + step
            let plus = try loss(perturbed)
            perturbed[index] = original - step
            let minus = try loss(perturbed)
            perturbed[index] = original
            let numeric = (plus - minus) / Double(2 * step)
            let difference = abs(Double(analytic[index]) - numeric) - (absolute + relative * abs(numeric))
            worst = max(worst, difference)
        }
        return worst
    }

    /// `Σ a ⊙ b` in Double.
    static func weightedSum(_ a: [Float], _ b: [Float]) -> Double {
        zip(a, b).reduce(0) { $0 + Double($1.0) * Double($1.1) }
    }

    /// A tensor of standard normal values from a seeded generator.
    static func random(_ shape: [Int], seed: UInt64) -> Tensor {
        var generator = SeededGenerator(seed: seed)
        return Tensor(normal: shape, using: &generator)
    }
}
