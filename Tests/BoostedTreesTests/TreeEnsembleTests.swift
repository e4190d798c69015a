import Testing
import TensorCore
@testable import BoostedTrees

/// `accumulate`, the interleaved traversal and the QuickScorer layout against the node-by-node
/// traversal, bit for bit (`accumulate` switches to a compiled form after
/// `_EnsembleCache.rowsBeforeScorer` rows).
private func expectSameAsTraversal(_ ensemble: TreeEnsemble, classCount: Int, features: Int, rows: Int, seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let scorer = _QuickScorer(ensemble), interleaved = _InterleavedTraversal(ensemble)
    for _ in 0..<rows {
        let row = RandomEnsemble.row(features: features, using: &generator)
        var viaEnsemble = [Double](repeating: 0.5, count: classCount), viaScorer = viaEnsemble, reference = viaEnsemble
        var viaInterleaved = viaEnsemble
        row.withUnsafeBufferPointer { r in
            ensemble.accumulate(row: r.baseAddress!, into: &viaEnsemble, classCount: classCount)
            scorer?.accumulate(row: r.baseAddress!, into: &viaScorer, classCount: classCount)
            interleaved?.accumulate(row: r.baseAddress!, into: &viaInterleaved, classCount: classCount)
            ensemble._accumulateByTraversal(row: r.baseAddress!, into: &reference, classCount: classCount)
        }
        #expect(viaEnsemble.map(\.bitPattern) == reference.map(\.bitPattern), "row \(row)")
        if scorer != nil { #expect(viaScorer.map(\.bitPattern) == reference.map(\.bitPattern), "row \(row)") }
        if interleaved != nil { #expect(viaInterleaved.map(\.bitPattern) == reference.map(\.bitPattern), "row \(row)") }
    }
}

@Test func interleavedTraversalIsBitIdenticalToTraversal() {
    // Fewer trees than lanes, a multiple of the lanes, and uneven lanes; 1 to 3 classes.
    for (trees, classes, seed) in [(3, 1, UInt64(21)), (16, 2, 22), (301, 3, 23), (300, 1, 24)] {
        let ensemble = RandomEnsemble.make(trees: trees, maximumLeafCount: 70, features: 7, seed: seed)
        #expect(_InterleavedTraversal(ensemble) != nil)
        expectSameAsTraversal(ensemble, classCount: classes, features: 7, rows: 200, seed: seed + 10)
    }
    // Zero covers: the trees are dealt to the lanes by leaf count instead.
    let covered = RandomEnsemble.make(trees: 37, maximumLeafCount: 40, features: 7, seed: 27)
    let uncovered = try! TreeEnsemble(treeStarts: covered.treeStarts, feature: covered.feature, threshold: covered.threshold,
                                      left: covered.left, right: covered.right, value: covered.value,
                                      cover: [Double](repeating: 0, count: covered.cover.count), defaultLeft: covered.defaultLeft)
    #expect(_InterleavedTraversal(uncovered) != nil)
    expectSameAsTraversal(uncovered, classCount: 2, features: 7, rows: 200, seed: 28)
}

@Test func interleavedTraversalHandlesSignedZeroNaNThresholdsAndSingleLeafTrees() {
    // Single-leaf trees among split ones (0, 8, 16, 24; dealt first in a lane) and one after
    // another (25 to 39, dealt two or more per lane after the split trees, the last ones last in
    // their lanes); splits on -0, +0, NaN and infinite thresholds both ways.
    let thresholds: [(Float, Bool)] = [(-0.0, true), (0.0, false), (.nan, true), (.nan, false), (.infinity, false),
                                       (-.infinity, true), (0.0, true), (-0.0, false)]
    var ensemble = TreeEnsemble()
    for index in 0..<40 {
        var tree = Tree()
        tree.appendLeaf(value: Double(index) / 8, cover: 2, hessianSum: 2)
        if index % 8 != 0 && index < 25 {
            let (threshold, defaultLeft) = thresholds[index % thresholds.count]
            let left = tree.appendLeaf(value: Double(index), cover: 1, hessianSum: 1)
            let right = tree.appendLeaf(value: 1000 + Double(index), cover: 1, hessianSum: 1)
            tree.split(node: 0, feature: 1, threshold: threshold, defaultLeft: defaultLeft, gain: 1, leftChild: left, rightChild: right)
        }
        ensemble.append(tree)
    }
    let interleaved = _InterleavedTraversal(ensemble)
    #expect(interleaved != nil)
    for x in [Float(-0.0), 0, .nan, .infinity, -.infinity, .leastNonzeroMagnitude, -.leastNonzeroMagnitude] {
        let row: [Float] = [7, x]
        for classes in 1...2 {
            var fast = [Double](repeating: 0, count: classes), reference = fast
            row.withUnsafeBufferPointer { r in
                interleaved?.accumulate(row: r.baseAddress!, into: &fast, classCount: classes)
                ensemble._accumulateByTraversal(row: r.baseAddress!, into: &reference, classCount: classes)
            }
            #expect(fast.map(\.bitPattern) == reference.map(\.bitPattern), "x = \(x), \(classes) classes")
        }
    }
}

@Test func ensemblesTooLargeForTheInterleavedLayoutUseTheQuickScorer() {
    // 70,000 nodes do not fit 16-bit node indices.
    let ensemble = RandomEnsemble.make(trees: 1100, maximumLeafCount: 64, features: 5, seed: 25)
    if ensemble.feature.count >= Int(UInt16.max) {
        #expect(_InterleavedTraversal(ensemble) == nil)
        #expect(_QuickScorer(ensemble) != nil)
        expectSameAsTraversal(ensemble, classCount: 1, features: 5, rows: 5, seed: 26)
    } else {
        Issue.record("the ensemble has only \(ensemble.feature.count) nodes")
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

@Test func ensemblesQuickScorerCannotHoldUseTheInterleavedTraversal() {
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
    #expect(_InterleavedTraversal(ensemble) != nil)
    expectSameAsTraversal(ensemble, classCount: 1, features: 3, rows: 50, seed: 4)
}

@Test func changingTheArraysRebuildsTheCompiledForm() {
    var ensemble = RandomEnsemble.make(trees: 20, maximumLeafCount: 31, features: 5, seed: 5)
    let row: [Float] = [0.3, -0.2, 1.1, 0, -1]
    /// The score after enough calls for `accumulate` to use a compiled form.
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
