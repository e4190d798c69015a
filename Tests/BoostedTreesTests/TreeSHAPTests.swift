import Testing
import TensorCore
@testable import BoostedTrees

/// Path-dependent conditional expectation of one tree: features in `present` follow the row,
/// the others average the children by cover.
private func conditionalExpectation(_ tree: Tree, row: [Float], present: Set<Int>, node: Int = 0) -> Double {
    if tree.feature[node] < 0 { return tree.value[node] }
    let feature = Int(tree.feature[node])
    let left = Int(tree.left[node]), right = Int(tree.right[node])
    if present.contains(feature) {
        let x = row[feature]
        let goLeft = x.isNaN ? tree.defaultLeft[node] : x <= tree.threshold[node]
        return conditionalExpectation(tree, row: row, present: present, node: goLeft ? left : right)
    }
    return (tree.cover[left] * conditionalExpectation(tree, row: row, present: present, node: left)
        + tree.cover[right] * conditionalExpectation(tree, row: row, present: present, node: right)) / tree.cover[node]
}

/// Shapley values by enumerating every subset (the definition), for few features.
private func bruteForceShapley(_ model: GradientBoostedModel, row: [Float]) -> [Double] {
    let n = model.featureCount
    func value(_ subset: Set<Int>) -> Double {
        (0..<model.ensemble.treeCount).reduce(0) { $0 + conditionalExpectation(model.ensemble.tree($1), row: row, present: subset) }
    }
    var factorial = [1.0]
    for i in 1...n { factorial.append(factorial[i - 1] * Double(i)) }
    var phi = [Double](repeating: 0, count: n)
    for mask in 0..<(1 << n) {
        let subset = Set((0..<n).filter { mask & (1 << $0) != 0 })
        let base = value(subset)
        for feature in 0..<n where !subset.contains(feature) {
            let weight = factorial[subset.count] * factorial[n - subset.count - 1] / factorial[n]
            phi[feature] += weight * (value(subset.union([feature])) - base)
        }
    }
    return phi
}

@Test func treeSHAPEqualsBruteForceShapleyValues() throws {
    let data = SyntheticData.make(rows: 600, features: 4, seed: 21)
    var p = GradientBoostingParameters()
    p.objective = .squaredError
    p.iterationCount = 4
    p.maximumLeafCount = 12
    p.minimumDataInLeaf = 5
    let model = try GradientBoosting.train(features: data.matrix, labels: data.regression, parameters: p)
    for row in [0, 1, 2, 3, 17, 99] {
        let features = data.matrix.row(row)
        let shap = model.shapValues(features)
        let exact = bruteForceShapley(model, row: features)
        for f in 0..<4 { #expect(abs(shap[f] - exact[f]) < 1e-9, "row \(row) feature \(f)") }
    }
}

@Test func shapValuesSumToRawScoreMinusExpectedValue() throws {
    let data = SyntheticData.make(rows: 800, features: 6, seed: 22)
    for (objective, labels) in [(ObjectiveKind.binaryLogLoss, data.binary), (.multiclassSoftmax(classCount: 3), data.multiclass),
                                (.poisson, data.counts)] {
        var p = GradientBoostingParameters()
        p.objective = objective
        p.iterationCount = 20
        p.maximumLeafCount = 31
        p.minimumDataInLeaf = 5
        let model = try GradientBoosting.train(features: data.matrix, labels: labels, parameters: p)
        let classes = objective.classCount, stride = 7
        let batch = model.shapValues(data.matrix, threadCount: 2)
        let raw = model.predictRaw(data.matrix)
        for row in 0..<800 {
            for k in 0..<classes {
                let block = batch[(row * classes * stride + k * stride)..<(row * classes * stride + (k + 1) * stride)]
                #expect(abs(block.reduce(0, +) - raw[row * classes + k]) <= 1e-5, "objective \(objective) row \(row)")
            }
        }
        // Single-row and batch agree exactly.
        #expect(model.shapValues(data.matrix.row(5)) == Array(batch[(5 * classes * stride)..<(6 * classes * stride)]))
    }
}

/// Fast TreeSHAP v2 tables against the classic recursion on random trees: missing values, ties
/// with thresholds, features repeated along paths, several classes.
@Test func fastTreeSHAPMatchesTheClassicRecursion() throws {
    for (classes, seed) in [(1, UInt64(31)), (3, 32)] {
        let ensemble = RandomEnsemble.make(trees: 12, maximumLeafCount: 40, features: 6, seed: seed)
        let objective: ObjectiveKind = classes == 1 ? .squaredError : .multiclassSoftmax(classCount: classes)
        let model = GradientBoostedModel(ensemble: ensemble, objective: objective, baseScores: [Double](repeating: 0.25, count: classes),
                                         featureNames: (0..<6).map { "f\($0)" })
        let tables = _FastTreeSHAPTables(ensemble)
        #expect(tables.tabulated.allSatisfy { $0 })
        var fast = TreeSHAP(model: model, tableUse: .always), classic = TreeSHAP(model: model, tableUse: .never)
        #expect(fast.tables != nil && classic.tables == nil)
        var generator = SeededGenerator(seed: seed + 100)
        for _ in 0..<40 {
            let row = RandomEnsemble.row(features: 6, using: &generator)
            var a = [Double](repeating: 0, count: fast.valuesPerRow), b = a
            row.withUnsafeBufferPointer { r in
                a.withUnsafeMutableBufferPointer { fast.values(row: r, into: $0) }
                b.withUnsafeMutableBufferPointer { classic.values(row: r, into: $0) }
            }
            for i in a.indices { #expect(abs(a[i] - b[i]) <= 1e-9 * max(1, abs(b[i])), "row \(row) value \(i)") }
        }
    }
}

/// Trees the tables cannot hold use the recursion: too many unique features on a path (the
/// values still sum to the raw score) or an empty child (zero fraction 0).
@Test func treesOutsideTheTablesUseTheRecursion() throws {
    var ensemble = RandomEnsemble.make(trees: 3, maximumLeafCount: 10, features: 20, seed: 41)
    var chain = Tree()   // 16 splits on 16 different features along one path
    chain.appendLeaf(value: 0, cover: 131_072, hessianSum: 1)
    var node = 0
    for feature in 0..<16 {
        let left = chain.appendLeaf(value: Double(feature), cover: chain.cover[node] / 2, hessianSum: 1)
        let right = chain.appendLeaf(value: -Double(feature), cover: chain.cover[node] / 2, hessianSum: 1)
        chain.split(node: node, feature: feature, threshold: 0, defaultLeft: true, gain: 1, leftChild: left, rightChild: right)
        node = right
    }
    ensemble.append(chain)
    #expect(_FastTreeSHAPTables(ensemble).tabulated == [true, true, true, false])
    let model = GradientBoostedModel(ensemble: ensemble, objective: .squaredError, baseScores: [0], featureNames: (0..<20).map { "f\($0)" })
    var generator = SeededGenerator(seed: 42)
    for _ in 0..<20 {
        let row = RandomEnsemble.row(features: 20, using: &generator)
        let shap = model.shapValues(row)
        #expect(abs(shap.reduce(0, +) - model.predictRaw(row)[0]) <= 1e-9, "row \(row)")
    }
    var empty = Tree()
    empty.appendLeaf(value: 0, cover: 10, hessianSum: 1)
    let left = empty.appendLeaf(value: 1, cover: 0, hessianSum: 0), right = empty.appendLeaf(value: 2, cover: 10, hessianSum: 1)
    empty.split(node: 0, feature: 2, threshold: 0.5, defaultLeft: false, gain: 1, leftChild: left, rightChild: right)
    ensemble.append(empty)
    #expect(_FastTreeSHAPTables(ensemble).tabulated == [true, true, true, false, false])
}
