/// A scalar model `f: ℝⁿ → ℝ` over a flat `Float` input, given as closures, for gradient-based
/// attribution. A sequence model flattens its `[T × F]` input row-major (time step major).
///
/// The batched form lets a model evaluate all the points of an Integrated Gradients path at once
/// (one `sgemm` per layer instead of one `sgemv` per point).
public struct DifferentiableModel {
    /// Evaluates `pointCount` points stored row-major in `points` (`[pointCount × inputCount]`),
    /// writing `f` at each into `values` (`[pointCount]`) and `∇f` into `gradients`
    /// (`[pointCount × inputCount]`).
    public typealias BatchEvaluation = (
        _ points: UnsafeBufferPointer<Float>, _ pointCount: Int,
        _ values: UnsafeMutableBufferPointer<Float>, _ gradients: UnsafeMutableBufferPointer<Float>
    ) -> Void

    /// Length `n` of the flat input.
    public let inputCount: Int
    /// The batched evaluation.
    public let evaluate: BatchEvaluation

    /// A model that evaluates many points per call.
    public init(inputCount: Int, batchEvaluation: @escaping BatchEvaluation) {
        self.inputCount = inputCount
        self.evaluate = batchEvaluation
    }

    /// A model given as `value(x)` and `gradient(x)` (each over one flat input of `inputCount`
    /// values; `gradient` returns `inputCount` partial derivatives).
    public init(inputCount: Int, value: @escaping ([Float]) -> Float, gradient: @escaping ([Float]) -> [Float]) {
        self.inputCount = inputCount
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
