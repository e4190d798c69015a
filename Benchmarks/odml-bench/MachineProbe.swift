import CBenchmarkProbes
import Foundation
import TensorCore

/// The machine a run measures: `odml-bench --machine` prints it as JSON for `latest.json`, and the
/// floors printed beside the kernels come from its probes.
enum MachineProbe {
    /// The CPU, its vector features, the BLAS kernels and the vector kernels in use, as JSON.
    static func json() throws -> String {
        let kernel = BLAS.kernel
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let cpu = try JSONSerialization.jsonObject(with: encoder.encode(kernel.cpu))
        let blas = try JSONSerialization.jsonObject(with: encoder.encode(kernel))
        let object: [String: Any] = [
            "cpu": cpu, "blas_kernel": blas, "blas_library": BLAS.libraryName,
            "vector_kernels": VectorMath.instructionSet.rawValue, "cpu_and_kernels": line,
        ]
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }

    /// One line: `AMD EPYC (… family 25 model 17): … AVX-512BF16 | BLAS OpenBLAS SkylakeX (…) | vector kernels AVX-512`.
    static var line: String {
        let kernel = BLAS.kernel
        return "\(kernel.cpu.summary) | BLAS \(BLAS.libraryName) \(kernel.shortSummary) | vector kernels \(VectorMath.instructionSet.rawValue)"
    }

    /// Fused multiply-add lanes per second at 16 lanes (AVX-512) and the clock, measured: the best
    /// of 200 short runs of each probe (about 0.1 ms each, so that some run is not interrupted on
    /// a busy machine). `nil` on CPUs without AVX-512.
    static func avx512Throughput() -> (fmaLanesPerSecond: Double, cyclesPerSecond: Double)? {
        guard VectorMath.InstructionSet.avx512.isSupported else { return nil }
        func best(_ body: () -> Void) -> Double {
            (0..<200).map { _ in
                let start = DispatchTime.now().uptimeNanoseconds
                body()
                return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            }.min() ?? .infinity
        }
        let rounds = 20_000
        let fmaSeconds = best { BenchmarkHarness.blackHole(odml_probe_fma_avx512(rounds)) }
        let addSeconds = best { BenchmarkHarness.blackHole(odml_probe_dependent_adds(8 * rounds)) }
        return (Double(rounds * 256) / fmaSeconds, Double(8 * 8 * rounds) / addSeconds)
    }
}
