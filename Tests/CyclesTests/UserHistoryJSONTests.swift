import Foundation
import Testing
@testable import Cycles
@testable import CyclesLab

/// One user's history as one JSON document (`UserHistory(json:source:)`, the C API's
/// `odml_history_from_json`): the same history as the dataset tables give, and errors that name
/// the JSON path.
@Suite struct UserHistoryJSONTests {
    /// The JSON document of `history`, in the format of odml.h, days and measurements reversed
    /// (the reader must not depend on their order).
    static func document(_ history: UserHistory) throws -> Data {
        let preferences = try JSONSerialization.jsonObject(with: Data(history.profile.preferencesJSON.utf8))
        let days: [[String: Any]] = history.records.reversed().map { record in
            var day: [String: Any] = ["date": record.date.iso]
            if let flow = record.flowIntensity { day["flow_intensity"] = flow }
            if !record.symptoms.isEmpty { day["symptoms"] = Dictionary(uniqueKeysWithValues: record.symptoms.map { ($0.key.rawValue, $0.value) }) }
            if let zone = record.painZone { day["body_zone"] = zone.rawValue }
            if let type = record.painType { day["pain_type"] = type.rawValue }
            return day
        }
        let measurements: [[String: Any]] = history.measurements.reversed().flatMap { day in
            day.kinds.map { kind -> [String: Any] in
                ["date": day.date.iso, "kind": kind.rawValue, "value": day.value(of: kind)!, "source": day.source(of: kind),
                 "disturbed": day.disturbed.contains(kind)]
            }
        }
        let profile: [String: Any] = ["id": history.profile.id, "created_at": history.profile.createdAt.iso,
                                      "onboarding_completed": history.profile.onboardingCompleted,
                                      "cycle_type": history.profile.cycleType.rawValue, "conditions": history.profile.conditions,
                                      "preferences": preferences]
        return try JSONSerialization.data(withJSONObject: ["profile": profile, "days": days, "measurements": measurements])
    }

    @Test func aDocumentReadsAsTheDatasetTablesRead() throws {
        let config = try CohortConfig.named("irregular").loggingEverySignal()
        let dataset = SyntheticCycles.generate(config: config, users: 6, months: 8, seed: 40)
        for history in dataset.users {
            let read = try UserHistory(json: try Self.document(history))
            #expect(read.records == history.records)
            #expect(read.periodStarts == history.periodStarts)
            #expect(read.measurements == history.measurements)
            #expect(read.profile.id == history.profile.id && read.profile.cycleType == history.profile.cycleType)
            #expect(try read.profile.age() == history.profile.age())
            #expect(try read.profile.preferredLanguage() == history.profile.preferredLanguage())
        }
        #expect(dataset.users.contains { !$0.measurements.isEmpty })
    }

    @Test(arguments: [
        (#"{"days": []}"#, "history JSON: profile: missing, expected a value"),
        (#"{"profile": {"id": "u", "created_at": "2024-02-30"}}"#, "history JSON: profile.created_at: found \"2024-02-30\", expected a date YYYY-MM-DD"),
        (#"{"profile": {"id": "u", "created_at": "2024-01-01"}, "days": [{"date": "2024-01-02", "flow_intensity": 6}]}"#,
         "history JSON: days[0].flow_intensity: found \"6\", expected an integer in 1...5 or empty"),
        (#"{"profile": {"id": "u", "created_at": "2024-01-01"}, "days": [{"date": "2024-01-03"}, {"date": "2024-01-02", "symptoms": {"joy": 2}}]}"#,
         "history JSON: days[1].symptoms.joy: found \"joy\", expected one of mood, energy, sleep, stress, pain"),
        (#"{"profile": {"id": "u", "created_at": "2024-01-01"}, "days": [{"date": "2024-01-02"}, {"date": "2024-01-02"}]}"#,
         "history JSON: days[1]: repeats days[0] (one per date)"),
        (#"{"profile": {"id": "u", "created_at": "2024-01-01"}, "days": [{"date": "2024-01-02", "pain_type": "burning"}]}"#,
         "history JSON: days[0].pain_type: found a pain detail without a pain level, expected symptoms.pain too"),
        (#"{"profile": {"id": "u", "created_at": "2024-01-01"}, "measurements": [{"date": "2024-01-02", "kind": "lh_test", "value": 1.5}]}"#,
         "history JSON: measurements[0].value: found \"1.5\", expected 0 (negative), 1 (positive) or 2 (peak) for an LH test"),
        (#"{"profile": {"id": "u", "created_at": "2024-01-01", "preferences": {"age": 5}}}"#,
         "history JSON: profile.preferences: found \"{\"age\":5}\", expected \"age\": a number of years in 10…70"),
    ])
    func aBadDocumentNamesTheJSONPath(json: String, message: String) {
        #expect(throws: DatasetError.self) { try UserHistory(json: Data(json.utf8)) }
        do {
            _ = try UserHistory(json: Data(json.utf8))
        } catch {
            #expect("\(error)" == message)
        }
    }

    @Test func aForecastReadsAtMostAHundredYears() throws {
        let history = try UserHistory(json: Data(#"{"profile": {"id": "u", "created_at": "2024-01-01"}, "days": [{"date": "2024-01-03", "flow_intensity": 3}]}"#.utf8))
        let near = CalendarDay(iso: "2024-02-01")!, far = CalendarDay(iso: "2124-02-01")!
        #expect(try DayForecast(predictor: RuleEngine(), history: history, day: near, language: .en).prediction.nextPeriodStart > near)
        #expect(throws: DatasetError.forecastTooFar(user: "u", firstDay: CalendarDay(iso: "2024-01-03")!, day: far,
                                                    maximumDays: DayForecast.maximumSpanDays)) {
            try DayForecast(predictor: RuleEngine(), history: history, day: far, language: .en)
        }
    }
}
