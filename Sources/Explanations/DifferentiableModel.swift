/// A scalar model `f: ℝⁿ → ℝ` over a flat `Float` input, given as closures, for gradient-based
/// attribution. A sequence model flattens its `[T × F]` input row-major (time step major).
///
/// The batched form lets a model evaluate all the points of an Integrated Gradients path at once
/// (one `sgemm` per layer instead of one `sgemv` per point). A model may also evaluate a whole
/// straight path itself (`pathEvaluation`), returning only the weighted sum of the gradients,
/// which is all Integrated Gradients needs.
public struct DifferentiableModel {
    /// Evaluates `pointCount` points stored row-major in `points` (`[pointCount × inputCount]`),
    /// writing `f` at each into `values` (`[pointCount]`) and `∇f` into `gradients`
    /// (`[pointCount × inputCount]`).
    package typealias BatchEvaluation = (
        _ points: UnsafeBufferPointer<Float>, _ pointCount: Int,
        _ values: UnsafeMutableBufferPointer<Float>, _ gradients: UnsafeMutableBufferPointer<Float>
    ) -> Void

    /// Evaluates the points `baseline + α_p (input − baseline)` for the given `positions` and
    /// returns `f` at each and `Σ_p weights_p ∇f` (`inputCount` values).
    package typealias PathEvaluation = (
        _ baseline: [Float], _ input: [Float], _ positions: [Float], _ weights: [Float]
    ) -> (values: [Float], weightedGradient: [Float])

    /// Length `n` of the flat input.
    package let inputCount: Int
    /// The batched evaluation.
    package let evaluate: BatchEvaluation
    /// The straight-path evaluation, when the model has a faster one than `evaluate`.
    package let evaluatePath: PathEvaluation?

    /// A model that evaluates many points per call (and, optionally, whole straight paths).
    package init(inputCount: Int, pathEvaluation: PathEvaluation? = nil, batchEvaluation: @escaping BatchEvaluation) {
        self.inputCount = inputCount
        self.evaluate = batchEvaluation
        self.evaluatePath = pathEvaluation
    }

    /// A model given as `value(x)` and `gradient(x)` (each over one flat input of `inputCount`
    /// values; `gradient` returns `inputCount` partial derivatives).
    package init(inputCount: Int, value: @escaping ([Float]) -> Float, gradient: @escaping ([Float]) -> [Float]) {
        self.inputCount = inputCount
        self.evaluatePath = nil
        self.evaluate = { points, pointCount, values, gradients in
            for point in 0..<pointCount {
                let x = Array(points[(point * inputCount)..<((point + 1) * inputCount)])
                values[point] = value(x)
                let g = gradient(x)
                for index in 0..<inputCount { gradients[point * inputCount + index] = g[index] }
            }
        }
    }
}
