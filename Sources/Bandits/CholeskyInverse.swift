/// Inverse of a small symmetric positive-definite matrix by Cholesky, in double precision, in
/// plain loops over storage allocated once.
///
///     A = L Lᵀ,   W = L⁻¹ (row by row),   A⁻¹ = Wᵀ W
///
/// About `k³/2` multiply-adds. For the orders of bandit models (`k ≲ 40`) this beats a LAPACK
/// call (`sposv` plus its `Tensor` allocations) several times over and allocates nothing, which
/// is what keeps a forgetting update under 10 µs. `Tensor.choleskySolve(A, I)` is the reference
/// it is tested against.
///
/// Every loop is an `axpy` over contiguous storage, so that it vectorizes without reassociating
/// a sum: `L` is built column by column (left-looking, stored as `Lᵀ` row-major) and each entry
/// still subtracts its products in the textbook order `p = 0, 1, …` and is divided by its pivot,
/// so the factor equals the row-oriented dot-product form bit for bit (tested).
///
/// This is the bandits' one Cholesky: the inverses of the ridge and hybrid models, the per-arm
/// inverses of the hybrid model, and (`semidefiniteFactor`) the posterior factor that linear
/// Thompson sampling draws through.
struct _CholeskyInverse: Sendable, Equatable {
    /// Order `k` of the matrices.
    let order: Int
    private var factor: [Double]     // Lᵀ (upper triangle, row-major k×k): row j is column j of L
    private var triangle: [Double]   // W = L⁻¹ (lower triangle, row-major k×k)
    private var inverse: [Double]    // A⁻¹, full, row-major k×k
    private var product: [Double]    // W · vector, then Wᵀ W · vector, in `solve`

    init(order: Int) {
        self.order = order
        factor = [Double](repeating: 0, count: order * order)
        triangle = [Double](repeating: 0, count: order * order)
        inverse = [Double](repeating: 0, count: order * order)
        product = [Double](repeating: 0, count: 2 * order)
    }

    /// Inverts `matrix` (row-major `k×k`; only its lower triangle is read) and writes `A⁻¹` into
    /// `result`. Returns `false`, leaving `result` untouched, when a pivot is not positive.
    mutating func invert(_ matrix: UnsafePointer<Float>, into result: UnsafeMutablePointer<Float>) -> Bool {
        guard factorize(matrix) else { return false }
        let k = order
        triangle.withUnsafeBufferPointer { t in
            inverse.withUnsafeMutableBufferPointer { c in Self.multiplyOut(order: k, triangle: t.baseAddress!, inverse: c.baseAddress!) }
        }
        inverse.withUnsafeBufferPointer { c in
            for index in 0..<(k * k) { result[index] = Float(c[index]) }
        }
        return true
    }

    /// Factorizes `matrix` (lower triangle read) and writes `W = L⁻¹` (row-major `k×k`, zeros above
    /// the diagonal), so that `A⁻¹ = WᵀW` and `xᵀA⁻¹x = ‖Wx‖²`: two thirds of the work of `invert`.
    /// Returns `false`, leaving `result` untouched, when a pivot is not positive.
    mutating func invertFactor(_ matrix: UnsafePointer<Float>, into result: UnsafeMutablePointer<Float>) -> Bool {
        guard factorize(matrix) else { return false }
        let k = order
        triangle.withUnsafeBufferPointer { t in
            for i in 0..<k {
                for j in 0...i { result[i &* k &+ j] = Float(t[i &* k &+ j]) }
                for j in (i &+ 1)..<k { result[i &* k &+ j] = 0 }
            }
        }
        return true
    }

    /// `output = A⁻¹ · vector` with the last successful `invert`, accumulated in double precision.
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

    /// `output = Wᵀ(W · vector) = A⁻¹ · vector` with the last successful `invert` or
    /// `invertFactor`, in double precision.
    mutating func solve(_ vector: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>) {
        let k = order
        triangle.withUnsafeBufferPointer { t in
            product.withUnsafeMutableBufferPointer { scratch in
                for i in 0..<k {
                    var total = 0.0
                    for j in 0...i { total += t[i &* k &+ j] * Double(vector[j]) }
                    scratch[i] = total
                }
                // Wᵀ · (W v) row by row of W (an `axpy` per row, the same sums in the same order as
                // the column dot products Σ_{p≥i} W[p][i] (Wv)[p]).
                for i in 0..<k { scratch[k &+ i] = 0 }
                for p in 0..<k {
                    let coefficient = scratch[p], rowP = t.baseAddress! + p &* k, sums = scratch.baseAddress! + k
                    for i in 0..<(p &+ 1) { sums[i] += coefficient * rowP[i] }
                }
                for i in 0..<k { output[i] = Float(scratch[k &+ i]) }
            }
        }
    }

    /// `A⁻¹` of a symmetric positive-definite `matrix` (row-major `k×k`, lower triangle read),
    /// or `nil` when a pivot is not positive.
    static func inverse(of matrix: [Float], order k: Int) -> [Float]? {
        guard k > 0 else { return [] }
        var workspace = _CholeskyInverse(order: k)
        var result = [Float](repeating: 0, count: k * k)
        let inverted = matrix.withUnsafeBufferPointer { a in
            result.withUnsafeMutableBufferPointer { workspace.invert(a.baseAddress!, into: $0.baseAddress!) }
        }
        return inverted ? result : nil
    }

    /// The lower Cholesky factor `L` of a symmetric positive semi-definite `matrix` (row-major
    /// `k×k`, read as `(A + Aᵀ)/2`), returned as `Lᵀ` row-major (`L[i][j]` at `[j·k + i]`), in
    /// double precision. A pivot that rounding leaves at or below 0 is clamped to 0, and so is the
    /// rest of its column, so a singular matrix still gives a factor with `LLᵀ ≈ A`.
    static func semidefiniteFactor(_ matrix: [Float], order k: Int) -> [Double] {
        var result = [Double](repeating: 0, count: k * k)
        guard k > 0 else { return result }
        matrix.withUnsafeBufferPointer { a in
            result.withUnsafeMutableBufferPointer { u in
                _ = factorColumns(a.baseAddress!, order: k, factor: u.baseAddress!, semidefinite: true)
            }
        }
        return result
    }

    /// Steps 1 and 2 into `factor` and `triangle`; `false` when a pivot is not positive.
    private mutating func factorize(_ matrix: UnsafePointer<Float>) -> Bool {
        let k = order
        return factor.withUnsafeMutableBufferPointer { u -> Bool in
            triangle.withUnsafeMutableBufferPointer { t -> Bool in
                Self.factorize(matrix, order: k, factor: u.baseAddress!, triangle: t.baseAddress!)
            }
        }
    }

    /// Step 1, `L` column by column into `u` (row `j` of `u` is column `j` of `L`, so `u = Lᵀ`):
    ///
    ///     L[i][j] = (A[i][j] − Σ_{p<j} L[i][p] L[j][p]) / L[j][j],  L[j][j] = √(A[j][j] − Σ_{p<j} L[j][p]²)
    ///
    /// Positive definite (`semidefinite == false`): the lower triangle of `A` is read and a pivot
    /// that is not positive and finite stops it (`false`). Semidefinite: `A` is read as
    /// `(A + Aᵀ)/2` and a pivot at or below 0 is clamped to 0, with the rest of its column.
    private static func factorColumns(_ a: UnsafePointer<Float>, order k: Int, factor u: UnsafeMutablePointer<Double>,
                                      semidefinite: Bool) -> Bool {
        for j in 0..<k {
            let column = u + j &* k
            if semidefinite {
                for i in j..<k { column[i] = 0.5 * (Double(a[i &* k &+ j]) + Double(a[j &* k &+ i])) }
            } else {
                for i in j..<k { column[i] = Double(a[i &* k &+ j]) }
            }
            for p in 0..<j {
                let previous = u + p &* k, coefficient = previous[j]
                for i in j..<k { column[i] -= coefficient * previous[i] }
            }
            let diagonal = column[j]
            if semidefinite {
                let pivot = diagonal > 0 ? diagonal.squareRoot() : 0
                column[j] = pivot
                for i in (j &+ 1)..<k { column[i] = pivot > 0 ? column[i] / pivot : 0 }
                continue
            }
            guard diagonal > 0, diagonal.isFinite else { return false }
            let pivot = diagonal.squareRoot()
            column[j] = pivot
            for i in (j &+ 1)..<k { column[i] /= pivot }
        }
        return true
    }

    // Row base pointers and wrapping index arithmetic keep the inner loops free of overflow
    // checks, so that the `axpy`-shaped loops vectorize.
    private static func factorize(_ a: UnsafePointer<Float>, order k: Int, factor u: UnsafeMutablePointer<Double>,
                                  triangle t: UnsafeMutablePointer<Double>) -> Bool {
        // 1. L, column by column (row j of u = Lᵀ).
        guard factorColumns(a, order: k, factor: u, semidefinite: false) else { return false }
        // 2. W = L⁻¹, row by row: W[i] = (e_i − Σ_{p<i} L[i][p] W[p]) / L[i][i].
        for i in 0..<k {
            let rowI = t + i &* k
            for j in 0..<(i &+ 1) { rowI[j] = 0 }
            rowI[i] = 1
            for p in 0..<i {
                let coefficient = u[p &* k &+ i], rowP = t + p &* k
                for j in 0..<(p &+ 1) { rowI[j] -= coefficient * rowP[j] }
            }
            let pivot = 1 / u[i &* k &+ i]
            for j in 0..<(i &+ 1) { rowI[j] *= pivot }
        }
        return true
    }

    private static func multiplyOut(order k: Int, triangle t: UnsafePointer<Double>, inverse c: UnsafeMutablePointer<Double>) {
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
    }
}
