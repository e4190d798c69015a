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

/// Forecasts `last start + length` with a stated confidence (`early` on cycle days 1–10, `late`
/// after) and fixed intervals around the forecast `f`: 50 % [f, f + 2], 80 % [f − 3, f + 3],
/// 95 % [f − 5, f + 15].
struct StatedConfidencePredictor: CyclePredictor {
    var name = "stated"
    var length: Int
    var early: Double
    var late: Double

    func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        days.map { day in
            let start = history.lastPeriodStart(onOrBefore: day) ?? day
            let forecast = start.advanced(by: length)
            let intervals = [ForecastInterval(level: 0.5, first: forecast, last: forecast.advanced(by: 2)),
                             ForecastInterval(level: 0.8, first: forecast.advanced(by: -3), last: forecast.advanced(by: 3)),
                             ForecastInterval(level: 0.95, first: forecast.advanced(by: -5), last: forecast.advanced(by: 15))]
            return CyclePrediction(asOf: day, nextPeriodStart: forecast, nextPeriodUncertaintyDays: 2,
                                   nextPeriodConfidence: start.distance(to: day) < 10 ? early : late, nextPeriodIntervals: intervals,
                                   reasoning: Reasoning(text: "", language: language))
        }
    }
}
