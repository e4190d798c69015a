import Cycles
import Explanations
import Foundation

/// A fine-tuning strategy for models that estimate ovulation: learn her luteal length (days
/// from the model's ovulation estimate to the next start), the part of her cycle that is stable.
///
/// For each past cycle, the model's ovulation estimate on the cycle's last day gives one sample
/// `Lᵢ = nextStart − ovulation`. Her length is the weighted mean shrunk towards what the model
/// itself assumes (`Pᵢ = forecastStart − ovulation` on the same days):
/// `L = (Σ wᵢ Lᵢ + shrinkage · mean P) / (Σ wᵢ + shrinkage)`, `wᵢ` = recency × feedback weight.
/// Once the model believes ovulation has passed, the personal forecast is `ovulation + L`.
public struct LutealTuner: FineTuner {
    /// Ovulation counts as passed when the model's probability reaches this.
    package var passedThreshold: Double
    /// Pseudo-count of cycles given to the model's own luteal assumption.
    package var shrinkage: Double
    /// Per-cycle decay of older cycles' weight.
    package var recencyDecay: Double

    public init(passedThreshold: Double = 0.5, shrinkage: Double = 1.5, recencyDecay: Double = 0.85) {
        self.passedThreshold = passedThreshold
        self.shrinkage = shrinkage
        self.recencyDecay = recencyDecay
    }

    /// The strategy's name, as personal model files record it.
    package static let strategy = "luteal"

    public var name: String { Self.strategy }

    public func fineTune(_ current: any CyclePredictor, on data: PersonalData) throws -> any CyclePredictor {
        LutealAnchoredPredictor(base: current, lutealDays: try fitLutealDays(current, on: data), passedThreshold: passedThreshold)
    }

    /// Her luteal length in days as seen through `current`'s ovulation estimates.
    package func fitLutealDays(_ current: any CyclePredictor, on data: PersonalData) throws -> Double {
        guard let lastCycle = data.labeledDays.last?.cycleIndex else {
            throw PersonalizationError.noHistory(user: data.userID, detail: "no complete cycle up to \(data.cutoff) to learn from")
        }
        let predictions = try current.predictions(for: data.history, on: data.labeledDays.map(\.day), language: .en)
        // Per cycle: the model's own luteal assumption on the first day it sees ovulation passed,
        // and the ovulation estimate on the cycle's last day (its best).
        var assumed: [Int: Double] = [:]
        var lastDay: [Int: (PersonalData.LabeledDay, CyclePrediction)] = [:]
        for (labeled, prediction) in zip(data.labeledDays, predictions) {
            lastDay[labeled.cycleIndex] = (labeled, prediction)
            if assumed[labeled.cycleIndex] == nil, let ovulation = prediction.ovulation, ovulation.passedProbability >= passedThreshold {
                assumed[labeled.cycleIndex] = Double(ovulation.date.distance(to: prediction.nextPeriodStart))
            }
        }
        var weightedSum = 0.0, weightSum = 0.0
        for cycle in lastDay.keys.sorted() {
            let (labeled, prediction) = lastDay[cycle]!
            guard let ovulation = prediction.ovulation, ovulation.passedProbability >= passedThreshold else { continue }
            let weight = labeled.weight * pow(recencyDecay, Double(lastCycle - cycle))
            weightedSum += weight * Double(ovulation.date.distance(to: labeled.nextStart))
            weightSum += weight
        }
        guard weightSum > 0, !assumed.isEmpty else {
            throw PersonalizationError.noHistory(user: data.userID,
                                                 detail: "\(current.name) saw ovulation pass in none of her \(lastDay.count) complete cycles")
        }
        let prior = assumed.keys.sorted().reduce(0) { $0 + assumed[$1]! } / Double(assumed.count)
        return (weightedSum + shrinkage * prior) / (weightSum + shrinkage)
    }
}

/// A model's forecasts re-anchored on its ovulation estimate with her luteal length, once it
/// believes ovulation has passed; unchanged before.
package struct LutealAnchoredPredictor: CyclePredictor {
    /// The model re-anchored.
    package let base: any CyclePredictor
    /// Her luteal length in days.
    package let lutealDays: Double
    /// Ovulation counts as passed from this probability on.
    package let passedThreshold: Double

    package init(base: any CyclePredictor, lutealDays: Double, passedThreshold: Double) {
        self.base = base
        self.lutealDays = lutealDays
        self.passedThreshold = passedThreshold
    }

    package var name: String { "\(base.name)+luteal" }

    package func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        let luteal = Int(lutealDays.rounded())
        return try base.predictions(for: history, on: days, language: language).map { prediction in
            guard let ovulation = prediction.ovulation, ovulation.passedProbability >= passedThreshold else { return prediction }
            var anchored = prediction
            var start = ovulation.date.advanced(by: luteal)
            if start <= prediction.asOf { start = prediction.asOf.advanced(by: 1) }
            if let last = history.lastPeriodStart(onOrBefore: prediction.asOf), start <= last { start = last.advanced(by: 1) }
            anchored.moveNextPeriodStart(to: start)
            let shift = prediction.nextPeriodStart.distance(to: start)
            if shift != 0 {
                anchored.reasoning.factors.append(.init(key: "personal.luteal_length", phrase: "phase lutéale \(luteal) j",
                                                        contribution: Double(shift)))
            }
            return anchored
        }
    }
}
