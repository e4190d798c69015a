import BoostedTrees
import TensorCore

/// Random tree ensembles and rows for comparing fast evaluation paths with their references.
///
/// Thresholds and row values lie on a grid of quarters, so rows often equal a threshold; rows
/// carry missing values and infinities; covers of the two children add up to their parent's.
enum RandomEnsemble {
    static func make(trees: Int, maximumLeafCount: Int, features: Int, seed: UInt64) -> TreeEnsemble {
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
                tree.split(node: node, feature: generator.nextInt(below: features), threshold: threshold,
                           defaultLeft: generator.nextUniform() < 0.5, gain: 1, leftChild: left, rightChild: right)
                leaves.remove(at: position)
                leaves += [left, right]
            }
            ensemble.append(tree)
        }
        return ensemble
    }

    static func row(features: Int, using generator: inout SeededGenerator) -> [Float] {
        (0..<features).map { _ in
            let draw = generator.nextUniform()
            if draw < 0.1 { return .nan }
            if draw < 0.12 { return draw < 0.11 ? .infinity : -.infinity }
            return Float(generator.nextInt(below: 21) - 10) / 4
        }
    }
}
