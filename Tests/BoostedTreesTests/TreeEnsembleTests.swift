import Testing
import TensorCore
@testable import BoostedTrees

/// `accumulate` and the QuickScorer layout against the node-by-node traversal, bit for bit
/// (`accumulate` switches to the layout after `_EnsembleCache.rowsBeforeScorer` rows).
private func expectSameAsTraversal(_ ensemble: TreeEnsemble, classCount: Int, features: Int, rows: Int, seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let scorer = _QuickScorer(ensemble)
    for _ in 0..<rows {
        let row = RandomEnsemble.row(features: features, using: &generator)
        var viaEnsemble = [Double](repeating: 0.5, count: classCount), viaScorer = viaEnsemble, reference = viaEnsemble
        row.withUnsafeBufferPointer { r in
            ensemble.accumulate(row: r.baseAddress!, into: &viaEnsemble, classCount: classCount)
            scorer?.accumulate(row: r.baseAddress!, into: &viaScorer, classCount: classCount)
            ensemble._accumulateByTraversal(row: r.baseAddress!, into: &reference, classCount: classCount)
        }
        #expect(viaEnsemble == reference, "row \(row)")
        if scorer != nil { #expect(viaScorer == reference, "row \(row)") }
    }
}

@Test func quickScorerIsBitIdenticalToTraversal() {
    // 300 trees: three blocks of 128; up to 64 leaves (the largest mask); 1 to 3 classes.
    for (classes, seed) in [(1, UInt64(1)), (3, 2)] {
        let ensemble = RandomEnsemble.make(trees: 300, maximumLeafCount: 64, features: 7, seed: seed)
        #expect(_QuickScorer(ensemble) != nil)
        expectSameAsTraversal(ensemble, classCount: classes, features: 7, rows: 300, seed: seed + 10)
    }
}

@Test func ensemblesQuickScorerCannotHoldFallBackToTraversal() {
    var ensemble = RandomEnsemble.make(trees: 3, maximumLeafCount: 4, features: 3, seed: 3)
    var wide = Tree()
    wide.appendLeaf(value: 0, cover: 1, hessianSum: 1)
    for leaf in 0..<64 {   // a 65-leaf chain
        let left = wide.appendLeaf(value: Double(leaf), cover: 1, hessianSum: 1)
        let right = wide.appendLeaf(value: -Double(leaf), cover: 1, hessianSum: 1)
        wide.split(node: leaf == 0 ? 0 : 2 * leaf, feature: leaf % 3, threshold: Float(leaf % 5) / 4, defaultLeft: true,
                   gain: 1, leftChild: left, rightChild: right)
    }
    ensemble.append(wide)
    #expect(_QuickScorer(ensemble) == nil)
    expectSameAsTraversal(ensemble, classCount: 1, features: 3, rows: 50, seed: 4)
}

@Test func changingTheArraysRebuildsTheQuickScorer() {
    var ensemble = RandomEnsemble.make(trees: 20, maximumLeafCount: 31, features: 5, seed: 5)
    let row: [Float] = [0.3, -0.2, 1.1, 0, -1]
    /// The score after enough calls for `accumulate` to use the QuickScorer layout.
    func score(_ ensemble: TreeEnsemble) -> Double {
        var total = 0.0
        for _ in 0..._EnsembleCache.rowsBeforeScorer {
            total = 0
            row.withUnsafeBufferPointer { ensemble.accumulate(row: $0.baseAddress!, into: &total, classCount: 1) }
        }
        return total
    }
    let before = score(ensemble)
    let copy = ensemble
    for node in ensemble.value.indices { ensemble.value[node] += 1 }
    #expect(abs(score(ensemble) - (before + 20)) < 1e-9)
    for node in ensemble.threshold.indices where ensemble.feature[node] >= 0 { ensemble.threshold[node] = 10 }
    expectSameAsTraversal(ensemble, classCount: 1, features: 5, rows: 20, seed: 6)
    #expect(score(copy) == before)
}
