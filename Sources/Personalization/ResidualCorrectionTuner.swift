import Foundation
import Cycles
import Explanations

/// The first fine-tuning strategy, for any model: learn `ResidualCorrection` offsets from her
/// past forecasts' errors. Each bucket's offset is a weighted mean of residuals
/// `trueStart − forecastStart`, shrunk towards 0:
/// `offset = Σ wᵢ rᵢ / (Σ wᵢ + shrinkage)`, with `wᵢ = feedback weight × recencyDecay^(cycles back)`.
public struct ResidualCorrectionTuner: FineTuner {
    /// Per-cycle decay of the weight of older cycles (1 = all cycles count the same).
    package var recencyDecay: Double
    /// Pseudo-weight of the prior "no correction".
    package var shrinkage: Double

    public init(recencyDecay: Double = 0.8, shrinkage: Double = 4) {
        self.recencyDecay = recencyDecay
        self.shrinkage = shrinkage
    }

    /// The strategy's name, as personal model files record it.
    package static let strategy = "residual"

    public var name: String { Self.strategy }

    public func fineTune(_ current: any CyclePredictor, on data: PersonalData) throws -> any CyclePredictor {
        let correction = try fitCorrection(current, on: data)
        return ResidualCorrectedPredictor(base: current, correction: correction)
    }

    /// The offsets fitted on `data`.
    package func fitCorrection(_ current: any CyclePredictor, on data: PersonalData) throws -> ResidualCorrection {
        guard let lastCycle = data.labeledDays.last?.cycleIndex else {
            throw PersonalizationError.noHistory(user: data.userID,
                                                 detail: "no complete cycle up to \(data.cutoff) to learn from")
        }
        let predictions = try current.predictions(for: data.history, on: data.labeledDays.map(\.day), language: .en)
        let bucketCount = ResidualCorrection.bucketUpperBounds.count + 1
        var weightedSums = Array(repeating: 0.0, count: bucketCount)
        var weights = Array(repeating: 0.0, count: bucketCount)
        for (labeled, prediction) in zip(data.labeledDays, predictions) {
            let bucket = ResidualCorrection.bucket(daysAhead: labeled.day.distance(to: prediction.nextPeriodStart))
            let weight = labeled.weight * pow(recencyDecay, Double(lastCycle - labeled.cycleIndex))
            weightedSums[bucket] += weight * Double(prediction.nextPeriodStart.distance(to: labeled.nextStart))
            weights[bucket] += weight
        }
        return ResidualCorrection(offsetsDays: (0..<bucketCount).map { weightedSums[$0] / (weights[$0] + shrinkage) })
    }
}

/// A model's forecasts with a personal `ResidualCorrection` applied.
package struct ResidualCorrectedPredictor: CyclePredictor {
    /// The model corrected.
    package let base: any CyclePredictor
    /// Her offsets.
    package let correction: ResidualCorrection

    package init(base: any CyclePredictor, correction: ResidualCorrection) {
        self.base = base
        self.correction = correction
    }

    package var name: String { "\(base.name)+residual" }

    package func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        try base.predictions(for: history, on: days, language: language).map { prediction in
            correction.applied(to: prediction, lastStart: history.lastPeriodStart(onOrBefore: prediction.asOf))
        }
    }
}
