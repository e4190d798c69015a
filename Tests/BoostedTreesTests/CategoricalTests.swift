import Foundation
import Testing
import TensorCore
@testable import BoostedTrees

/// Categorical features: one-vs-rest splits in training, prediction on every path, TreeSHAP,
/// LightGBM text, and parity with LightGBM (fixture from
/// Benchmarks/peers/trees_categorical_fixtures.py).

private struct CategoricalFixture: Decodable {
    struct Split: Decodable { var features: [Float?]; var labels: [Float] }
    var rounds: Int
    var feature_count: Int
    var train: Split
    var test: Split
    var lightgbm_test_auc: Double
    var export_rows: [Float?]?
    var export_raw_scores: [Double]?
}

private func fixture() throws -> CategoricalFixture {
    let url = try #require(Bundle.module.url(forResource: "categorical_lightgbm", withExtension: "json", subdirectory: "Fixtures"))
    return try JSONDecoder().decode(CategoricalFixture.self, from: Data(contentsOf: url))
}

private func matrix(_ values: [Float?], featureCount: Int) throws -> FeatureMatrix {
    try FeatureMatrix(values: values.map { $0 ?? .nan }, rowCount: values.count / featureCount, featureCount: featureCount)
}

@Test func oneVsRestSplitFindsTheCategoryThatCarriesTheSignal() throws {
    var generator = SeededGenerator(seed: 31)
    var rows: [[Float]] = [], labels: [Float] = []
    for _ in 0..<600 {
        let category = Float(generator.nextInt(below: 10))
        rows.append([Float(generator.nextUniform()), category])
        labels.append(category == 7 ? 3 : 0)
    }
    var parameters = GradientBoostingParameters()
    parameters.iterationCount = 1
    parameters.maximumLeafCount = 2
    parameters.categoricalFeatures = [1]
    let model = try GradientBoosting.train(features: try FeatureMatrix(rows: rows), labels: labels, parameters: parameters)
    let tree = model.ensemble.tree(0)
    #expect(tree.feature[0] == 1 && tree.isCategorical[0] && tree.threshold[0] == 7)
    #expect(model.predict([0.5, 7])[0] > model.predict([0.5, 6])[0])
    // Numerical binning of the same codes cannot isolate 7 in one split.
    parameters.categoricalFeatures = []
    let numerical = try GradientBoosting.train(features: try FeatureMatrix(rows: rows), labels: labels, parameters: parameters)
    #expect(!numerical.ensemble.tree(0).isCategorical[0])
}

@Test func unseenCategoriesGoRightAndMissingValuesFollowTheDefault() {
    for missingLeft in [true, false] {
        var tree = Tree()
        tree.appendLeaf(value: 0, cover: 2, hessianSum: 2)
        let left = tree.appendLeaf(value: 1, cover: 1, hessianSum: 1)
        let right = tree.appendLeaf(value: 2, cover: 1, hessianSum: 1)
        tree.split(node: 0, feature: 0, threshold: 3, defaultLeft: missingLeft, gain: 1, leftChild: left, rightChild: right,
                   isCategorical: true)
        var ensemble = TreeEnsemble()
        ensemble.append(tree)
        let interleaved = _InterleavedTraversal(ensemble)
        for (x, expected) in [(Float(3), 1.0), (5, 2), (-1, 2), (3.5, 2), (1000, 2), (.nan, missingLeft ? 1 : 2)] {
            var traversal = 0.0, fast = 0.0
            [x].withUnsafeBufferPointer { row in
                ensemble._accumulateByTraversal(row: row.baseAddress!, into: &traversal, classCount: 1)
                interleaved?.accumulate(row: row.baseAddress!, into: &fast, classCount: 1)
                #expect(tree.leaf(for: row) == (expected == 1 ? left : right), "x = \(x)")
            }
            #expect(traversal == expected && fast == expected, "x = \(x), missing left \(missingLeft)")
        }
    }
}

@Test func everyPredictionPathAgreesWithCategoricalSplits() throws {
    let categorical: Set<Int> = [0, 3]
    for (trees, classes, seed) in [(5, 1, UInt64(41)), (90, 3, 42)] {
        let ensemble = RandomEnsemble.make(trees: trees, maximumLeafCount: 20, features: 5, seed: seed, categoricalFeatures: categorical)
        #expect(ensemble.hasCategoricalSplits)
        #expect(_QuickScorer(ensemble) == nil)
        let interleaved = try #require(_InterleavedTraversal(ensemble))
        var generator = SeededGenerator(seed: seed + 100)
        var rows: [Float] = []
        var reference: [Double] = []
        for _ in 0..<300 {
            let row = RandomEnsemble.row(features: 5, using: &generator, categoricalFeatures: categorical)
            var viaTraversal = [Double](repeating: 0, count: classes), viaInterleaved = viaTraversal, viaEnsemble = viaTraversal
            row.withUnsafeBufferPointer { r in
                ensemble._accumulateByTraversal(row: r.baseAddress!, into: &viaTraversal, classCount: classes)
                interleaved.accumulate(row: r.baseAddress!, into: &viaInterleaved, classCount: classes)
                ensemble.accumulate(row: r.baseAddress!, into: &viaEnsemble, classCount: classes)
            }
            #expect(viaInterleaved.map(\.bitPattern) == viaTraversal.map(\.bitPattern), "row \(row)")
            #expect(viaEnsemble.map(\.bitPattern) == viaTraversal.map(\.bitPattern), "row \(row)")
            rows += row
            reference += viaTraversal
        }
        let objective: ObjectiveKind = classes == 1 ? .squaredError : .multiclassSoftmax(classCount: classes)
        let model = GradientBoostedModel(ensemble: ensemble, objective: objective, baseScores: [Double](repeating: 0, count: classes),
                                         featureNames: (0..<5).map { "f\($0)" })
        let batch = model.predictRaw(try FeatureMatrix(values: rows, rowCount: 300, featureCount: 5), threadCount: 2)
        #expect(batch.map(\.bitPattern) == reference.map(\.bitPattern))
    }
}

@Test func shapValuesWithCategoricalSplitsSumToRawScoreMinusExpectedValue() throws {
    let data = try fixture()
    let train = try matrix(data.train.features, featureCount: data.feature_count)
    var parameters = GradientBoostingParameters()
    parameters.objective = .binaryLogLoss
    parameters.iterationCount = 15
    parameters.maximumLeafCount = 15
    parameters.categoricalFeatures = [0, 2]
    let model = try GradientBoosting.train(features: train, labels: data.train.labels, parameters: parameters)
    #expect(model.ensemble.hasCategoricalSplits)
    var classic = TreeSHAP(model: model, tableUse: .never), fast = TreeSHAP(model: model, tableUse: .always)
    let test = try matrix(data.test.features, featureCount: data.feature_count)
    for index in 0..<40 {
        let row = test.row(index)
        var slow = [Double](repeating: 0, count: classic.valuesPerRow), quick = slow
        row.withUnsafeBufferPointer { r in
            slow.withUnsafeMutableBufferPointer { classic.values(row: r, into: $0) }
            quick.withUnsafeMutableBufferPointer { fast.values(row: r, into: $0) }
        }
        let raw = model.predictRaw(row)[0]
        #expect(abs(slow.reduce(0, +) - raw) <= 1e-5, "row \(index)")
        #expect(abs(quick.reduce(0, +) - raw) <= 1e-5, "row \(index)")
        for (a, b) in zip(slow, quick) { #expect(abs(a - b) <= 1e-9) }
    }
}

@Test func badCategoryCodesThrowTypedErrors() throws {
    func train(_ column: [Float], categorical: [Int] = [0], bins: Int = 256) throws {
        var parameters = GradientBoostingParameters()
        parameters.iterationCount = 1
        parameters.categoricalFeatures = categorical
        parameters.maximumBinCount = bins
        _ = try GradientBoosting.train(features: try FeatureMatrix(values: column, rowCount: column.count, featureCount: 1),
                                       labels: column.map { _ in 1 }, parameters: parameters)
    }
    #expect(throws: BoostedTreesError.invalidCategory(feature: 0, row: 2, value: -1)) { try train([0, 1, -1]) }
    #expect(throws: BoostedTreesError.invalidCategory(feature: 0, row: 1, value: 2.5)) { try train([0, 2.5, 1]) }
    #expect(throws: BoostedTreesError.invalidCategory(feature: 0, row: 0, value: .infinity)) { try train([.infinity, 1]) }
    #expect(throws: BoostedTreesError.tooManyCategories(feature: 0, count: 3, limit: 2)) { try train([0, 1, 2, .nan], bins: 3) }
    #expect(throws: BoostedTreesError.invalidParameter(name: "categoricalFeatures", value: "1",
                                                       expected: "feature indices in 0..<1")) { try train([0, 1], categorical: [1]) }
    #expect(throws: BoostedTreesError.self) { try train([0, 1], categorical: [0, 0]) }
    let message = BoostedTreesError.tooManyCategories(feature: 4, count: 300, limit: 255).description
    #expect(message.contains("300 categories") && message.contains("group rare categories") && !message.contains("\n"))
    try train([0, 1, 2, .nan, 7])   // codes and missing values are fine
}

@Test func lightGBMTextRoundTripsCategoricalSplits() throws {
    let ensemble = RandomEnsemble.make(trees: 12, maximumLeafCount: 10, features: 4, seed: 51, categoricalFeatures: [0, 2],
                                       missingValuesRightInCategoricalSplits: true)
    let model = GradientBoostedModel(ensemble: ensemble, objective: .squaredError, baseScores: [0], featureNames: ["a", "b", "c", "d"])
    let text = try model.lightGBMText()
    #expect(text.contains("cat_boundaries=") && text.contains("cat_threshold="))
    // LightGBM numbers splits before leaves: the reloaded trees are renumbered, so compare the
    // text they write and their predictions.
    let loaded = try GradientBoostedModel(lightGBMText: text)
    #expect(try loaded.lightGBMText() == text)
    #expect(loaded.ensemble.isCategorical.filter { $0 }.count == ensemble.isCategorical.filter { $0 }.count)
    var generator = SeededGenerator(seed: 52)
    for _ in 0..<200 {
        let row = RandomEnsemble.row(features: 4, using: &generator, categoricalFeatures: [0, 2])
        #expect(loaded.predictRaw(row)[0].bitPattern == model.predictRaw(row)[0].bitPattern, "row \(row)")
    }
    // Missing values sent left by a categorical split: LightGBM cannot express it.
    var tree = Tree()
    tree.appendLeaf(value: 0, cover: 2, hessianSum: 2)
    tree.split(node: 0, feature: 0, threshold: 4, defaultLeft: true, gain: 1,
               leftChild: tree.appendLeaf(value: 1, cover: 1, hessianSum: 1),
               rightChild: tree.appendLeaf(value: 2, cover: 1, hessianSum: 1), isCategorical: true)
    var unsupported = TreeEnsemble()
    unsupported.append(tree)
    let bad = GradientBoostedModel(ensemble: unsupported, objective: .squaredError, baseScores: [0], featureNames: ["a"])
    #expect(throws: BoostedTreesError.self) { try bad.lightGBMText() }
}

/// The model whose LightGBM export is checked against LightGBM's own predictions.
private func exportModel() -> GradientBoostedModel {
    let ensemble = RandomEnsemble.make(trees: 30, maximumLeafCount: 12, features: 4, seed: 61, categoricalFeatures: [0, 2],
                                       missingValuesRightInCategoricalSplits: true)
    return GradientBoostedModel(ensemble: ensemble, objective: .binaryLogLoss, baseScores: [0.25],
                                featureNames: ["f0", "f1", "f2", "f3"])
}

@Test func lightGBMPredictsOurExportedCategoricalModelAsWeDo() throws {
    let text = try exportModel().lightGBMText()
    let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/categorical_export_model.txt")
    if ProcessInfo.processInfo.environment["ODML_WRITE_FIXTURES"] == "1" {
        try text.write(to: source, atomically: true, encoding: .utf8)   // then rerun trees_categorical_fixtures.py
    }
    let url = try #require(Bundle.module.url(forResource: "categorical_export_model", withExtension: "txt", subdirectory: "Fixtures"))
    #expect(try String(contentsOf: url, encoding: .utf8) == text,
            "the export changed: run ODML_WRITE_FIXTURES=1 swift test --filter CategoricalTests, then trees_categorical_fixtures.py")
    let data = try fixture()
    let rows = try matrix(try #require(data.export_rows), featureCount: 4)
    let expected = try #require(data.export_raw_scores)
    let ours = exportModel().predictRaw(rows)
    #expect(ours.count == expected.count)
    // LightGBM folds the base score into the first tree's leaves and sums in its own order:
    // equal up to rounding.
    for (index, (a, b)) in zip(ours, expected).enumerated() { #expect(abs(a - b) <= 1e-12 * max(1, abs(b)), "row \(index)") }
}

@Test func categoricalAUCWithin0_01OfLightGBM() throws {
    // 1,000 test rows (about 380 positives): one AUC standard error is about 0.017; both
    // learners split one category against the rest with the same gain, so they should differ
    // by much less than that. Tolerance: 0.01.
    let data = try fixture()
    var parameters = lightGBMParameters(.binaryLogLoss, rounds: data.rounds)
    parameters.maximumLeafCount = 15
    parameters.categoricalFeatures = [0, 2]
    let model = try GradientBoosting.train(features: try matrix(data.train.features, featureCount: data.feature_count),
                                           labels: data.train.labels, parameters: parameters)
    let auc = areaUnderCurve(scores: model.predict(try matrix(data.test.features, featureCount: data.feature_count)),
                             labels: data.test.labels)
    #expect(abs(auc - data.lightgbm_test_auc) <= 0.01, "ours \(auc) vs LightGBM \(data.lightgbm_test_auc)")
}
