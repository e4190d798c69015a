import Foundation
import TensorCore

/// Naive reference implementations of TensorCore's fast paths: **test oracles only**.
///
/// Each one is the textbook loop, accumulated in `Double`, with no BLAS, no SIMD and no cleverness,
/// so that a test can compare the fast path against something obviously right. They are slow
/// (`O(n³)` matmul) and must never be used outside tests.
extension Tensor {
    /// Reference for `Tensor.matmul(_:_:into:transposeA:transposeB:alpha:beta:)`:
    /// `alpha · op(a) · op(b) + beta · c`, or `alpha · op(a) · op(b)` when `c` is `nil`.
    public static func naiveMatmul(
        _ a: Tensor, _ b: Tensor, transposeA: Bool = false, transposeB: Bool = false,
        alpha: Float = 1, beta: Float = 0, accumulatingInto c: Tensor? = nil
    ) -> Tensor {
        let opA = transposeA ? naiveTransposed(a) : a
        let opB = transposeB ? naiveTransposed(b) : b
        let m = opA.shape[0], k = opA.shape[1], n = opB.shape[1]
        precondition(opB.shape[0] == k, "naiveMatmul: \(a.shape) · \(b.shape) do not chain")
        let left = opA.scalars, right = opB.scalars
        let previous = c?.scalars ?? [Float](repeating: 0, count: m * n)
        var result = [Float](repeating: 0, count: m * n)
        for i in 0..<m {
            for j in 0..<n {
                var total = 0.0
                for p in 0..<k { total += Double(left[i * k + p]) * Double(right[p * n + j]) }
                result[i * n + j] = Float(Double(alpha) * total + Double(beta) * Double(previous[i * n + j]))
            }
        }
        return Tensor(uncheckedShape: [m, n], scalars: result)
    }

    /// Reference for `Tensor.matvec(_:_:into:transposeMatrix:alpha:beta:)`.
    public static func naiveMatvec(
        _ matrix: Tensor, _ x: Tensor, transposeMatrix: Bool = false,
        alpha: Float = 1, beta: Float = 0, accumulatingInto y: Tensor? = nil
    ) -> Tensor {
        let column = Tensor(uncheckedShape: [x.count, 1], scalars: x.scalars)
        let previous = y.map { Tensor(uncheckedShape: [$0.count, 1], scalars: $0.scalars) }
        let product = naiveMatmul(matrix, column, transposeA: transposeMatrix,
                                  alpha: alpha, beta: beta, accumulatingInto: previous)
        return Tensor(product.scalars)
    }

    /// Reference for `Tensor.addOuterProduct(_:_:alpha:)`: `a + alpha · x · yᵀ`.
    public static func naiveOuterProduct(_ x: Tensor, _ y: Tensor, alpha: Float = 1, addedTo a: Tensor) -> Tensor {
        var result = a
        for i in 0..<x.count {
            for j in 0..<y.count {
                result[i, j] = Float(Double(a[i, j]) + Double(alpha) * Double(x.scalars[i]) * Double(y.scalars[j]))
            }
        }
        return result
    }

    /// Reference for `axpy(alpha:_:)`: `y + alpha · x`.
    public static func naiveAxpy(alpha: Float, _ x: Tensor, _ y: Tensor) -> Tensor {
        let scalars = zip(x.scalars, y.scalars).map { Float(Double(alpha) * Double($0) + Double($1)) }
        return Tensor(uncheckedShape: y.shape, scalars: scalars)
    }

    /// Reference for `dot(_:)`.
    public static func naiveDot(_ x: Tensor, _ y: Tensor) -> Float {
        Float(zip(x.scalars, y.scalars).reduce(0.0) { $0 + Double($1.0) * Double($1.1) })
    }

    /// Reference for `transposed()`, by index arithmetic through the checked subscript.
    public static func naiveTransposed(_ matrix: Tensor) -> Tensor {
        let rows = matrix.shape[0], columns = matrix.shape[1]
        var result = Tensor(zeros: [columns, rows])
        for r in 0..<rows {
            for c in 0..<columns { result[c, r] = matrix[r, c] }
        }
        return result
    }

    /// Reference for `exp()`, in `Double`.
    public static func naiveExp(_ x: Tensor) -> Tensor {
        Tensor(uncheckedShape: x.shape, scalars: x.scalars.map { Float(Foundation.exp(Double($0))) })
    }

    /// Reference for `sigmoid()`: `1 / (1 + e^-x)` in `Double`.
    public static func naiveSigmoid(_ x: Tensor) -> Tensor {
        Tensor(uncheckedShape: x.shape, scalars: x.scalars.map { Float(1 / (1 + Foundation.exp(-Double($0)))) })
    }

    /// Reference for `softmax()` along the last axis, in `Double` with the max subtracted.
    public static func naiveSoftmax(_ x: Tensor) -> Tensor {
        naiveRowwise(x) { row in
            let maximum = row.max() ?? 0
            let exponentials = row.map { Foundation.exp($0 - maximum) }
            let total = exponentials.reduce(0, +)
            return exponentials.map { $0 / total }
        }
    }

    /// Reference for `logSoftmax()` along the last axis, in `Double`.
    public static func naiveLogSoftmax(_ x: Tensor) -> Tensor {
        naiveRowwise(x) { row in
            let maximum = row.max() ?? 0
            let logTotal = Foundation.log(row.reduce(0) { $0 + Foundation.exp($1 - maximum) }) + maximum
            return row.map { $0 - logTotal }
        }
    }

    /// Reference for `sum(alongAxis:)`, by walking every multi-index.
    public static func naiveSum(_ x: Tensor, alongAxis axis: Int) -> Tensor {
        var resultShape = x.shape
        resultShape.remove(at: axis)
        var result = [Double](repeating: 0, count: Tensor.elementCount(of: resultShape))
        for flat in 0..<x.count {
            var remainder = flat
            var index = [Int](repeating: 0, count: x.rank)
            for dimension in stride(from: x.rank - 1, through: 0, by: -1) {
                index[dimension] = remainder % x.shape[dimension]
                remainder /= x.shape[dimension]
            }
            index.remove(at: axis)
            var target = 0
            for (dimension, value) in index.enumerated() { target = target * resultShape[dimension] + value }
            result[target] += Double(x.scalars[flat])
        }
        return Tensor(uncheckedShape: resultShape, scalars: result.map { Float($0) })
    }

    /// Reference solve of `A · X = B` by Gaussian elimination with partial pivoting in `Double`
    /// (for `choleskySolve`); `B` is `[N]` or `[N, R]`.
    public static func naiveSolve(_ a: Tensor, _ b: Tensor) -> Tensor {
        let order = a.shape[0]
        let columns = b.rank == 2 ? b.shape[1] : 1
        var matrix = a.scalars.map(Double.init)
        var rightHandSide = b.scalars.map(Double.init)
        for pivotColumn in 0..<order {
            let pivotRow = (pivotColumn..<order).max { abs(matrix[$0 * order + pivotColumn]) < abs(matrix[$1 * order + pivotColumn]) }!
            if pivotRow != pivotColumn {
                for c in 0..<order { matrix.swapAt(pivotRow * order + c, pivotColumn * order + c) }
                for c in 0..<columns { rightHandSide.swapAt(pivotRow * columns + c, pivotColumn * columns + c) }
            }
            let pivot = matrix[pivotColumn * order + pivotColumn]
            for row in (pivotColumn + 1)..<order {
                let factor = matrix[row * order + pivotColumn] / pivot
                for c in pivotColumn..<order { matrix[row * order + c] -= factor * matrix[pivotColumn * order + c] }
                for c in 0..<columns { rightHandSide[row * columns + c] -= factor * rightHandSide[pivotColumn * columns + c] }
            }
        }
        for row in stride(from: order - 1, through: 0, by: -1) {
            for c in 0..<columns {
                var value = rightHandSide[row * columns + c]
                for k in (row + 1)..<order { value -= matrix[row * order + k] * rightHandSide[k * columns + c] }
                rightHandSide[row * columns + c] = value / matrix[row * order + row]
            }
        }
        return Tensor(uncheckedShape: b.shape, scalars: rightHandSide.map { Float($0) })
    }

    private static func naiveRowwise(_ x: Tensor, _ body: ([Double]) -> [Double]) -> Tensor {
        let width = x.shape.last ?? 1
        guard width > 0 else { return x }
        var scalars: [Float] = []
        for start in stride(from: 0, to: x.count, by: width) {
            scalars += body(x.scalars[start..<(start + width)].map(Double.init)).map { Float($0) }
        }
        return Tensor(uncheckedShape: x.shape, scalars: scalars)
    }
}
