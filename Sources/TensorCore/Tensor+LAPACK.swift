import CBLAS

extension Tensor {
    /// Solves `A · X = B` for a symmetric positive-definite `A` by Cholesky factorisation
    /// (LAPACK `sposv`). Used by the ridge-regression and bandit solvers.
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
                LAPACKE_sposv(LAPACK_ROW_MAJOR, Int8(UInt8(ascii: "U")), Int32(order), Int32(columnCount),
                              pa.baseAddress!, Int32(order), pb.baseAddress!, Int32(columnCount))
            }
        }
        if info > 0 { throw TensorError.notPositiveDefinite(order: order, failingMinor: Int(info)) }
        if info < 0 { throw TensorError.lapackFailure(routine: "sposv", info: Int(info)) }
        return Tensor(uncheckedShape: rightHandSide.shape, scalars: solution)
    }
}
