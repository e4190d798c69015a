import Cycles

extension AlertTiming {
    /// The threshold for `predictor(threshold)` on `dataset`, and its alert accuracy: the middle
    /// candidate (the lower of two) among those whose alert accuracy is within one binomial standard
    /// error of the best one's, on the cycles scored. The accuracy is flat over a broad range of
    /// thresholds and a few cycles decide its maximum on a small calibration set (12 users:
    /// 0.1 won by one cycle and cost 10 points on held-out users); the middle of the near-best
    /// range is the choice that noise moves least.
    static func calibrate<P: CyclePredictor>(on dataset: CycleDataset, progress: ((String) -> Void)?,
                                             _ predictor: (Double) -> P) throws -> (threshold: Double, accuracy: Double) {
        let evaluator = CycleEvaluator(bootstrapSamples: 0)
        var accuracies: [Double] = []
        var cycles = 0
        for threshold in thresholdCandidates {
            let report = try evaluator.evaluate(predictor(threshold), on: dataset)
            progress?("calibration: alert threshold \(threshold) -> alert accuracy \((report.alertAccuracy * 1000).rounded() / 1000)")
            accuracies.append(report.alertAccuracy)
            cycles = max(cycles, report.cycles)
        }
        let index = nearBestMiddle(accuracies, cycles: cycles)
        return (thresholdCandidates[index], accuracies[index])
    }

    /// The index `calibrate` chooses among `accuracies` (one per candidate, scored on `cycles` cycles).
    static func nearBestMiddle(_ accuracies: [Double], cycles: Int) -> Int {
        let close = _nearBestIndices(accuracies, cycles: cycles)
        return close.isEmpty ? 0 : close[(close.count - 1) / 2]
    }
}
