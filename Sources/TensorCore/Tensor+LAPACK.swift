#if canImport(Accelerate)
import Accelerate
#elseif !os(Linux)
#error("TensorCore needs BLAS and LAPACK: Accelerate on Apple platforms, OpenBLAS on Linux")
#endif

extension Tensor {
    /// Solves `A · X = B` for a symmetric positive-definite `A` by Cholesky factorisation
    /// (LAPACK `sposv`, column-major: Accelerate's on Apple platforms, OpenBLAS's on Linux). Used by
    /// the ridge-regression and bandit solvers.
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

/// `sposv` on a row-major `A` (`[N, N]`, upper triangle read) and `B` (`[N, R]`, overwritten by
/// `X`) through LAPACK's column-major entry point (Accelerate's; OpenBLAS's on Linux): the upper
/// triangle of a row-major matrix is the lower triangle of the same bytes read column-major (hence
/// `"L"`), and `B` is transposed in and out when `R > 1`, as LAPACKE's row-major entry point does.
/// Returns LAPACK's `info`.
private func _solvePositiveDefinite(order: Int, columnCount: Int,
                                    a: UnsafeMutablePointer<Float>, b: UnsafeMutablePointer<Float>) -> Int {
    if columnCount == 1 { return _columnMajorSolve(order: order, columnCount: 1, a: a, b: b) }
    var columnMajor = [Float](repeating: 0, count: order * columnCount)
    for row in 0..<order {
        for column in 0..<columnCount { columnMajor[column * order + row] = b[row * columnCount + column] }
    }
    let info = columnMajor.withUnsafeMutableBufferPointer {
        _columnMajorSolve(order: order, columnCount: columnCount, a: a, b: $0.baseAddress!)
    }
    for row in 0..<order {
        for column in 0..<columnCount { b[row * columnCount + column] = columnMajor[column * order + row] }
    }
    return info
}

/// LAPACK `sposv` with `uplo = "L"` on column-major `A` (`[N, N]`) and `B` (`[N, R]`).
private func _columnMajorSolve(order: Int, columnCount: Int, a: UnsafeMutablePointer<Float>, b: UnsafeMutablePointer<Float>) -> Int {
    var uplo = CChar(UInt8(ascii: "L"))
    #if canImport(Accelerate)
    var n = __LAPACK_int(order), rightHandSides = __LAPACK_int(columnCount), info: __LAPACK_int = 0
    var lda = __LAPACK_int(order), ldb = __LAPACK_int(order)
    sposv_(&uplo, &n, &rightHandSides, a, &lda, b, &ldb, &info)
    #else
    var n = Int32(order), rightHandSides = Int32(columnCount), info: Int32 = 0, lda = Int32(order), ldb = Int32(order)
    _OpenBLAS.functions.sposv!(&uplo, &n, &rightHandSides, a, &lda, b, &ldb, &info, 1)
    #endif
    return Int(info)
}
