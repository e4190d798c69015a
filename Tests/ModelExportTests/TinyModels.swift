import BoostedTrees
import Cycles
import Foundation
import NeuralNet
import TensorCore
import CyclesLab

/// Small deterministic models (seeded) whose exports and the runtimes' outputs on them are
/// committed under `Fixtures/` (see `Fixtures/README.md` for how to regenerate them).
enum TinyModels {
    static let lstmFeatureCount = 5
    static let lstmHiddenSize = 4
    static let treeFeatureCount = 6

    /// 2 LSTM layers (5 → 4 → 4), heads period (7), ovulation (1), mood (3), normalisation with
    /// non-trivial means and scales.
    static func lstmLayout() throws -> RecurrentNetworkLayout {
        var generator = SeededGenerator(seed: 2026)
        let lstm = LSTM(inputSize: lstmFeatureCount, hiddenSize: lstmHiddenSize, layerCount: 2, using: &generator)
        let heads = [("period", 7), ("ovulation", 1), ("mood", 3)].map { name, size in
            RecurrentNetworkLayout.Head(name: "\(name)_logits", layer: Linear(inputSize: lstmHiddenSize, outputSize: size, using: &generator),
                                        documentation: "Raw output of head.\(name).")
        }
        return try RecurrentNetworkLayout(lstm: lstm, heads: heads,
                                          featureMean: (0..<lstmFeatureCount).map { Float($0) * 3 - 4 },
                                          featureScale: (0..<lstmFeatureCount).map { 0.5 + Float($0) },
                                          documentation: "Tiny recurrent test model.")
    }

    /// 6 features: period (4 trees, one a single leaf), ovulation (3 trees), energy (3 classes, 9 trees).
    static func gbtLayout() throws -> TreeModelLayout {
        var generator = SeededGenerator(seed: 7)
        let heads: [(String, Int, [Double])] = [("period", 4, [2.5]), ("ovulation", 3, [-0.25]), ("energy", 9, [0.125, -0.5, 0.0625])]
        return try TreeModelLayout(featureCount: treeFeatureCount, heads: heads.map { name, trees, base in
            var parts = EnsembleParts()
            for tree in 0..<trees {
                parts.treeStarts.append(Int32(parts.feature.count))
                _ = parts.appendTree(depth: name == "period" && tree == 1 ? 0 : 3, featureCount: treeFeatureCount, start: parts.feature.count,
                                     using: &generator)
            }
            let model = GradientBoostedModel(ensemble: try parts.ensemble(),
                                             objective: base.count == 1 ? .squaredError : .multiclassSoftmax(classCount: base.count),
                                             baseScores: base, featureNames: (0..<treeFeatureCount).map { "t\($0)" })
            return TreeModelLayout.Head(name: "\(name)_raw", model: model, documentation: "Raw scores of \(name).")
        }, documentation: "Tiny tree test model.")
    }

    /// The arrays of a `TreeEnsemble` under construction (children relative to their tree's first node).
    struct EnsembleParts {
        var treeStarts: [Int32] = []
        var feature: [Int32] = [], threshold: [Float] = [], left: [Int32] = [], right: [Int32] = []
        var value: [Double] = [], defaultLeft: [Bool] = []

        /// Appends a random subtree in pre-order and returns its root (relative to `start`).
        mutating func appendTree(depth: Int, featureCount: Int, start: Int, using generator: inout SeededGenerator) -> Int32 {
            let node = feature.count
            let isLeaf = depth == 0 || generator.nextUniform() < 0.2
            feature.append(isLeaf ? -1 : Int32(generator.nextInt(below: featureCount)))
            threshold.append(isLeaf ? 0 : Float(generator.nextUniform(in: -2, 2)))
            left.append(-1)
            right.append(-1)
            value.append(Double(Float(generator.nextUniform(in: -1, 1))))
            defaultLeft.append(generator.nextUniform() < 0.5)
            if !isLeaf {
                left[node] = appendTree(depth: depth - 1, featureCount: featureCount, start: start, using: &generator)
                right[node] = appendTree(depth: depth - 1, featureCount: featureCount, start: start, using: &generator)
            }
            return Int32(node - start)
        }

        func ensemble() throws -> TreeEnsemble {
            try TreeEnsemble(treeStarts: treeStarts + [Int32(feature.count)], feature: feature, threshold: threshold, left: left,
                             right: right, value: value, cover: value.map { _ in 1 }, defaultLeft: defaultLeft)
        }
    }
}
