import Testing
@testable import BoostedTrees

@Test func lightGBMTextRoundTripPredictsBitIdentically() throws {
    let data = SyntheticData.make(rows: 700, seed: 31)
    for (objective, labels) in [(ObjectiveKind.binaryLogLoss, data.binary), (.multiclassSoftmax(classCount: 3), data.multiclass),
                                (.squaredError, data.regression), (.poisson, data.counts)] {
        var p = GradientBoostingParameters()
        p.objective = objective
        p.iterationCount = 12
        let model = try GradientBoosting.train(features: data.matrix, labels: labels, parameters: p)
        let text = try model.lightGBMText()
        let loaded = try GradientBoostedModel(lightGBMText: text)
        #expect(loaded.objective == objective)
        #expect(loaded.featureNames == model.featureNames)
        #expect(loaded.predictRaw(data.matrix) == model.predictRaw(data.matrix))
        // A second round trip is exact on the tree arrays.
        #expect(try GradientBoostedModel(lightGBMText: try loaded.lightGBMText()).ensemble == loaded.ensemble)
        // SHAP values agree up to rounding (the base score moved into the first trees).
        let a = model.shapValues(data.matrix.row(3)), b = loaded.shapValues(data.matrix.row(3))
        for i in 0..<(a.count) where (i + 1) % (model.featureCount + 1) != 0 { #expect(abs(a[i] - b[i]) < 1e-9) }
    }
}

@Test func malformedLightGBMTextNamesTheLineAndField() throws {
    let text = "tree\nversion=v4\nnum_class=1\nmax_feature_idx=0\nobjective=binary sigmoid:1\n\nTree=0\nnum_leaves=2\nnum_cat=0\n"
        + "split_feature=0\nthreshold=abc\ndecision_type=2\nleft_child=-1\nright_child=-2\nleaf_value=0.1 0.2\n"
        + "leaf_count=1 1\ninternal_value=0\ninternal_count=2\n\nend of trees\n"
    #expect(throws: BoostedTreesError.malformedModelText(line: 11, field: "threshold", expected: "a number", found: "abc")) {
        try GradientBoostedModel(lightGBMText: text)
    }
    #expect(throws: BoostedTreesError.self) {
        try GradientBoostedModel(lightGBMText: text.replacingOccurrences(of: "binary sigmoid:1", with: "lambdarank"))
    }
}
