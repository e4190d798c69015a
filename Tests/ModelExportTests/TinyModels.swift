import Foundation
import ModelFiles
import NeuralNet
import TensorCore

/// Small deterministic cycle models (seeded) whose ONNX exports and onnxruntime outputs are
/// committed under `Fixtures/` (regenerate: `ODML_REGENERATE_FIXTURES=1 swift test --filter
/// ONNXExportTests`, then `python Benchmarks/peers/onnx_interop.py --fixtures Tests/ONNXExportTests/Fixtures`).
enum TinyModels {
    static let lstmFeatureCount = 5
    static let lstmHiddenSize = 4

    /// A `cycle-lstm` file: 2 LSTM layers (5 → 4 → 4), heads period (7), ovulation (1), mood (3),
    /// normalisation with non-trivial means and scales.
    static func lstmFile() throws -> ModelFile {
        var generator = SeededGenerator(seed: 2026)
        let lstm = LSTM(inputSize: lstmFeatureCount, hiddenSize: lstmHiddenSize, layerCount: 2, using: &generator)
        var file = ModelFile(kind: "cycle-lstm")
        file.header.features = (0..<lstmFeatureCount).map { FeatureSpec(name: "f\($0)") }
        for (key, value) in lstm.parameters { file.setTensor("lstm." + key, value) }
        for (name, size) in [("period", 7), ("ovulation", 1), ("mood", 3)] {
            let head = Linear(inputSize: lstmHiddenSize, outputSize: size, using: &generator)
            for (key, value) in head.parameters { file.setTensor("head.\(name).\(key)", value) }
        }
        file.setTensor("normalisation.mean", Tensor((0..<lstmFeatureCount).map { Float($0) * 3 - 4 }))
        file.setTensor("normalisation.scale", Tensor((0..<lstmFeatureCount).map { 0.5 + Float($0) }))
        return file
    }

    /// A `cycle-gbt` file with 6 features: period (4 trees), ovulation (3 trees), energy (3 classes, 9 trees).
    static func gbtFile() -> ModelFile {
        var generator = SeededGenerator(seed: 7)
        var file = ModelFile(kind: "cycle-gbt")
        file.header.features = (0..<6).map { FeatureSpec(name: "t\($0)") }
        let heads: [(String, Int, String)] = [("period", 4, "2.5"), ("ovulation", 3, "-0.25"), ("energy", 9, "0.125 -0.5 0.0625")]
        for (name, trees, base) in heads {
            var section = TreeEnsembleSection()
            for _ in 0..<trees {
                section.treeStarts.append(Int32(section.nodeCount))
                _ = appendTree(depth: 3, featureCount: 6, to: &section, using: &generator)
            }
            file.setTreeEnsemble(name, section)
            file.header.properties["\(name).base_scores"] = base
            file.header.properties["\(name).objective"] = name == "energy" ? "multiclass num_class:3" : "regression"
        }
        return file
    }

    /// Appends a random subtree (pre-order, so children follow their parent) and returns its root.
    static func appendTree(depth: Int, featureCount: Int, to section: inout TreeEnsembleSection,
                           using generator: inout SeededGenerator) -> Int32 {
        let node = Int32(section.nodeCount)
        let isLeaf = depth == 0 || generator.nextUniform() < 0.2
        section.feature.append(isLeaf ? -1 : Int32(generator.nextInt(below: featureCount)))
        section.threshold.append(isLeaf ? 0 : Float(generator.nextUniform(in: -2, 2)))
        section.left.append(-1)
        section.right.append(-1)
        section.value.append(Float(generator.nextUniform(in: -1, 1)))
        section.cover.append(1)
        section.defaultLeft.append(generator.nextUniform() < 0.5 ? 1 : 0)
        section.categorical.append(0)
        if !isLeaf {
            section.left[Int(node)] = appendTree(depth: depth - 1, featureCount: featureCount, to: &section, using: &generator)
            section.right[Int(node)] = appendTree(depth: depth - 1, featureCount: featureCount, to: &section, using: &generator)
        }
        return node
    }
}
