import Cycles
import Foundation
import Testing
@testable import ModelExport
#if canImport(CoreML)
import CoreML
import CyclesLab
#endif

/// The tiny models' committed Core ML exports: on Linux, against the independent evaluator of
/// `Benchmarks/peers/coreml_interop.py --fixtures` (it parses the `.mlmodel` with coremltools'
/// full specification, reports what coremltools reads as inputs and outputs, walks the trees and
/// runs the LSTM in numpy); on Apple platforms, also through Core ML itself.
struct CoreMLParityTests {
    static let runsCoreML: Bool = {
        #if canImport(CoreML)
        return true
        #else
        return false
        #endif
    }()

    @Test(arguments: ["tiny-lstm", "tiny-gbt"])
    func outputsMatchTheIndependentEvaluator(name: String) throws {
        let document = try ParityFixtures.check(name, format: .coreml, runtime: "coreml")
        guard !ParityFixtures.regenerate else { return }
        let exported = try ModelExporter.export(try ParityFixtures.layout(name), kind: name, format: .coreml)
        let reported = try #require(document["coremltools"] as? [String: Any])
        #expect(reported["inputs"] as? [String] == [exported.input.name])
        #expect(reported["outputs"] as? [String] == exported.outputs.map(\.name))
    }

    @Test(.enabled(if: CoreMLParityTests.runsCoreML, "Core ML runs only on Apple platforms; on Linux the spec is checked by coremltools and the independent evaluator"),
          arguments: ["tiny-lstm", "tiny-gbt"])
    func predictionsThroughCoreMLMatch(name: String) throws {
        #if canImport(CoreML)
        let layout = try ParityFixtures.layout(name)
        let exported = try ModelExporter.export(layout, kind: name, format: .coreml)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("coreml-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("\(name).mlmodel")
        try exported.write(to: url)
        let configuration = MLModelConfiguration()
        configuration.computeUnits = .cpuOnly
        let model = try MLModel(contentsOf: try MLModel.compileModel(at: url), configuration: configuration)
        let sample = ParityFixtures.sample(name, layout: layout)
        let ours = try layout.referenceOutputs(input: sample.values, shape: sample.shape)
        switch layout {
        case let .recurrent(network):
            let (steps, batch, features) = (sample.shape[0], sample.shape[1], sample.shape[2])
            for sequence in 0..<batch {
                let array = try MLMultiArray(shape: [steps, 1, features, 1, 1].map { NSNumber(value: $0) }, dataType: .float32)
                for step in 0..<steps {
                    for feature in 0..<features {
                        array[step * features + feature] = NSNumber(value: sample.values[(step * batch + sequence) * features + feature])
                    }
                }
                let output = try model.prediction(from: try MLDictionaryFeatureProvider(dictionary: ["features": array]))
                for head in network.heads {
                    let values = try #require(output.featureValue(for: head.name)?.multiArrayValue)
                    let size = head.layer.outputSize
                    for step in 0..<steps {
                        for unit in 0..<size {
                            let expected = ours[head.name]![(step * batch + sequence) * size + unit]
                            #expect(abs(values[step * size + unit].floatValue - expected) <= 1e-5 * max(1, abs(expected)))
                        }
                    }
                }
            }
        case let .trees(trees):
            let rows = sample.shape[0], features = sample.shape[1]
            for row in 0..<rows {
                let array = try MLMultiArray(shape: [NSNumber(value: features)], dataType: .double)
                for feature in 0..<features { array[feature] = NSNumber(value: Double(sample.values[row * features + feature])) }
                let output = try model.prediction(from: try MLDictionaryFeatureProvider(dictionary: ["features": array]))
                for head in trees.heads {
                    let values = try #require(output.featureValue(for: head.name)?.multiArrayValue)
                    for k in 0..<head.classCount {
                        let expected = ours[head.name]![row * head.classCount + k]
                        #expect(abs(values[k].floatValue - expected) <= 1e-5 * max(1, abs(expected)))
                    }
                }
            }
        case .builtIn:
            Issue.record("the tiny models are not rules")
        }
        #endif
    }
}
