import Explanations
@testable import Cycles
@testable import CyclesLab

/// Hand-made histories and predictors for tests.
enum TestHistories {
    static let origin = CalendarDay(year: 2025, month: 3, day: 3)!

    /// A history with 4-day periods starting on the given day offsets from `origin`, plus
    /// `extra` records (day offset, record builder), ending with a record on `lastDay`.
    static func history(id: String = "u1", starts: [Int], lastDay: Int, preferences: String = "{}",
                        extra: [DayRecord] = []) -> UserHistory {
        var records: [CalendarDay: DayRecord] = [:]
        for start in starts {
            for offset in 0..<4 {
                let day = origin.advanced(by: start + offset)
                records[day] = DayRecord(date: day, flowIntensity: offset == 1 ? 4 : 2)
            }
        }
        for record in extra { records[record.date] = record }
        let last = origin.advanced(by: lastDay)
        if records[last] == nil { records[last] = DayRecord(date: last, symptoms: [.mood: 5]) }
        let profile = UserProfile(id: id, createdAt: origin, preferencesJSON: preferences)
        return UserHistory(profile: profile, records: Array(records.values))
    }
}

/// Forecasts `last start + length` (optionally never in the past), and a fixed energy and mood.
struct FixedLengthPredictor: CyclePredictor {
    var name = "fixed"
    var length: Int
    var energy: Double? = nil
    var mood: Double? = nil

    func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        days.map { day in
            let start = history.lastPeriodStart(onOrBefore: day) ?? day
            return CyclePrediction(asOf: day, nextPeriodStart: start.advanced(by: length), nextPeriodUncertaintyDays: 2,
                                   energyTomorrow: energy.map { LevelForecast(value: $0, level: SymptomLevel(value: $0)) },
                                   moodTomorrow: mood.map { LevelForecast(value: $0, level: SymptomLevel(value: $0)) },
                                   reasoning: Reasoning(text: "", language: language))
        }
    }
}
