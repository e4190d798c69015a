import Testing
import TensorCore
@testable import BoostedTrees

private func parameters(_ objective: ObjectiveKind, iterations: Int = 30) -> GradientBoostingParameters {
    var p = GradientBoostingParameters()
    p.objective = objective
    p.iterationCount = iterations
    p.maximumLeafCount = 15
    p.minimumDataInLeaf = 10
    return p
}

@Test func trainingReducesTheLossForEveryObjective() throws {
    let data = SyntheticData.make(rows: 1200)
    for (objective, labels) in [(ObjectiveKind.squaredError, data.regression), (.binaryLogLoss, data.binary),
                                (.multiclassSoftmax(classCount: 3), data.multiclass), (.poisson, data.counts)] {
        var losses: [Double] = []
        let model = try GradientBoosting.train(features: data.matrix, labels: labels, parameters: parameters(objective)) {
            losses.append($0.trainingLoss)
        }
        #expect(losses.count == 30)
        #expect(losses.last! < losses.first! * 0.9, "objective \(objective)")
        #expect(model.ensemble.treeCount == 30 * objective.classCount)
        // The trees' partition of the training rows agrees with raw-value prediction: the
        // training loss reported equals the loss of the model's own raw predictions.
        let raw = model.predictRaw(data.matrix)
        let loss = objective.objective.loss(scores: raw, labels: labels)
        #expect(abs(loss - losses.last!) < 1e-9 * max(1, abs(loss)))
    }
}

@Test func binaryModelSeparatesClasses() throws {
    let data = SyntheticData.make(rows: 2000, seed: 4)
    let model = try GradientBoosting.train(features: data.matrix, labels: data.binary, parameters: parameters(.binaryLogLoss))
    let probabilities = model.predict(data.matrix)
    let correct = zip(probabilities, data.binary).filter { ($0 > 0.5) == ($1 == 1) }.count
    #expect(Double(correct) / 2000 > 0.85)
    #expect(probabilities.allSatisfy { $0 > 0 && $0 < 1 })
}

@Test func sameSeedAndThreadCountGiveBitIdenticalModels() throws {
    let data = SyntheticData.make(rows: 1500, seed: 5)
    var p = parameters(.binaryLogLoss, iterations: 15)
    p.rowSubsample = 0.7
    p.columnSubsample = 0.6
    p.seed = 42
    p.threadCount = 2
    let a = try GradientBoosting.train(features: data.matrix, labels: data.binary, parameters: p)
    let b = try GradientBoosting.train(features: data.matrix, labels: data.binary, parameters: p)
    #expect(a.ensemble == b.ensemble)
    p.threadCount = 1
    let single = try GradientBoosting.train(features: data.matrix, labels: data.binary, parameters: p)
    #expect(single.ensemble == a.ensemble, "feature-parallel histograms do not depend on the thread count")
    p.seed = 43
    let other = try GradientBoosting.train(features: data.matrix, labels: data.binary, parameters: p)
    #expect(other.ensemble != a.ensemble)
}

@Test func nanRoutingFollowsTheLearnedDefault() throws {
    // Feature 0 is missing exactly when the label is high: the learned default must send NaN to
    // the high side, which is the right side of a split on x (low x -> low label).
    var generator = SeededGenerator(seed: 11)
    var rows: [[Float]] = [], labels: [Float] = []
    for _ in 0..<600 {
        let x = Float(generator.nextUniform())
        if generator.nextUniform() < 0.3 { rows.append([.nan]); labels.append(10) } else { rows.append([x]); labels.append(x < 0.5 ? 0 : 5) }
    }
    let matrix = try FeatureMatrix(rows: rows)
    var p = parameters(.squaredError, iterations: 1)
    p.maximumLeafCount = 2
    p.learningRate = 1
    let model = try GradientBoosting.train(features: matrix, labels: labels, parameters: p)
    let tree = model.ensemble.tree(0)
    #expect(tree.feature[0] == 0)
    #expect(tree.defaultLeft[0] == false)
    let nanPrediction = model.predictRaw([.nan])[0]
    let highPrediction = model.predictRaw([tree.threshold[0] + 0.01])[0]
    #expect(nanPrediction == highPrediction)
    #expect(nanPrediction > 5)
    // And mirrored: NaN with the low labels goes left.
    let mirrored = labels.map { $0 == 10 ? -5 : $0 }
    let model2 = try GradientBoosting.train(features: matrix, labels: mirrored, parameters: p)
    #expect(model2.ensemble.tree(0).defaultLeft[0] == true)
    #expect(model2.predictRaw([.nan])[0] == model2.predictRaw([-100])[0])
}

@Test func limitsAreRespected() throws {
    let data = SyntheticData.make(rows: 1000, seed: 6)
    var p = parameters(.squaredError, iterations: 5)
    p.maximumLeafCount = 31
    p.maximumDepth = 3
    p.minimumDataInLeaf = 40
    let model = try GradientBoosting.train(features: data.matrix, labels: data.regression, parameters: p)
    for t in 0..<model.ensemble.treeCount {
        let tree = model.ensemble.tree(t)
        #expect(tree.maximumDepth <= 3)
        #expect(tree.leafCount <= 8)
        for node in 0..<tree.nodeCount where tree.feature[node] < 0 { #expect(tree.cover[node] >= 40) }
    }
}

@Test func l1AndL2ShrinkLeafValues() throws {
    let data = SyntheticData.make(rows: 800, seed: 7)
    var p = parameters(.squaredError, iterations: 1)
    let plain = try GradientBoosting.train(features: data.matrix, labels: data.regression, parameters: p)
    p.l2 = 50
    p.l1 = 5
    let regularised = try GradientBoosting.train(features: data.matrix, labels: data.regression, parameters: p)
    let spread = { (m: GradientBoostedModel) in m.ensemble.value.map(abs).max()! }
    #expect(spread(regularised) < spread(plain))
}

@Test func earlyStoppingKeepsTheBestIteration() throws {
    let data = SyntheticData.make(rows: 1000, seed: 8)
    let validation = SyntheticData.make(rows: 400, seed: 80)
    var p = parameters(.binaryLogLoss, iterations: 200)
    p.learningRate = 0.5
    p.maximumLeafCount = 31
    p.minimumDataInLeaf = 2
    p.earlyStoppingRounds = 5
    var validationLosses: [Double] = []
    let model = try GradientBoosting.train(features: data.matrix, labels: data.binary, parameters: p,
                                           validation: (validation.matrix, validation.binary)) {
        validationLosses.append($0.validationLoss!)
    }
    #expect(validationLosses.count < 200)
    let best = validationLosses.indices.min { validationLosses[$0] < validationLosses[$1] }!
    #expect(model.iterationCount == best + 1)
    #expect(validationLosses.count == best + 1 + 5)
}

@Test func badInputThrowsTypedErrors() throws {
    let data = SyntheticData.make(rows: 50)
    var p = GradientBoostingParameters()
    p.objective = .binaryLogLoss
    #expect(throws: BoostedTreesError.self) { try GradientBoosting.train(features: data.matrix, labels: data.regression, parameters: p) }
    p.maximumLeafCount = 1
    #expect(throws: BoostedTreesError.self) { try GradientBoosting.train(features: data.matrix, labels: data.binary, parameters: p) }
    p = GradientBoostingParameters()
    #expect(throws: BoostedTreesError.self) { try GradientBoosting.train(features: data.matrix, labels: [1, 2], parameters: p) }
    let error = BoostedTreesError.invalidLabel(row: 3, value: 2, expected: "0 or 1")
    #expect(error.description == "label at row 3 is 2.0: expected 0 or 1")
}

@Test func featureImportanceCountsSplits() throws {
    let data = SyntheticData.make(rows: 1000, features: 5, seed: 12)
    let model = try GradientBoosting.train(features: data.matrix, labels: data.regression, parameters: parameters(.squaredError))
    let importance = model.featureImportance
    let splits = model.ensemble.feature.filter { $0 >= 0 }.count
    #expect(importance.splitCount.reduce(0, +) == splits)
    // The signal lives in features 0-2; noise features 3-4 gain less.
    #expect(importance.totalGain[0] > importance.totalGain[3] + importance.totalGain[4])
}

@Test func singleRowAndBatchPredictionAgree() throws {
    let data = SyntheticData.make(rows: 300, seed: 13)
    let model = try GradientBoosting.train(features: data.matrix, labels: data.multiclass,
                                           parameters: parameters(.multiclassSoftmax(classCount: 3), iterations: 10))
    let batch = model.predict(data.matrix, threadCount: 2)
    var outputs = [Double](repeating: 0, count: 3)
    for row in 0..<300 {
        let features = data.matrix.row(row)
        features.withUnsafeBufferPointer { r in outputs.withUnsafeMutableBufferPointer { model.predict(row: r, into: $0) } }
        #expect(Array(batch[(row * 3)..<(row * 3 + 3)]) == outputs)
        #expect(abs(outputs.reduce(0, +) - 1) < 1e-12)
    }
}
