import Foundation

/// The package's one scalar softmax, for rows of `Double` or `Float` in plain loops: the bandits'
/// action distributions, the boosted trees' class probabilities and multiclass loss, the
/// network's cross-entropy and the cycle predictors' class distributions.
///
///     p_i = e^((x_i − m) / τ) / Σ_j e^((x_j − m) / τ),   m = max_j x_j
///
/// The shift by the largest value keeps every exponential in (0, 1], so inputs of any magnitude
/// stay finite; the sum is accumulated in index order and the exponential is the platform's
/// (`Foundation.exp`), so a row gives the same bits wherever it is computed. NaN inputs are
/// skipped by the maximum and propagate through the sum. `Tensor.softmax()` and
/// `VectorMath.softmax` are the vectorised `Float` kernels for tensors (a polynomial `expf`,
/// relative error below `1.5e-7`).
@usableFromInline package enum Softmax {
    /// The shift `m` (largest value; `-∞` for an empty row) and the normaliser
    /// `Σ e^((x − m) / τ)` of `count` values, without writing anything.
    @inlinable
    package static func normalizer<Scalar: SoftmaxScalar>(_ input: UnsafePointer<Scalar>, count: Int,
                                                          temperature: Scalar = 1) -> (maximum: Scalar, total: Scalar) {
        let maximum = largest(input, count: count)
        var total: Scalar = 0
        for index in 0..<count { total += Scalar.exponential((input[index] - maximum) / temperature) }
        return (maximum, total)
    }

    /// Writes the softmax of `count` values of `input` into `output` (which may be `input`) and
    /// returns its shift and normaliser (`log(total) + maximum` is the row's log-sum-exp).
    @inlinable @discardableResult
    package static func normalize<Scalar: SoftmaxScalar>(_ input: UnsafePointer<Scalar>, into output: UnsafeMutablePointer<Scalar>,
                                                         count: Int, temperature: Scalar = 1) -> (maximum: Scalar, total: Scalar) {
        let maximum = largest(input, count: count)
        var total: Scalar = 0
        for index in 0..<count {
            let weight = Scalar.exponential((input[index] - maximum) / temperature)
            output[index] = weight
            total += weight
        }
        for index in 0..<count { output[index] /= total }
        return (maximum, total)
    }

    /// The softmax of `values`, in place.
    @inlinable
    package static func normalize<Scalar: SoftmaxScalar>(_ values: UnsafeMutableBufferPointer<Scalar>, temperature: Scalar = 1) {
        guard let base = values.baseAddress else { return }
        normalize(base, into: base, count: values.count, temperature: temperature)
    }

    /// The softmax of `values` as a new array.
    @inlinable
    package static func probabilities<Scalar: SoftmaxScalar>(_ values: [Scalar], temperature: Scalar = 1) -> [Scalar] {
        var result = values
        result.withUnsafeMutableBufferPointer { normalize($0, temperature: temperature) }
        return result
    }

    /// The largest of `count` values (`-∞` when empty or all NaN).
    @inlinable
    static func largest<Scalar: SoftmaxScalar>(_ input: UnsafePointer<Scalar>, count: Int) -> Scalar {
        var maximum = -Scalar.infinity
        for index in 0..<count where input[index] > maximum { maximum = input[index] }
        return maximum
    }
}
