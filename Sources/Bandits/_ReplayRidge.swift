/// One arm's ridge model for replay, in double precision: `A⁻¹` (starting at `I/λ`) updated by
/// Sherman–Morrison, `b = Σ r x`, `θ = A⁻¹b`. The same arithmetic as `Benchmarks/peers/obd_replay.py`
/// (kept events compared in `RejectionSamplingReplayTests`).
struct _ReplayRidge {
    private let dimension: Int
    private var inverse: [Double]
    private var target: [Double]
    private var coefficients: [Double]
    private var scratch: [Double]

    init(dimension: Int, regularization: Double) {
        self.dimension = dimension
        inverse = [Double](repeating: 0, count: dimension * dimension)
        for i in 0..<dimension { inverse[i * dimension + i] = 1 / regularization }
        target = [Double](repeating: 0, count: dimension)
        coefficients = [Double](repeating: 0, count: dimension)
        scratch = [Double](repeating: 0, count: dimension)
    }

    /// `(θᵀx, xᵀA⁻¹x)`.
    func prediction(_ x: [Double]) -> (mean: Double, variance: Double) {
        let d = dimension
        var mean = 0.0, variance = 0.0
        for i in 0..<d {
            mean += coefficients[i] * x[i]
            var row = 0.0
            for j in 0..<d { row += inverse[i * d + j] * x[j] }
            variance += x[i] * row
        }
        return (mean, max(variance, 0))
    }

    /// `A⁻¹ ← A⁻¹ − (A⁻¹x)(A⁻¹x)ᵀ / (1 + xᵀA⁻¹x)`, `b += r x`, `θ = A⁻¹b`.
    mutating func update(_ x: [Double], reward: Double) {
        let d = dimension
        var quadratic = 0.0
        for i in 0..<d {
            var row = 0.0
            for j in 0..<d { row += inverse[i * d + j] * x[j] }
            scratch[i] = row
            quadratic += x[i] * row
        }
        let denominator = 1 + quadratic
        for i in 0..<d {
            for j in 0..<d { inverse[i * d + j] -= scratch[i] * scratch[j] / denominator }
            target[i] += reward * x[i]
        }
        for i in 0..<d {
            var total = 0.0
            for j in 0..<d { total += inverse[i * d + j] * target[j] }
            coefficients[i] = total
        }
    }
}
