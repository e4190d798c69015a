#if canImport(Accelerate)
import Accelerate
#elseif os(Linux)
import CBLAS
#else
#error("TensorCore needs BLAS and LAPACK: Accelerate on Apple platforms, OpenBLAS and LAPACKE on Linux")
#endif

extension Tensor {
    /// Solves `A · X = B` for a symmetric positive-definite `A` by Cholesky factorisation
    /// (LAPACK `sposv`: LAPACKE's row-major entry point on Linux, Accelerate's column-major one on
    /// Apple platforms). Used by the ridge-regression and bandit solvers.
    ///
    /// - Parameters:
    ///   - matrix: `A`, shape `[N, N]`; only its upper triangle is read.
    ///   - rightHandSide: `B`, shape `[N]` or `[N, R]`.
    /// - Returns: `X` with the shape of `rightHandSide`.
    /// - Throws: `TensorError.notPositiveDefinite` when a leading minor is not positive,
    ///   `TensorError.shapeMismatch` on inconsistent shapes.
    public static func choleskySolve(_ matrix: Tensor, _ rightHandSide: Tensor) throws -> Tensor {
        guard matrix.rank == 2, matrix.shape[0] == matrix.shape[1] else {
            throw TensorError.shapeMismatch(operation: "choleskySolve (square matrix)", expected: [matrix.shape.first ?? 0, matrix.shape.first ?? 0], found: matrix.shape)
        }
        let order = matrix.shape[0]
        guard rightHandSide.rank == 1 || rightHandSide.rank == 2, rightHandSide.shape[0] == order else {
            throw TensorError.shapeMismatch(operation: "choleskySolve (right-hand side)", expected: [order], found: rightHandSide.shape)
        }
        let columnCount = rightHandSide.rank == 2 ? rightHandSide.shape[1] : 1
        if order == 0 { return rightHandSide }
        var factor = matrix.storage
        var solution = rightHandSide.storage
        let info = factor.withUnsafeMutableBufferPointer { pa in
            solution.withUnsafeMutableBufferPointer { pb in
                _solvePositiveDefinite(order: order, columnCount: columnCount, a: pa.baseAddress!, b: pb.baseAddress!)
            }
        }
        if info > 0 { throw TensorError.notPositiveDefinite(order: order, failingMinor: Int(info)) }
        if info < 0 { throw TensorError.lapackFailure(routine: "sposv", info: Int(info)) }
        return Tensor(uncheckedShape: rightHandSide.shape, scalars: solution)
    }
}

#if canImport(Accelerate)
/// `sposv` on a row-major `A` (`[N, N]`, upper triangle read) and `B` (`[N, R]`, overwritten by
/// `X`) through Accelerate's column-major LAPACK: the upper triangle of a row-major matrix is the
/// lower triangle of the same bytes read column-major (hence `"L"`), and `B` is transposed in and
/// out when `R > 1`, as LAPACKE does on Linux. Returns LAPACK's `info`.
private func _solvePositiveDefinite(order: Int, columnCount: Int,
                                    a: UnsafeMutablePointer<Float>, b: UnsafeMutablePointer<Float>) -> Int {
    var uplo = CChar(UInt8(ascii: "L"))
    var n = __LAPACK_int(order), rightHandSides = __LAPACK_int(columnCount), info: __LAPACK_int = 0
    var lda = __LAPACK_int(order), ldb = __LAPACK_int(order)
    if columnCount == 1 {
        sposv_(&uplo, &n, &rightHandSides, a, &lda, b, &ldb, &info)
        return Int(info)
    }
    var columnMajor = [Float](repeating: 0, count: order * columnCount)
    for row in 0..<order {
        for column in 0..<columnCount { columnMajor[column * order + row] = b[row * columnCount + column] }
    }
    sposv_(&uplo, &n, &rightHandSides, a, &lda, &columnMajor, &ldb, &info)
    for row in 0..<order {
        for column in 0..<columnCount { b[row * columnCount + column] = columnMajor[column * order + row] }
    }
    return Int(info)
}
#else
/// `sposv` on a row-major `A` (`[N, N]`, upper triangle read) and `B` (`[N, R]`, overwritten by
/// `X`) through LAPACKE's row-major entry point. Returns LAPACK's `info`.
private func _solvePositiveDefinite(order: Int, columnCount: Int,
                                    a: UnsafeMutablePointer<Float>, b: UnsafeMutablePointer<Float>) -> Int {
    Int(LAPACKE_sposv(LAPACK_ROW_MAJOR, Int8(UInt8(ascii: "U")), Int32(order), Int32(columnCount),
                      a, Int32(order), b, Int32(columnCount)))
}
#endif
