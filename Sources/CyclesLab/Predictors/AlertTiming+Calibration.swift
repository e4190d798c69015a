import Cycles

extension AlertTiming {
    /// The candidate threshold with the best alert accuracy of `predictor(threshold)` on
    /// `dataset` (the first one on ties), and that accuracy.
    static func calibrate<P: CyclePredictor>(on dataset: CycleDataset, progress: ((String) -> Void)?,
                                             _ predictor: (Double) -> P) throws -> (threshold: Double, accuracy: Double) {
        let evaluator = CycleEvaluator(bootstrapSamples: 0)
        var best = (threshold: thresholdCandidates[0], accuracy: -1.0)
        for threshold in thresholdCandidates {
            let accuracy = try evaluator.evaluate(predictor(threshold), on: dataset).alertAccuracy
            progress?("calibration: alert threshold \(threshold) -> alert accuracy \((accuracy * 1000).rounded() / 1000)")
            if accuracy > best.accuracy { best = (threshold, accuracy) }
        }
        return best
    }
}
