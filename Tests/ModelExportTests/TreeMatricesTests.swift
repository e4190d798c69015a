import BoostedTrees
import Cycles
import Testing
@testable import ModelExport
import CyclesLab

/// The GEMM form of the TFLite tree export computes the same raw scores as walking the trees,
/// `NaN` and ties with the threshold included (evaluated here in plain Swift, independently of LiteRT).
struct TreeMatricesTests {
    @Test func gemmFormMatchesTheTreeWalk() throws {
        let layout = try TinyModels.gbtLayout()
        let sample = ModelLayout.trees(layout).sampleInput(rows: 300, seed: 5)
        let rows = sample.shape[0], features = sample.shape[1]
        #expect(sample.values.contains { $0.isNaN })
        for head in layout.heads {
            let matrices = _TreeMatrices(head.model.ensemble)
            let (trees, nodes, leaves, classes) = (matrices.treeCount, matrices.nodesPerTree, matrices.leavesPerTree, head.classCount)
            let weights = matrices.classWeights(classCount: classes)
            let expected = head.model.predictRaw(try FeatureMatrix(values: sample.values, rowCount: rows, featureCount: features))
            for row in 0..<rows {
                let x = Array(sample.values[(row * features)..<((row + 1) * features)])
                let goesLeft = (0..<(trees * nodes)).map { index -> Float in
                    let value = x[Int(matrices.featureIndex[index])]
                    return value <= matrices.thresholds[index] || (value.isNaN && matrices.defaultLeft[index]) ? 1 : 0
                }
                var reached = [Float](repeating: 0, count: trees * leaves)
                for tree in 0..<trees {
                    for leaf in 0..<leaves {
                        var turns: Float = 0
                        for node in 0..<nodes { turns += goesLeft[tree * nodes + node] * matrices.paths[(tree * nodes + node) * leaves + leaf] }
                        reached[tree * leaves + leaf] = turns == matrices.leftTurns[tree * leaves + leaf] ? 1 : 0
                    }
                }
                for tree in 0..<trees { #expect(reached[(tree * leaves)..<((tree + 1) * leaves)].reduce(0, +) == 1) }
                for k in 0..<classes {
                    var score = head.model.baseScores[k]
                    for column in 0..<(trees * leaves) { score += Double(reached[column] * weights[k * trees * leaves + column]) }
                    #expect(abs(score - expected[row * classes + k]) <= 1e-9, "\(head.name) row \(row) class \(k)")
                }
            }
        }
    }
}
