import Testing
import CyclesLab

/// OnDeviceML's outputs against the LiteRT interpreter's (`Benchmarks/peers/tflite_interop.py
/// --fixtures`) on the tiny models' committed TFLite exports (see `ParityFixtures`).
struct LiteRTParityTests {
    @Test(arguments: ["tiny-lstm", "tiny-gbt"])
    func outputsMatchLiteRT(name: String) throws {
        let document = try ParityFixtures.check(name, format: .tflite, runtime: "litert")
        if !ParityFixtures.regenerate {
            #expect((document["litert"] as? String)?.isEmpty == false)
        }
    }
}
