/// Inverse of a small symmetric positive-definite matrix by Cholesky, in double precision, in
/// plain loops over storage allocated once.
///
///     A = L Lᵀ,   W = L⁻¹ (row by row),   A⁻¹ = Wᵀ W
///
/// About `k³/2` multiply-adds. For the orders of bandit models (`k ≲ 40`) this beats a LAPACK
/// call (`sposv` plus its `Tensor` allocations) several times over and allocates nothing, which
/// is what keeps a forgetting update under 10 µs. `Tensor.choleskySolve(A, I)` is the reference
/// it is tested against.
struct _CholeskyInverse: Sendable, Equatable {
    /// Order `k` of the matrices.
    let order: Int
    private var triangle: [Double]   // L, then W = L⁻¹ (lower triangle, row-major k×k)
    private var row: [Double]        // one row of W while it is being solved
    private var inverse: [Double]    // A⁻¹, full, row-major k×k

    init(order: Int) {
        self.order = order
        triangle = [Double](repeating: 0, count: order * order)
        row = [Double](repeating: 0, count: order)
        inverse = [Double](repeating: 0, count: order * order)
    }

    /// Inverts `matrix` (row-major `k×k`; only its lower triangle is read) and writes `A⁻¹` into
    /// `result`. Returns `false`, leaving `result` untouched, when a pivot is not positive.
    mutating func invert(_ matrix: UnsafePointer<Float>, into result: UnsafeMutablePointer<Float>) -> Bool {
        let k = order
        let succeeded = triangle.withUnsafeMutableBufferPointer { t -> Bool in
            row.withUnsafeMutableBufferPointer { r -> Bool in
                inverse.withUnsafeMutableBufferPointer { c -> Bool in
                    Self.invert(matrix, order: k, triangle: t.baseAddress!, row: r.baseAddress!, inverse: c.baseAddress!)
                }
            }
        }
        guard succeeded else { return false }
        inverse.withUnsafeBufferPointer { c in
            for index in 0..<(k * k) { result[index] = Float(c[index]) }
        }
        return true
    }

    /// `output = A⁻¹ · vector` with the last successful inverse, accumulated in double precision.
    func multiply(_ vector: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>) {
        let k = order
        inverse.withUnsafeBufferPointer { c in
            for i in 0..<k {
                var total = 0.0
                for j in 0..<k { total += c[i * k + j] * Double(vector[j]) }
                output[i] = Float(total)
            }
        }
    }

    // Row base pointers and wrapping index arithmetic keep the inner loops free of overflow
    // checks, so that the `axpy`-shaped loops of steps 2 and 3 vectorize.
    private static func invert(_ a: UnsafePointer<Float>, order k: Int, triangle t: UnsafeMutablePointer<Double>,
                               row r: UnsafeMutablePointer<Double>, inverse c: UnsafeMutablePointer<Double>) -> Bool {
        // 1. L, row by row: L[i][j] = (A[i][j] − Σ_{p<j} L[i][p] L[j][p]) / L[j][j].
        for i in 0..<k {
            let rowA = a + i &* k, rowI = t + i &* k
            for j in 0..<i {
                let rowJ = t + j &* k
                var sum = Double(rowA[j])
                for p in 0..<j { sum -= rowI[p] * rowJ[p] }
                rowI[j] = sum / rowJ[j]
            }
            var diagonal = Double(rowA[i])
            for p in 0..<i { diagonal -= rowI[p] * rowI[p] }
            guard diagonal > 0, diagonal.isFinite else { return false }
            rowI[i] = diagonal.squareRoot()
        }
        // 2. W = L⁻¹ in place, row by row: W[i] = (e_i − Σ_{p<i} L[i][p] W[p]) / L[i][i].
        for i in 0..<k {
            let rowI = t + i &* k
            for j in 0..<(i &+ 1) { r[j] = 0 }
            r[i] = 1
            for p in 0..<i {
                let coefficient = rowI[p], rowP = t + p &* k
                for j in 0..<(p &+ 1) { r[j] -= coefficient * rowP[j] }
            }
            let pivot = 1 / rowI[i]
            for j in 0..<(i &+ 1) { rowI[j] = r[j] * pivot }
        }
        // 3. A⁻¹ = Wᵀ W: (A⁻¹)[i][j] = Σ_p W[p][i] W[p][j], lower triangle, then mirrored.
        for index in 0..<(k &* k) { c[index] = 0 }
        for p in 0..<k {
            let rowP = t + p &* k
            for i in 0..<(p &+ 1) {
                let coefficient = rowP[i], rowC = c + i &* k
                for j in 0..<(i &+ 1) { rowC[j] += coefficient * rowP[j] }
            }
        }
        for i in 0..<k {
            for j in 0..<i { c[j &* k &+ i] = c[i &* k &+ j] }
        }
        return true
    }
}
