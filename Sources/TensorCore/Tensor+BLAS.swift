#if canImport(Accelerate)
import Accelerate
import Foundation
#elseif os(Linux)
import CTensorCoreKernels
#else
#error("TensorCore needs BLAS and LAPACK: Accelerate on Apple platforms, OpenBLAS on Linux")
#endif

/// Thin, allocation-free wrappers over the system BLAS: Accelerate on Apple platforms, OpenBLAS on
/// Linux.
///
/// This file and `Tensor+LAPACK.swift` are the only ones that call a BLAS. Both libraries take
/// the same CBLAS calls with 32-bit integers, so each wrapper below is one call on every platform:
/// OpenBLAS's `blasint` is `Int32` (Debian's LP64 build), and Accelerate's current interface
/// (`ACCELERATE_NEW_LAPACK`, which Package.swift defines for this target on Apple platforms) takes
/// `__LAPACK_int`, also `Int32` as long as `ACCELERATE_LAPACK_ILP64` stays undefined (were it
/// defined, these calls would stop compiling, not misread their integers). The wrappers are not
/// `@inlinable`: inlined into another module, a call would be compiled without that define and
/// bind to Accelerate's deprecated legacy CBLAS.
///
/// On Linux, OpenBLAS is not linked but opened on the first call, after TensorCore chose its
/// kernels from the CPU's features (`BLASKernel`, `kernel`); the calls go through the functions
/// it resolved.
///
/// Pointer-level entry points serve hot loops (LSTM steps, histogram solvers); `Tensor` methods
/// below check shapes and call them.
public enum BLAS {
    /// Number of threads the BLAS uses for level-3 calls.
    ///
    /// Linux (OpenBLAS): a process-wide count. The default set on first use of `TensorCore` is
    /// whatever OpenBLAS picked (usually the core count, or `OPENBLAS_NUM_THREADS`). Inference on
    /// small models is fastest and has the steadiest latency with 1 thread; call
    /// `BLAS.threadCount = 1` before latency-sensitive work and raise it for large training matrices.
    ///
    /// Apple platforms (Accelerate): Accelerate chooses its own thread count and offers only a
    /// choice between single- and multi-threaded, per calling thread (`BLASSetThreading`, macOS 15,
    /// iOS 18 and later). Setting 1 selects single-threaded and any larger value multi-threaded for
    /// the calling thread; reading gives 1 when the calling thread is single-threaded, else the
    /// active core count (the most Accelerate may use). On older systems setting does nothing and
    /// reading gives the core count.
    public static var threadCount: Int {
        get {
            #if canImport(Accelerate)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *),
               BLASGetThreading() == BLAS_THREADING_SINGLE_THREADED {
                return 1
            }
            return ProcessInfo.processInfo.activeProcessorCount
            #else
            return Int(_OpenBLAS.functions.thread_count!())
            #endif
        }
        set {
            #if canImport(Accelerate)
            if #available(macOS 15.0, iOS 18.0, tvOS 18.0, watchOS 11.0, visionOS 2.0, *) {
                BLASSetThreading(newValue <= 1 ? BLAS_THREADING_SINGLE_THREADED : BLAS_THREADING_MULTI_THREADED)
            }
            #else
            _OpenBLAS.functions.set_thread_count!(Int32(max(1, newValue)))
            #endif
        }
    }

    /// The BLAS build configuration: `openblas_get_config()` on Linux; on Apple platforms the
    /// interface in use and the calling thread's threading model.
    public static var configuration: String {
        #if canImport(Accelerate)
        return "Accelerate (ACCELERATE_NEW_LAPACK, LP64), " + (threadCount == 1 ? "single-threaded" : "multi-threaded")
        #else
        return _OpenBLAS.kernel.library
        #endif
    }

    /// The kernels in use and whether they fit this CPU (see `BLASKernel`). On Linux, the first use
    /// opens OpenBLAS if no BLAS call did yet.
    public static var kernel: BLASKernel {
        #if canImport(Accelerate)
        return BLASKernel(name: "Accelerate", library: configuration, path: nil, choice: .platform, coreType: nil,
                          cpu: .current, recommended: nil)
        #else
        return _OpenBLAS.kernel
        #endif
    }

    /// Throws when the BLAS cannot run or runs kernels older than this CPU allows, with the fix.
    ///
    /// TensorCore chooses OpenBLAS's kernels itself (`BLASKernel`), so this fails only when that
    /// choice was overridden: `OPENBLAS_CORETYPE` set to an older kernel, OpenBLAS loaded by
    /// another library before TensorCore, or an OpenBLAS without the kernel.
    /// - Throws: `TensorError.blasUnavailable` or `TensorError.blasKernelOlderThanCPU`.
    public static func checkKernel() throws {
        #if !canImport(Accelerate)
        if let failure = _OpenBLAS.failure { throw TensorError.blasUnavailable(reason: failure) }
        #endif
        let kernel = self.kernel
        if kernel.isOlderThanCPUAllows, let fix = kernel.fix {
            throw TensorError.blasKernelOlderThanCPU(kernel: kernel.name, recommended: kernel.recommended ?? kernel.name,
                                                     cpu: kernel.cpu.summary, fix: fix)
        }
    }

    /// Name of the BLAS library in use.
    #if canImport(Accelerate)
    public static let libraryName = "Accelerate"
    #else
    public static let libraryName = "OpenBLAS"
    #endif

    /// `C = alpha * op(A) * op(B) + beta * C` on row-major pointers (`cblas_sgemm`).
    /// `op(A)` is `m×k`, `op(B)` is `k×n`, `C` is `m×n`; `lda`, `ldb`, `ldc` are row strides.
    public static func sgemm(
        transposeA: Bool, transposeB: Bool, m: Int, n: Int, k: Int,
        alpha: Float, a: UnsafePointer<Float>, lda: Int,
        b: UnsafePointer<Float>, ldb: Int,
        beta: Float, c: UnsafeMutablePointer<Float>, ldc: Int
    ) {
        #if canImport(Accelerate)
        cblas_sgemm(CblasRowMajor,
                    transposeA ? CblasTrans : CblasNoTrans,
                    transposeB ? CblasTrans : CblasNoTrans,
                    Int32(m), Int32(n), Int32(k), alpha, a, Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
        #else
        _OpenBLAS.functions.sgemm!(Int32(ODML_CBLAS_ROW_MAJOR), _transpose(transposeA), _transpose(transposeB),
                                   Int32(m), Int32(n), Int32(k), alpha, a, Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
        #endif
    }

    /// `y = alpha * op(A) * x + beta * y` on a row-major `rows×columns` matrix (`cblas_sgemv`).
    public static func sgemv(
        transpose: Bool, rows: Int, columns: Int, alpha: Float,
        a: UnsafePointer<Float>, lda: Int, x: UnsafePointer<Float>, incx: Int = 1,
        beta: Float, y: UnsafeMutablePointer<Float>, incy: Int = 1
    ) {
        #if canImport(Accelerate)
        cblas_sgemv(CblasRowMajor, transpose ? CblasTrans : CblasNoTrans,
                    Int32(rows), Int32(columns), alpha, a, Int32(lda), x, Int32(incx), beta, y, Int32(incy))
        #else
        _OpenBLAS.functions.sgemv!(Int32(ODML_CBLAS_ROW_MAJOR), _transpose(transpose),
                                   Int32(rows), Int32(columns), alpha, a, Int32(lda), x, Int32(incx), beta, y, Int32(incy))
        #endif
    }

    /// `A += alpha * x * yᵀ` on a row-major `rows×columns` matrix (`cblas_sger`).
    public static func sger(
        rows: Int, columns: Int, alpha: Float,
        x: UnsafePointer<Float>, y: UnsafePointer<Float>, a: UnsafeMutablePointer<Float>, lda: Int
    ) {
        #if canImport(Accelerate)
        cblas_sger(CblasRowMajor, Int32(rows), Int32(columns), alpha, x, 1, y, 1, a, Int32(lda))
        #else
        _OpenBLAS.functions.sger!(Int32(ODML_CBLAS_ROW_MAJOR), Int32(rows), Int32(columns), alpha, x, 1, y, 1, a, Int32(lda))
        #endif
    }

    /// `y += alpha * x` over `count` elements (`cblas_saxpy`).
    public static func saxpy(count: Int, alpha: Float, x: UnsafePointer<Float>, y: UnsafeMutablePointer<Float>) {
        #if canImport(Accelerate)
        cblas_saxpy(Int32(count), alpha, x, 1, y, 1)
        #else
        _OpenBLAS.functions.saxpy!(Int32(count), alpha, x, 1, y, 1)
        #endif
    }

    /// `x · y` over `count` elements (`cblas_sdot`).
    public static func sdot(count: Int, x: UnsafePointer<Float>, y: UnsafePointer<Float>) -> Float {
        #if canImport(Accelerate)
        cblas_sdot(Int32(count), x, 1, y, 1)
        #else
        _OpenBLAS.functions.sdot!(Int32(count), x, 1, y, 1)
        #endif
    }

    /// `x *= alpha` over `count` elements (`cblas_sscal`).
    public static func sscal(count: Int, alpha: Float, x: UnsafeMutablePointer<Float>) {
        #if canImport(Accelerate)
        cblas_sscal(Int32(count), alpha, x, 1)
        #else
        _OpenBLAS.functions.sscal!(Int32(count), alpha, x, 1)
        #endif
    }
}

#if !canImport(Accelerate)
/// The CBLAS constant for a transposed or plain operand.
private func _transpose(_ transposed: Bool) -> Int32 {
    Int32(transposed ? ODML_CBLAS_TRANS : ODML_CBLAS_NO_TRANS)
}
#endif

extension Tensor {
    /// Matrix product `op(self) · op(other)` of two rank-2 tensors.
    ///
    /// `op(self)` has shape `[M, K]`, `op(other)` `[K, N]`; the result is `[M, N]`.
    /// - Throws: `TensorError.shapeMismatch` naming both shapes.
    public func matmul(_ other: Tensor, transposeSelf: Bool = false, transposeOther: Bool = false) throws -> Tensor {
        let (m, k) = try Tensor.matrixDimensions(self, transposed: transposeSelf, operation: "matmul")
        let (k2, n) = try Tensor.matrixDimensions(other, transposed: transposeOther, operation: "matmul")
        guard k == k2 else {
            throw TensorError.shapeMismatch(operation: "matmul (inner dimensions)", expected: shape, found: other.shape)
        }
        var result = Tensor(zeros: [m, n])
        Tensor.matmul(self, other, into: &result, transposeA: transposeSelf, transposeB: transposeOther)
        return result
    }

    /// `c = alpha · op(a) · op(b) + beta · c`, written into `c` without allocating
    /// (when `c` is uniquely referenced). Shapes are checked with `precondition`.
    ///
    /// - Parameters:
    ///   - a: `[M, K]` (or `[K, M]` if `transposeA`).
    ///   - b: `[K, N]` (or `[N, K]` if `transposeB`).
    ///   - c: `[M, N]`; with `beta == 1` the product accumulates into it.
    public static func matmul(
        _ a: Tensor, _ b: Tensor, into c: inout Tensor,
        transposeA: Bool = false, transposeB: Bool = false, alpha: Float = 1, beta: Float = 0
    ) {
        precondition(a.rank == 2 && b.rank == 2 && c.rank == 2,
                     "matmul: expected rank-2 operands, found \(a.shape), \(b.shape) into \(c.shape)")
        let m = transposeA ? a.shape[1] : a.shape[0]
        let k = transposeA ? a.shape[0] : a.shape[1]
        let kB = transposeB ? b.shape[1] : b.shape[0]
        let n = transposeB ? b.shape[0] : b.shape[1]
        // Compare extents one by one: an array literal here would allocate on every call.
        precondition(k == kB && c.shape[0] == m && c.shape[1] == n,
                     "matmul: shape mismatch, \(a.shape)\(transposeA ? "ᵀ" : "") · \(b.shape)\(transposeB ? "ᵀ" : "") into \(c.shape)")
        if m == 0 || n == 0 { return }
        if k == 0 { c.scaleForEmptyProduct(beta: beta); return }
        a.storage.withUnsafeBufferPointer { pa in
            b.storage.withUnsafeBufferPointer { pb in
                c.storage.withUnsafeMutableBufferPointer { pc in
                    BLAS.sgemm(transposeA: transposeA, transposeB: transposeB, m: m, n: n, k: k,
                               alpha: alpha, a: pa.baseAddress!, lda: max(a.shape[1], 1),
                               b: pb.baseAddress!, ldb: max(b.shape[1], 1),
                               beta: beta, c: pc.baseAddress!, ldc: max(n, 1))
                }
            }
        }
    }

    /// Matrix–vector product `op(self) · vector` for a rank-2 `self` and rank-1 `vector`.
    /// - Throws: `TensorError.shapeMismatch` naming both shapes.
    public func matvec(_ vector: Tensor, transposeSelf: Bool = false) throws -> Tensor {
        let (rows, columns) = try Tensor.matrixDimensions(self, transposed: transposeSelf, operation: "matvec")
        guard vector.rank == 1, vector.count == columns else {
            throw TensorError.shapeMismatch(operation: "matvec with matrix \(shape)\(transposeSelf ? "ᵀ" : "")",
                                            expected: [columns], found: vector.shape)
        }
        var result = Tensor(zeros: [rows])
        Tensor.matvec(self, vector, into: &result, transposeMatrix: transposeSelf)
        return result
    }

    /// `y = alpha · op(matrix) · x + beta · y` without allocating (`cblas_sgemv`).
    public static func matvec(
        _ matrix: Tensor, _ x: Tensor, into y: inout Tensor,
        transposeMatrix: Bool = false, alpha: Float = 1, beta: Float = 0
    ) {
        precondition(matrix.rank == 2, "matvec: expected a rank-2 matrix, found \(matrix.shape)")
        let rows = matrix.shape[0], columns = matrix.shape[1]
        let inputCount = transposeMatrix ? rows : columns
        let outputCount = transposeMatrix ? columns : rows
        precondition(x.count == inputCount && y.count == outputCount,
                     "matvec: shape mismatch, \(matrix.shape)\(transposeMatrix ? "ᵀ" : "") · \(x.shape) into \(y.shape)")
        if outputCount == 0 { return }
        if inputCount == 0 { y.scaleForEmptyProduct(beta: beta); return }
        matrix.storage.withUnsafeBufferPointer { pa in
            x.storage.withUnsafeBufferPointer { px in
                y.storage.withUnsafeMutableBufferPointer { py in
                    BLAS.sgemv(transpose: transposeMatrix, rows: rows, columns: columns, alpha: alpha,
                               a: pa.baseAddress!, lda: columns, x: px.baseAddress!,
                               beta: beta, y: py.baseAddress!)
                }
            }
        }
    }

    /// `self += alpha · x · yᵀ` for a rank-2 `self` of shape `[x.count, y.count]` (`cblas_sger`),
    /// without allocating. Shapes are checked with `precondition`.
    public mutating func addOuterProduct(_ x: Tensor, _ y: Tensor, alpha: Float = 1) {
        precondition(rank == 2 && x.rank == 1 && y.rank == 1 && shape[0] == x.count && shape[1] == y.count,
                     "addOuterProduct: shape mismatch, \(x.shape) ⊗ \(y.shape) into \(shape)")
        if count == 0 { return }
        let columns = shape[1]
        x.storage.withUnsafeBufferPointer { px in
            y.storage.withUnsafeBufferPointer { py in
                storage.withUnsafeMutableBufferPointer { pa in
                    BLAS.sger(rows: px.count, columns: py.count, alpha: alpha,
                              x: px.baseAddress!, y: py.baseAddress!, a: pa.baseAddress!, lda: columns)
                }
            }
        }
    }

    /// `self += alpha · x` (same shape; `cblas_saxpy`).
    public mutating func axpy(alpha: Float, _ x: Tensor) {
        precondition(x.shape == shape, "axpy: shape mismatch, \(x.shape) into \(shape)")
        if count == 0 { return }
        x.storage.withUnsafeBufferPointer { px in
            storage.withUnsafeMutableBufferPointer { py in
                BLAS.saxpy(count: px.count, alpha: alpha, x: px.baseAddress!, y: py.baseAddress!)
            }
        }
    }

    /// Inner product of two tensors with the same shape (`cblas_sdot`).
    /// - Throws: `TensorError.shapeMismatch` naming both shapes.
    public func dot(_ other: Tensor) throws -> Float {
        guard other.shape == shape else {
            throw TensorError.shapeMismatch(operation: "dot", expected: shape, found: other.shape)
        }
        if count == 0 { return 0 }
        return storage.withUnsafeBufferPointer { px in
            other.storage.withUnsafeBufferPointer { py in
                BLAS.sdot(count: px.count, x: px.baseAddress!, y: py.baseAddress!)
            }
        }
    }

    /// `self *= alpha` in place (`cblas_sscal`).
    public mutating func scale(by alpha: Float) {
        if count == 0 { return }
        storage.withUnsafeMutableBufferPointer { px in
            BLAS.sscal(count: px.count, alpha: alpha, x: px.baseAddress!)
        }
    }

    /// `self = beta · self` for a product with an empty inner dimension (BLAS semantics:
    /// `beta == 0` overwrites, even NaN).
    mutating func scaleForEmptyProduct(beta: Float) {
        if beta == 0 {
            storage.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        } else if beta != 1 {
            scale(by: beta)
        }
    }

    static func matrixDimensions(_ tensor: Tensor, transposed: Bool, operation: String) throws -> (Int, Int) {
        guard tensor.rank == 2 else {
            throw TensorError.shapeMismatch(operation: "\(operation) (expects a matrix)", expected: [-1, -1], found: tensor.shape)
        }
        return transposed ? (tensor.shape[1], tensor.shape[0]) : (tensor.shape[0], tensor.shape[1])
    }
}
