#if canImport(Accelerate)
import Accelerate
#elseif os(Linux)
import CTensorCoreKernels
#endif
import TensorCore

/// `odml-bench tensor`: TensorCore's BLAS wrappers and SIMD kernels.
///
/// Cases (peer: `Benchmarks/peers/bench_tensor.py`, numpy at the same thread count):
/// - `sgemm_64`, `sgemm_256`, `sgemm_1024`: `Tensor.matmul(_:_:into:)`, with the same product
///   through a direct `cblas_sgemm` call on raw pointers (the same library, through the function
///   TensorCore resolved on Linux), timed interleaved, as `cblas_median_us`
///   and `ours_vs_cblas = cblas_median_us / ours_median_us` (wrapper overhead; 1.0 = none).
/// - `sgemv_256`: `Tensor.matvec(_:_:into:)`, with a direct `cblas_sgemv` likewise.
/// - `softmax_100000`, `sigmoid_100000`: the allocating `softmax()` / `sigmoid()` (as numpy
///   allocates its result), plus the `into:` variant as `into_median_us`.
/// - `axpy_100000`: `axpy(alpha:_:)` in place.
/// `allocations_per_call` is reported for every in-place case (and `cblas_allocations_per_call`
/// for the direct C calls, to tell OpenBLAS's own allocations from ours) when the counting
/// allocator is preloaded (see `AllocationCounter`).
enum TensorSuite {
    static func run(_ harness: BenchmarkHarness) {
        TensorCore.BLAS.threadCount = harness.options.threads   // qualified: Accelerate has a `BLAS` too
        var generator = SeededGenerator(seed: 2024)
        for size in [64, 256, 1024] where harness.shouldRun("sgemm_\(size)") {
            sgemm(size: size, harness, &generator)
        }
        if harness.shouldRun("sgemv_256") { sgemv(size: 256, harness, &generator) }
        let count = 100_000
        let input = Tensor(uniform: [count], in: -10...10, using: &generator)
        var output = Tensor(zeros: [count])
        if harness.shouldRun("softmax_\(count)") {
            elementwise("softmax_\(count)", harness, allocating: { BenchmarkHarness.blackHole(input.softmax()) },
                        into: { Tensor.softmax(input, into: &output) })
        }
        if harness.shouldRun("sigmoid_\(count)") {
            elementwise("sigmoid_\(count)", harness, allocating: { BenchmarkHarness.blackHole(input.sigmoid()) },
                        into: { Tensor.sigmoid(input, into: &output) })
        }
        if harness.shouldRun("axpy_\(count)") {
            let measurement = harness.measure { output.axpy(alpha: 1e-6, input) }
            harness.report("axpy_\(count)", measurement, extra: allocationFields { output.axpy(alpha: 1e-6, input) })
        }
    }

    private static func sgemm(size: Int, _ harness: BenchmarkHarness, _ generator: inout SeededGenerator) {
        let a = Tensor(uniform: [size, size], in: -1...1, using: &generator)
        let b = Tensor(uniform: [size, size], in: -1...1, using: &generator)
        var c = Tensor(zeros: [size, size])
        let rawA = UnsafeMutablePointer<Float>.allocate(capacity: size * size)
        let rawB = UnsafeMutablePointer<Float>.allocate(capacity: size * size)
        let rawC = UnsafeMutablePointer<Float>.allocate(capacity: size * size)
        defer { rawA.deallocate(); rawB.deallocate(); rawC.deallocate() }
        a.withUnsafeBufferPointer { rawA.initialize(from: $0.baseAddress!, count: $0.count) }
        b.withUnsafeBufferPointer { rawB.initialize(from: $0.baseAddress!, count: $0.count) }
        rawC.initialize(repeating: 0, count: size * size)
        let n = Int32(size)
        let ours = { Tensor.matmul(a, b, into: &c) }
        #if canImport(Accelerate)
        let direct = {
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, n, n, 1, rawA, n, rawB, n, 0, rawC, n)
        }
        #else
        // The library TensorCore opened (the same call returns it).
        let sgemm = odml_openblas_open(nil).pointee.functions.sgemm!
        let direct = {
            sgemm(Int32(ODML_CBLAS_ROW_MAJOR), Int32(ODML_CBLAS_NO_TRANS), Int32(ODML_CBLAS_NO_TRANS), n, n, n, 1, rawA, n, rawB, n,
                  0, rawC, n)
        }
        #endif
        let measurements = harness.measure([ours, direct])
        var extra = allocationFields(ours)
        extra["cblas_allocations_per_call"] = AllocationCounter.allocationsPerCall(direct)
        extra["cblas_median_us"] = BenchmarkHarness.rounded(measurements[1].medianMicroseconds)
        extra["ours_vs_cblas"] = BenchmarkHarness.rounded(measurements[1].medianMicroseconds / measurements[0].medianMicroseconds)
        extra["gflops"] = BenchmarkHarness.rounded(2 * pow3(size) / measurements[0].medianMicroseconds / 1e3)
        harness.report("sgemm_\(size)", measurements[0], extra: extra)
    }

    private static func sgemv(size: Int, _ harness: BenchmarkHarness, _ generator: inout SeededGenerator) {
        let matrix = Tensor(uniform: [size, size], in: -1...1, using: &generator)
        let x = Tensor(uniform: [size], in: -1...1, using: &generator)
        var y = Tensor(zeros: [size])
        let rawMatrix = UnsafeMutablePointer<Float>.allocate(capacity: size * size)
        let rawX = UnsafeMutablePointer<Float>.allocate(capacity: size)
        let rawY = UnsafeMutablePointer<Float>.allocate(capacity: size)
        defer { rawMatrix.deallocate(); rawX.deallocate(); rawY.deallocate() }
        matrix.withUnsafeBufferPointer { rawMatrix.initialize(from: $0.baseAddress!, count: $0.count) }
        x.withUnsafeBufferPointer { rawX.initialize(from: $0.baseAddress!, count: $0.count) }
        rawY.initialize(repeating: 0, count: size)
        let n = Int32(size)
        let ours = { Tensor.matvec(matrix, x, into: &y) }
        #if canImport(Accelerate)
        let direct = { cblas_sgemv(CblasRowMajor, CblasNoTrans, n, n, 1, rawMatrix, n, rawX, 1, 0, rawY, 1) }
        #else
        let sgemv = odml_openblas_open(nil).pointee.functions.sgemv!
        let direct = { sgemv(Int32(ODML_CBLAS_ROW_MAJOR), Int32(ODML_CBLAS_NO_TRANS), n, n, 1, rawMatrix, n, rawX, 1, 0, rawY, 1) }
        #endif
        let measurements = harness.measure([ours, direct])
        var extra = allocationFields(ours)
        extra["cblas_allocations_per_call"] = AllocationCounter.allocationsPerCall(direct)
        extra["cblas_median_us"] = BenchmarkHarness.rounded(measurements[1].medianMicroseconds)
        extra["ours_vs_cblas"] = BenchmarkHarness.rounded(measurements[1].medianMicroseconds / measurements[0].medianMicroseconds)
        harness.report("sgemv_\(size)", measurements[0], extra: extra)
    }

    private static func elementwise(_ caseName: String, _ harness: BenchmarkHarness,
                                    allocating: @escaping () -> Void, into: @escaping () -> Void) {
        let measurements = harness.measure([allocating, into])
        var extra = allocationFields(into)
        extra["into_median_us"] = BenchmarkHarness.rounded(measurements[1].medianMicroseconds)
        harness.report(caseName, measurements[0], extra: extra)
    }

    /// `["allocations_per_call": x]` for an in-place operation, or nothing without the counter.
    private static func allocationFields(_ body: () -> Void) -> [String: Any] {
        AllocationCounter.allocationsPerCall(body).map { ["allocations_per_call": $0] } ?? [:]
    }

    private static func pow3(_ size: Int) -> Double { Double(size) * Double(size) * Double(size) }
}
