import Cycles
import Explanations
import Foundation

/// The causal oracle (`"oracle"`), for evaluation only: the ceiling a perfect ovulation
/// detector could reach.
///
/// It knows the user's latent parameters (personal mean and SD of the follicular length and
/// mean luteal length, estimated from the user's *other* truth cycles, which are independent
/// draws from them) and, on day `d`, whether and when ovulation has already happened in the
/// current cycle (truth ovulation date ≤ `d`). It never uses the current cycle's future:
/// - ovulation passed on day `o`: next start = `o` + personal luteal mean + 1;
/// - not yet (or anovulatory, which it cannot know in advance): next start = cycle start +
///   E[F | F > today's cycle day] + personal luteal mean, F ~ N(personal follicular mean, SD).
/// So its forecast for `d` is the same from `history.truncated(through: d)` as from the whole history.
public struct OracleEngine: CyclePredictor {
    public let name = "oracle"
    /// Truth cycles by user id.
    public let truth: [String: [CycleTruth]]

    /// An oracle over a generated dataset's truth.
    /// - Throws: `DatasetError.missingTruth` when the dataset has no `truth.csv`.
    public init(dataset: CycleDataset) throws {
        guard let truth = dataset.truth else { throw DatasetError.missingTruth(model: "oracle") }
        self.truth = truth
    }

    /// An oracle over truth cycles by user id.
    public init(truth: [String: [CycleTruth]]) {
        self.truth = truth
    }

    public func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        let cycles = (truth[history.userID] ?? []).sorted { $0.cycleStart < $1.cycleStart }
        var sentences = _ReasoningCache<[Int]>()
        var parametersIndex = Int.min
        var parameters = (16.9, 3.5, 12.4)
        return try days.map { day in
            let index = cycles.partitioningIndex { $0.cycleStart > day } - 1
            if index != parametersIndex {
                parameters = OracleEngine.personalParameters(cycles, excluding: index)
                parametersIndex = index
            }
            let (follicularMean, follicularSD, lutealMean) = parameters
            let luteal = Int(lutealMean.rounded())
            let cycleStart = index >= 0 ? cycles[index].cycleStart : (history.lastPeriodStart(onOrBefore: day) ?? day)
            let next: CalendarDay
            let ovulation: OvulationEstimate
            let key: [Int]
            if index >= 0, let ovulationDate = cycles[index].ovulationDate, ovulationDate <= day {
                next = ovulationDate.advanced(by: luteal + 1)
                ovulation = OvulationEstimate(date: ovulationDate, passedProbability: 1)
                key = [next.daysSinceEpoch, ovulationDate.daysSinceEpoch, luteal, 1]
            } else {
                let cycleDay = Double(cycleStart.distance(to: day) + 1)
                let expected = OracleEngine.truncatedNormalMean(mean: follicularMean, standardDeviation: follicularSD, above: cycleDay + 0.5)
                let follicular = max(Int(expected.rounded()), Int(cycleDay) + 1)
                next = cycleStart.advanced(by: follicular + luteal)
                ovulation = OvulationEstimate(date: cycleStart.advanced(by: follicular - 1), passedProbability: 0)
                key = [next.daysSinceEpoch, ovulation.date.daysSinceEpoch, luteal]
            }
            let reasoning = try sentences.reasoning(for: key) {
                let shift = Double(ovulation.date.distance(to: next))
                let fact: StatedFact = ovulation.passedProbability == 1
                    ? .ovulationKnown(ovulation.date, luteal: luteal, key: "oracle.ovulation_passed", contribution: shift)
                    : .ovulationPending(key: "oracle.ovulation_pending", contribution: shift)
                return try CyclePhrases.periodStatement(next, facts: [fact], language: language)
            }
            return CyclePrediction(asOf: day, nextPeriodStart: next, nextPeriodUncertaintyDays: ovulation.passedProbability == 1 ? 1.2 : follicularSD,
                                   ovulation: ovulation, reasoning: reasoning)
        }
    }

    /// Personal follicular mean and SD and luteal mean from the ovulatory cycles other than `excluded`
    /// (population values when there are none: 16.9, 3.5, 12.4).
    static func personalParameters(_ cycles: [CycleTruth], excluding excluded: Int) -> (Double, Double, Double) {
        var follicular: [Double] = [], luteal: [Double] = []
        for (index, cycle) in cycles.enumerated() where index != excluded {
            if let f = cycle.follicularLength, let l = cycle.lutealLength {
                follicular.append(Double(f))
                luteal.append(Double(l))
            }
        }
        guard !follicular.isEmpty else { return (16.9, 3.5, 12.4) }
        let mean = follicular.reduce(0, +) / Double(follicular.count)
        var sd = 3.5
        if follicular.count >= 2 {
            sd = (follicular.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(follicular.count - 1)).squareRoot()
        }
        return (mean, max(sd, 0.5), luteal.reduce(0, +) / Double(luteal.count))
    }

    /// E[X | X > threshold] for X ~ N(mean, sd²).
    static func truncatedNormalMean(mean: Double, standardDeviation: Double, above threshold: Double) -> Double {
        let alpha = (threshold - mean) / standardDeviation
        let density = exp(-alpha * alpha / 2) / (2 * Double.pi).squareRoot()
        let tail = erfc(alpha / 2.0.squareRoot()) / 2
        guard tail > 1e-12 else { return threshold + standardDeviation / max(alpha, 1) }
        return mean + standardDeviation * density / tail
    }
}
