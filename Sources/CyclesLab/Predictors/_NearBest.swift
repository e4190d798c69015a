/// The indices of `accuracies` (rates scored on `cycles` cycles) within one binomial standard
/// error of the highest: the candidates a calibration set cannot tell apart from the best
/// (`AlertTiming.calibrate`, `GBTCyclePredictor.calibrateOffset`). Empty for no candidate.
func _nearBestIndices(_ accuracies: [Double], cycles: Int) -> [Int] {
    guard let best = accuracies.max() else { return [] }
    let standardError = cycles > 0 ? (best * (1 - best) / Double(cycles)).squareRoot() : 0
    return accuracies.indices.filter { accuracies[$0] >= best - standardError - 1e-12 }
}
