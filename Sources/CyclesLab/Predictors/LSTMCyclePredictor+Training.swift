import Cycles
import Foundation
import NeuralNet
import TensorCore

extension LSTMCyclePredictor {
    /// Hyper-parameters of `train(on:validation:configuration:progress:)`.
    public struct TrainingConfiguration: Sendable, Equatable {
        /// LSTM units.
        public var hiddenSize = 32
        /// Maximum number of epochs.
        public var epochs = 30
        /// Users per mini-batch.
        public var batchSize = 32
        /// AdamW base learning rate (cosine schedule with warm-up).
        public var learningRate: Float = 5e-3
        /// AdamW decoupled weight decay.
        public var weightDecay: Float = 1e-4
        /// Global gradient-norm limit.
        public var gradientClip: Float = 1
        /// Epochs without validation improvement before stopping.
        public var patience = 5
        /// Seed for initialisation and shuffling.
        public var seed: UInt64 = 7
        /// Task weights of the multi-task loss.
        public var taskWeights: [String: Float] = ["period": 1, "ovulation": 0.3, "energy": 0.3, "mood": 0.3]
        /// BLAS threads during training.
        public var threads = 2
        /// Candidate quantiles for the point forecast, chosen on validation users.
        public var quantileCandidates: [Double] = [0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6]
        /// Whether training and validation users are dealt to realistic logs
        /// (`DatasetPerturbation.trainingMix`, drawn from `seed`) before training and
        /// calibration. On by default: without it the network only sees users who log symptoms
        /// almost daily and never miss a period.
        public var augmentMissingness = true

        public init() {}
    }

    /// Trains a predictor on `training`'s users, early-stopping on `validation`'s users
    /// (split by user, never by day; both dealt to `DatasetPerturbation.trainingMix` when
    /// `augmentMissingness` is on, from different seeds), then calibrates on `validation` (its
    /// users as given plus, when augmenting, their augmented copies) the alert threshold and, with that alert in place, the point-forecast quantile (best alert
    /// accuracy, ties by ±2 d accuracy); the alert is kept only if it beats the best quantile
    /// alone. Deterministic for a given seed and thread count.
    /// - Parameter progress: called once per epoch.
    /// - Throws: `NeuralNetError` on invalid hyper-parameters; `DatasetError.invalidValue` when a split has no usable user.
    public static func train(on training: CycleDataset, validation: CycleDataset, configuration: TrainingConfiguration = TrainingConfiguration(),
                             progress: ((TrainingProgress) -> Void)? = nil) throws -> LSTMCyclePredictor {
        var training = training, validation = validation
        // Calibration sees the validation users as logged and, when augmenting, their augmented
        // copies too: the quantile and alert threshold must serve both kinds of logger.
        var calibration = validation
        if configuration.augmentMissingness {
            training = DatasetPerturbation.trainingMix(training, seed: configuration.seed)
            validation = DatasetPerturbation.trainingMix(validation, seed: ~configuration.seed)
            for var user in validation.users {
                let original = user.userID
                user.profile.id = "augmented/" + original
                calibration.users.append(user)
                if let truth = validation.truth?[original] { calibration.truth?[user.userID] = truth }
            }
        }
        let trainSequences = training.users.compactMap { TrainingSequence(history: $0, truth: training.truth?[$0.userID]) }
        let validationSequences = validation.users.compactMap { TrainingSequence(history: $0, truth: validation.truth?[$0.userID]) }
        guard !trainSequences.isEmpty, !validationSequences.isEmpty else {
            throw DatasetError.invalidValue(file: "<training data>", line: 0, column: "users", value: "\(trainSequences.count)/\(validationSequences.count)",
                                            expected: "at least one training and one validation user with logged days")
        }
        let savedThreads = BLAS.threadCount
        BLAS.threadCount = configuration.threads
        defer { BLAS.threadCount = savedThreads }

        let (mean, scale) = normalisation(of: trainSequences)
        var generator = SeededGenerator(seed: configuration.seed)
        var network = Network(featureCount: DailyFeatureBuilder.featureCount, hiddenSize: configuration.hiddenSize, using: &generator)
        var optimizer = try Adam(learningRate: configuration.learningRate, weightDecay: configuration.weightDecay, decoupledWeightDecay: true)
        let batchesPerEpoch = (trainSequences.count + configuration.batchSize - 1) / configuration.batchSize
        let schedule = LearningRateSchedule.cosine(totalSteps: batchesPerEpoch * configuration.epochs, warmupSteps: batchesPerEpoch,
                                                   minimumFactor: 0.05)
        let combiner = MultiTaskLoss(taskWeights: configuration.taskWeights)
        var stopping = EarlyStopping(patience: configuration.patience, direction: .minimize)
        var best = network
        var step = 0
        let started = Date()
        let validationBatches = stride(from: 0, to: validationSequences.count, by: 64).map {
            Batch(Array(validationSequences[$0..<min($0 + 64, validationSequences.count)]), mean: mean, scale: scale)
        }

        for epoch in 1...max(configuration.epochs, 1) {
            let epochStart = Date()
            var order = Array(trainSequences.indices)
            for index in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(index, generator.nextInt(below: index + 1)) }
            var lossSum = 0.0, lossWeight = 0.0
            for batchStart in stride(from: 0, to: order.count, by: configuration.batchSize) {
                let members = order[batchStart..<min(batchStart + configuration.batchSize, order.count)].map { trainSequences[$0] }
                let batch = Batch(members, mean: mean, scale: scale)
                network.zeroGradients()
                let result = try batch.run(network: &network, combiner: combiner, backward: true)
                lossSum += Double(result.loss) * Double(members.count)
                lossWeight += Double(members.count)
                GradientClipping.clipByGlobalNorm(&network, maximumNorm: configuration.gradientClip)
                optimizer.learningRate = schedule.learningRate(base: configuration.learningRate, step: step)
                optimizer.update(&network)
                step += 1
            }
            var validationLoss = 0.0, validationWeight = 0.0, hits = 0.0, counted = 0.0
            for batch in validationBatches {
                var copy = network
                let result = try batch.run(network: &copy, combiner: combiner, backward: false)
                validationLoss += Double(result.loss) * Double(batch.size)
                validationWeight += Double(batch.size)
                hits += result.periodHits
                counted += result.periodCount
            }
            validationLoss /= max(validationWeight, 1)
            let decision = stopping.record(validationLoss, epoch: epoch)
            if decision == .improved { best = network }
            let seconds = Date().timeIntervalSince(epochStart)
            progress?(TrainingProgress(epoch: epoch, epochCount: configuration.epochs, trainingLoss: lossSum / max(lossWeight, 1),
                                       validationLoss: validationLoss, metricName: "period_accuracy_2d",
                                       validationMetric: hits / max(counted, 1),
                                       sequencesPerSecond: Double(trainSequences.count) / max(seconds, 1e-9),
                                       learningRate: Double(optimizer.learningRate), elapsedSeconds: Date().timeIntervalSince(started),
                                       isBest: decision == .improved))
            if decision == .stop { break }
        }

        var predictor = try LSTMCyclePredictor(network: best, featureMean: mean, featureScale: scale)
        let evaluator = CycleEvaluator(bootstrapSamples: 0)
        // The quantile alone (no alert model), as a fallback; then the alert threshold, and the
        // quantile again with that alert in place (the alert decides when to alert, the quantile
        // where the held-back forecast sits: calibrating it without the alert fits the wrong alerts).
        var bestQuantile = (quantile: 0.5, accuracy: -1.0)
        for quantile in configuration.quantileCandidates {
            predictor.periodQuantile = quantile
            let report = try evaluator.evaluate(predictor, on: calibration)
            let accuracy = report.alertAccuracy
            if accuracy > bestQuantile.accuracy { bestQuantile = (quantile, accuracy) }
        }
        var withAlert = predictor
        withAlert.periodQuantile = 0.5
        withAlert.alertThreshold = try AlertTiming.calibrate(on: calibration, progress: nil) { threshold in
            var candidate = withAlert
            candidate.alertThreshold = threshold
            return candidate
        }.threshold
        var bestWithAlert = (quantile: 0.5, alert: -1.0, daily: -1.0)
        for quantile in configuration.quantileCandidates {
            withAlert.periodQuantile = quantile
            let report = try evaluator.evaluate(withAlert, on: calibration)
            let alert = report.alertAccuracy, daily = report.metrics[.accuracy2d] ?? 0
            if (alert, daily) > (bestWithAlert.alert, bestWithAlert.daily) { bestWithAlert = (quantile, alert, daily) }
        }
        let usesAlert = bestWithAlert.alert > bestQuantile.accuracy
        if usesAlert {
            predictor = withAlert
            predictor.periodQuantile = bestWithAlert.quantile
        } else {
            predictor.periodQuantile = bestQuantile.quantile
        }
        predictor.properties = [
            "hidden_size": "\(configuration.hiddenSize)", "epochs_run": "\(stopping.bestEpoch ?? 0)",
            "max_epochs": "\(configuration.epochs)", "batch_size": "\(configuration.batchSize)",
            "learning_rate": "\(configuration.learningRate)", "seed": "\(configuration.seed)",
            "training_users": "\(trainSequences.count)", "validation_users": "\(validationSequences.count)",
            "period_quantile": "\(predictor.periodQuantile)",
            "augment_missingness": "\(configuration.augmentMissingness)",
        ]
        predictor.metrics = ["validation.period_start.alert_accuracy": usesAlert ? bestWithAlert.alert : bestQuantile.accuracy,
                             "validation.loss": stopping.bestValue ?? 0]
        return predictor
    }
}
