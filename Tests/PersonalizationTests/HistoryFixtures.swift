import Cycles
import Foundation
import Explanations
@testable import Personalization
import CyclesLab
@testable import PersonalizationLab

/// Hand-made histories and predictors for the fine-tuning tests.
enum HistoryFixtures {
    static let firstDay = CalendarDay(year: 2025, month: 1, day: 6)!

    /// A user whose periods start after each of `cycleLengths` (4 flow days each), with a record
    /// every day from the first start to the day before the last start + 4 flow days.
    static func history(user: String = "u1", cycleLengths: [Int]) -> UserHistory {
        var starts = [firstDay]
        for length in cycleLengths { starts.append(starts.last!.advanced(by: length)) }
        let flowDays = Set(starts.flatMap { start in (0..<4).map { start.advanced(by: $0) } })
        let lastDay = starts.last!.advanced(by: 3)
        let records = (firstDay...lastDay).map { day in
            DayRecord(date: day, flowIntensity: flowDays.contains(day) ? 3 : nil, symptoms: [.energy: 5])
        }
        return UserHistory(profile: UserProfile(id: user, createdAt: firstDay), records: records)
    }
}

/// Forecasts the next start as the last start + a fixed cycle length (a population calendar).
struct CalendarPredictor: CyclePredictor {
    var cycleLength: Int
    var name: String { "calendar\(cycleLength)" }

    func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        days.map { day in
            let last = history.lastPeriodStart(onOrBefore: day) ?? day
            var next = last.advanced(by: cycleLength)
            if next <= day { next = day.advanced(by: 1) }
            return CyclePrediction(asOf: day, nextPeriodStart: next, nextPeriodUncertaintyDays: 2,
                                   reasoning: Reasoning(text: "calendar", language: language))
        }
    }
}

/// Records everything a fine-tuner was shown, then returns the current model unchanged.
final class SpyTuner: FineTuner, @unchecked Sendable {
    typealias Seen = (cutoff: CalendarDay, latestRecord: CalendarDay?, latestLabel: CalendarDay?, latestSignal: CalendarDay?)
    private let lock = NSLock()
    private var log: [Seen] = []
    var name: String { "spy" }

    var seen: [Seen] { lock.withLock { log } }

    func fineTune(_ current: any CyclePredictor, on data: PersonalData) throws -> any CyclePredictor {
        let entry: Seen = (data.cutoff, data.history.records.last?.date, data.labeledDays.map(\.nextStart).max(),
                           data.signals.map { max($0.day, $0.knownOn) }.max())
        lock.withLock { log.append(entry) }
        return current
    }
}

/// A calendar that also "detects" ovulation on cycle day 15 (from cycle day 17 on) and assumes
/// a 14-day luteal phase, like a population model.
struct OvulationAwarePredictor: CyclePredictor {
    var name: String { "ovulation-aware" }

    func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        days.map { day in
            let last = history.lastPeriodStart(onOrBefore: day) ?? day
            let ovulationDay = last.advanced(by: 14)
            let passed = last.distance(to: day) >= 16
            var next = passed ? ovulationDay.advanced(by: 14) : last.advanced(by: 28)
            if next <= day { next = day.advanced(by: 1) }
            return CyclePrediction(asOf: day, nextPeriodStart: next, nextPeriodUncertaintyDays: 2,
                                   ovulation: OvulationEstimate(date: ovulationDay, passedProbability: passed ? 0.9 : 0.1),
                                   reasoning: Reasoning(text: "ovulation-aware", language: language))
        }
    }
}
