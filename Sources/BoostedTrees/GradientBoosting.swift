import Dispatch
import TensorCore

/// Gradient boosting of regression trees on histograms (the LightGBM recipe): bin the features,
/// then for each iteration compute gradients and hessians from the objective and grow one
/// leaf-wise tree per class on them, shrunk by the learning rate.
public enum GradientBoosting {
    /// Progress of training, reported after each iteration.
    public struct Progress: Sendable {
        /// Iterations done.
        public var iteration: Int
        /// Training loss after this iteration.
        public var trainingLoss: Double
        /// Validation loss after this iteration, when a validation set was given.
        public var validationLoss: Double?
    }

    /// Trains a model.
    /// - Parameters:
    ///   - features: training rows, shape `NF` (`NaN` = missing).
    ///   - labels: `N` labels (class indices for multiclass).
    ///   - validation: optional held-out rows and labels for early stopping.
    ///   - featureNames: `F` names (default `Column_0`…).
    ///   - progress: called after every iteration.
    public static func train(features: FeatureMatrix, labels: [Float], parameters: GradientBoostingParameters,
                             validation: (features: FeatureMatrix, labels: [Float])? = nil,
                             featureNames: [String]? = nil,
                             progress: ((Progress) -> Void)? = nil) throws -> GradientBoostedModel {
        try parameters.validate()
        guard features.rowCount > 0, features.featureCount > 0 else { throw BoostedTreesError.emptyDataset }
        guard labels.count == features.rowCount else {
            throw BoostedTreesError.shapeMismatch(what: "labels", expected: features.rowCount, found: labels.count)
        }
        if let names = featureNames, names.count != features.featureCount {
            throw BoostedTreesError.shapeMismatch(what: "featureNames", expected: features.featureCount, found: names.count)
        }
        if let validation {
            guard validation.features.featureCount == features.featureCount else {
                throw BoostedTreesError.shapeMismatch(what: "validation feature count", expected: features.featureCount,
                                                      found: validation.features.featureCount)
            }
            guard validation.labels.count == validation.features.rowCount else {
                throw BoostedTreesError.shapeMismatch(what: "validation labels", expected: validation.features.rowCount,
                                                      found: validation.labels.count)
            }
        }
        let objective = parameters.objective.objective
        try objective.validate(labels: labels)
        if let validation { try objective.validate(labels: validation.labels) }

        let rowCount = features.rowCount, featureCount = features.featureCount
        let classCount = objective.classCount
        // Categorical features keep the one-bin-per-code mapper; numerical ones fit concurrently.
        let mapper = parameters.categoricalFeatures.isEmpty
            ? try fittedMapper(features, maximumBinCount: parameters.maximumBinCount, threadCount: parameters.threadCount)
            : try BinMapper(fitting: features, maximumBinCount: parameters.maximumBinCount,
                            categoricalFeatures: parameters.categoricalFeatures)
        let data = BinnedDataset(matrix: features, mapper: mapper, threadCount: parameters.threadCount)
        let finder = SplitFinder(l1: parameters.l1, l2: parameters.l2, minimumDataInLeaf: parameters.minimumDataInLeaf,
                                 minimumSumHessian: parameters.minimumSumHessian,
                                 minimumGainToSplit: parameters.minimumGainToSplit)
        let learner = TreeLearner(data: data, finder: finder, maximumLeafCount: parameters.maximumLeafCount,
                                  maximumDepth: parameters.maximumDepth, learningRate: parameters.learningRate,
                                  threadCount: parameters.threadCount)
        let baseScores = objective.initialScores(labels: labels, weights: nil)
        var scores = [Double](repeating: 0, count: rowCount * classCount)
        for row in 0..<rowCount { for k in 0..<classCount { scores[row * classCount + k] = baseScores[k] } }
        var validationScores: [Double] = []
        if let validation {
            validationScores = [Double](repeating: 0, count: validation.features.rowCount * classCount)
            for row in 0..<validation.features.rowCount { for k in 0..<classCount { validationScores[row * classCount + k] = baseScores[k] } }
        }
        var gradients = [Float](repeating: 0, count: rowCount)
        var hessians = [Float](repeating: 0, count: rowCount)
        var generator = SeededGenerator(seed: parameters.seed)
        var ensemble = TreeEnsemble()
        var bestLoss = Double.infinity
        var bestIteration = 0
        var inBag = [Bool](repeating: true, count: rowCount)
        let allFeatures = Array(0..<featureCount)
        let usedFeatureCount = max(1, Int((Double(featureCount) * parameters.columnSubsample).rounded()))

        for iteration in 0..<parameters.iterationCount {
            var bag: [Int32]? = nil
            if parameters.rowSubsample < 1 {
                var drawn: [Int32] = []
                drawn.reserveCapacity(Int(Double(rowCount) * parameters.rowSubsample) + 16)
                for row in 0..<rowCount {
                    inBag[row] = generator.nextBernoulli(parameters.rowSubsample)
                    if inBag[row] { drawn.append(Int32(row)) }
                }
                if drawn.isEmpty { drawn.append(Int32(generator.nextInt(below: rowCount))); inBag[Int(drawn[0])] = true }
                bag = drawn
            }
            var trees: [Tree] = []
            // Gradients of every class are taken at the scores before this iteration's trees.
            let iterationScores: [Double]? = classCount > 1 ? scores : nil
            for classIndex in 0..<classCount {
                var usedFeatures = allFeatures
                if usedFeatureCount < featureCount {
                    for i in 0..<usedFeatureCount {
                        let j = i + generator.nextInt(below: featureCount - i)
                        usedFeatures.swapAt(i, j)
                    }
                    usedFeatures = Array(usedFeatures[..<usedFeatureCount]).sorted()
                }
                objective.gradients(scores: iterationScores ?? scores, labels: labels, classIndex: classIndex,
                                    gradients: &gradients, hessians: &hessians)
                let tree = learner.grow(gradients: gradients, hessians: hessians, bag: bag, features: usedFeatures)
                // Training scores: in-bag rows from the learner's partition, the rest by traversal.
                learner.rows.withUnsafeBufferPointer { rowsInLeaves in
                    for segment in learner.segments {
                        let leafValue = tree.value[segment.node]
                        for i in segment.start..<(segment.start + segment.count) {
                            scores[Int(rowsInLeaves[i]) * classCount + classIndex] += leafValue
                        }
                    }
                }
                if bag != nil {
                    features.values.withUnsafeBufferPointer { values in
                        for row in 0..<rowCount where !inBag[row] {
                            let leaf = tree.leaf(for: UnsafeBufferPointer(rebasing: values[(row * featureCount)..<((row + 1) * featureCount)]))
                            scores[row * classCount + classIndex] += tree.value[leaf]
                        }
                    }
                }
                if let validation {
                    validation.features.values.withUnsafeBufferPointer { values in
                        for row in 0..<validation.features.rowCount {
                            let leaf = tree.leaf(for: UnsafeBufferPointer(rebasing: values[(row * featureCount)..<((row + 1) * featureCount)]))
                            validationScores[row * classCount + classIndex] += tree.value[leaf]
                        }
                    }
                }
                trees.append(tree)
            }
            for tree in trees { ensemble.append(tree) }
            var validationLoss: Double? = nil
            if let validation {
                let loss = objective.loss(scores: validationScores, labels: validation.labels)
                validationLoss = loss
                if loss < bestLoss { bestLoss = loss; bestIteration = iteration }
            }
            if let progress {
                progress(Progress(iteration: iteration + 1, trainingLoss: objective.loss(scores: scores, labels: labels),
                                  validationLoss: validationLoss))
            }
            if validation != nil, parameters.earlyStoppingRounds > 0, iteration - bestIteration >= parameters.earlyStoppingRounds {
                ensemble = ensemble.prefix(trees: (bestIteration + 1) * classCount)
                break
            }
        }
        return GradientBoostedModel(ensemble: ensemble, objective: parameters.objective, baseScores: baseScores,
                                    featureNames: featureNames ?? (0..<featureCount).map { "Column_\($0)" },
                                    featureRanges: mapper.ranges.map { [$0.minimum, $0.maximum] })
    }

    /// `BinMapper(fitting: matrix, maximumBinCount:, sampleRowCount:)`, faster: each feature's
    /// sample (the same rows) is radix-sorted first, and features are fitted concurrently.
    static func fittedMapper(_ matrix: FeatureMatrix, maximumBinCount: Int, threadCount: Int,
                             sampleRowCount: Int = 200_000) throws -> BinMapper {
        let featureCount = matrix.featureCount, rowCount = matrix.rowCount
        let step = max(1, rowCount / max(1, sampleRowCount))
        let sampledRows = (rowCount + step - 1) / step
        let fitted = UnsafeMutablePointer<Result<BinMapper, any Error>?>.allocate(capacity: featureCount)
        fitted.initialize(repeating: nil, count: featureCount)
        defer { fitted.deinitialize(count: featureCount); fitted.deallocate() }
        let tasks = max(1, min(threadCount, featureCount))
        let output = _SendablePointer(fitted)
        // The sampled rows as columns, in one pass over the rows: reading each column by striding
        // through the rows read every cache line of the matrix once per feature.
        let columns = UnsafeMutablePointer<Float>.allocate(capacity: max(1, featureCount * sampledRows))
        defer { columns.deallocate() }
        let columnBase = _SendablePointer(columns)
        let transposeTasks = max(1, min(threadCount, sampledRows / 4096))
        let transpose: @Sendable (Int) -> Void = { task in
            matrix.values.withUnsafeBufferPointer { values in
                for sampled in (sampledRows * task / transposeTasks)..<(sampledRows * (task + 1) / transposeTasks) {
                    let row = values.baseAddress! + sampled * step * featureCount
                    for feature in 0..<featureCount { columnBase.pointer[feature * sampledRows + sampled] = row[feature] }
                }
            }
        }
        if transposeTasks > 1 {
            DispatchQueue.concurrentPerform(iterations: transposeTasks) { transpose($0) }
        } else {
            transpose(0)
        }
        let work: @Sendable (Int) -> Void = { task in
            for feature in (featureCount * task / tasks)..<(featureCount * (task + 1) / tasks) {
                var sample: [Float] = []
                sample.reserveCapacity(sampledRows)
                for x in UnsafeBufferPointer(start: columnBase.pointer + feature * sampledRows, count: sampledRows) where !x.isNaN {
                    sample.append(x)
                }
                let sorted = _RadixSort.sorted(sample)
                // Already sorted and sampled: BinMapper's own sort and sampling leave it as is.
                output.pointer[feature] = Result(catching: {
                    try BinMapper(fitting: FeatureMatrix(values: sorted, rowCount: sorted.count, featureCount: 1),
                                  maximumBinCount: maximumBinCount, sampleRowCount: .max)
                })
            }
        }
        if tasks > 1 {
            DispatchQueue.concurrentPerform(iterations: tasks) { work($0) }
        } else {
            work(0)
        }
        var bounds: [[Float]] = [], ranges: [(minimum: Float, maximum: Float)] = []
        for feature in 0..<featureCount {
            let single = try fitted[feature]!.get()
            bounds.append(single.upperBounds[0])
            ranges.append(single.ranges[0])
        }
        return BinMapper(upperBounds: bounds, ranges: ranges)
    }
}
