// What the app does on a day, through its two entry points: an in-memory history (load the
// shipped model, predict her next period, ovulation, tomorrow's energy and mood, and explain the
// forecast in her language), and the loop on the app's database (the same forecast written to
// its `predictions` and `insights` tables; her day state kept between days).
#if UMBRELLA
import OnDeviceML
#else
import ShifAIRuntime
#endif
import Foundation

/// Her logs as the app holds them in memory: four periods about 30 days apart, some symptoms.
func sampleHistory(today: CalendarDay) -> UserHistory {
    var records: [DayRecord] = []
    for (cycle, length) in [29, 31, 28, 32].enumerated() {
        let start = today.advanced(by: -(120 - [0, 29, 60, 88][cycle]))
        for day in 0..<5 { records.append(DayRecord(date: start.advanced(by: day), flowIntensity: day < 2 ? 4 : 2)) }
        records.append(DayRecord(date: start.advanced(by: length - 3), symptoms: [.energy: 3, .mood: 4]))
    }
    records.sort { $0.date < $1.date }
    let profile = UserProfile(id: "her", createdAt: today.advanced(by: -150))
    return UserHistory(profile: profile, records: records)
}

let modelPath = CommandLine.arguments.dropFirst().first ?? "../../Models/cycle-gbt.odml"
do {
    let language = try Language(identifier: CommandLine.arguments.dropFirst(2).first ?? "fr")
    let model = try GBTCyclePredictor.load(from: URL(fileURLWithPath: modelPath))
    let today = CalendarDay(iso: "2026-11-25")!
    let (prediction, attribution) = try model.explainedPrediction(
        for: sampleHistory(today: today), on: today, language: language)
    print("next period: \(prediction.nextPeriodStart.iso) ± \(String(format: "%.1f", prediction.nextPeriodUncertaintyDays)) d")
    if let ovulation = prediction.ovulation { print("ovulation: \(ovulation.date.iso)") }
    if let energy = prediction.energyTomorrow { print("energy tomorrow: \(energy.level.rawValue)") }
    if let mood = prediction.moodTomorrow { print("mood tomorrow: \(mood.level.rawValue)") }
    print("why: \(prediction.reasoning.text)")
    print("attribution: \(attribution.contributions.count) feature contributions (\(attribution.method))")

    // The loop on the app's database (the app hands over its own SQLCipher connection instead).
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("shifai-app-example.sqlite").path
    let history = sampleHistory(today: today)
    let database = try AppDatabase.create(path: path, profile: history.profile, timeZone: .gmt)
    for record in history.records {
        try database.log(record, cycleDay: nil, at: record.date.unixTimestamp(hour: 21, timeZone: .gmt))
    }
    let loop = OnDeviceLoop(database: database, model: try CycleModel.load(modelPath), generator: try CyclePhrases.shared)
    for day in [today, today.advanced(by: 1)] {
        let outcome = try loop.predict(at: Date(timeIntervalSince1970: TimeInterval(day.unixTimestamp(hour: 21, timeZone: .gmt))))
        let how = outcome.replayReason.map { "her history replayed: \($0)" } ?? "her kept day advanced"
        print("database, \(day.iso): \(outcome.inserted) rows written (\(how)): \(outcome.batch.insights[0].reasoning ?? "")")
    }
} catch {
    print("error: \(error)")
    exit(1)
}
