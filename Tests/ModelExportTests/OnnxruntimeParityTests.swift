import Testing
import CyclesLab

/// OnDeviceML's outputs against onnxruntime's (`Benchmarks/peers/onnx_interop.py --fixtures`) on
/// the tiny models' committed ONNX exports (see `ParityFixtures`).
struct OnnxruntimeParityTests {
    @Test(arguments: ["tiny-lstm", "tiny-gbt"])
    func outputsMatchOnnxruntime(name: String) throws {
        try ParityFixtures.check(name, format: .onnx, runtime: "onnxruntime")
    }
}
