// What the app does on a day: load the shipped model, predict her next period, ovulation,
// tomorrow's energy and mood, and explain the forecast in her language.
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
} catch {
    print("error: \(error)")
    exit(1)
}
