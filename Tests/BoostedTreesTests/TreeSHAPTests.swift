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
