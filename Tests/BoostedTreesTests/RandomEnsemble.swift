import BoostedTrees
import TensorCore

/// Random tree ensembles and rows for comparing fast evaluation paths with their references.
///
/// Thresholds and row values lie on a grid of quarters, so rows often equal a threshold; rows
/// carry missing values and infinities; covers of the two children add up to their parent's.
enum RandomEnsemble {
    /// - Parameters:
    ///   - categoricalFeatures: features split one category (a code in `0..<8`) against the rest.
    ///   - missingValuesRightInCategoricalSplits: categorical splits send missing values right
    ///     (what LightGBM text can express).
    static func make(trees: Int, maximumLeafCount: Int, features: Int, seed: UInt64, categoricalFeatures: Set<Int> = [],
                     missingValuesRightInCategoricalSplits: Bool = false) -> TreeEnsemble {
        var generator = SeededGenerator(seed: seed)
        var ensemble = TreeEnsemble()
        for _ in 0..<trees {
            var tree = Tree()
            tree.appendLeaf(value: generator.nextNormal(), cover: 1000, hessianSum: 1000)
            var leaves = [0]
            let leafCount = 1 + generator.nextInt(below: maximumLeafCount)
            while leaves.count < leafCount {
                let position = generator.nextInt(below: leaves.count)
                let node = leaves[position]
                let share = 0.05 + 0.9 * generator.nextUniform()
                let left = tree.appendLeaf(value: generator.nextNormal(), cover: tree.cover[node] * share, hessianSum: 1)
                let right = tree.appendLeaf(value: generator.nextNormal(), cover: tree.cover[node] * (1 - share), hessianSum: 1)
                let threshold: Float = generator.nextUniform() < 0.03 ? (generator.nextUniform() < 0.5 ? .infinity : -.infinity)
                    : Float(generator.nextInt(below: 17) - 8) / 4
                let feature = generator.nextInt(below: features)
                if categoricalFeatures.contains(feature) {
                    let category = generator.nextInt(below: 8)
                    let missingLeft = generator.nextUniform() < 0.5 && !missingValuesRightInCategoricalSplits
                    tree.split(node: node, feature: feature, threshold: Float(category), defaultLeft: missingLeft, gain: 1,
                               leftChild: left, rightChild: right, isCategorical: true)
                } else {
                    tree.split(node: node, feature: feature, threshold: threshold,
                               defaultLeft: generator.nextUniform() < 0.5, gain: 1, leftChild: left, rightChild: right)
                }
                leaves.remove(at: position)
                leaves += [left, right]
            }
            ensemble.append(tree)
        }
        return ensemble
    }

    /// A row; categorical features hold codes in `-1...9` (unseen ones included) or `NaN`.
    static func row(features: Int, using generator: inout SeededGenerator, categoricalFeatures: Set<Int> = []) -> [Float] {
        (0..<features).map { feature in
            if categoricalFeatures.contains(feature) {
                return generator.nextUniform() < 0.1 ? .nan : Float(generator.nextInt(below: 11) - 1)
            }
            let draw = generator.nextUniform()
            if draw < 0.1 { return .nan }
            if draw < 0.12 { return draw < 0.11 ? .infinity : -.infinity }
            return Float(generator.nextInt(below: 21) - 10) / 4
        }
    }
}
