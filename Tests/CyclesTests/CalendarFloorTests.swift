import Foundation
import Testing
@testable import Cycles
@testable import CyclesLab

/// The shipped models never score below the calendar on users who log the way real app users
/// do: no declared cycle length (`preferences` = `{}`) and no `symptom_logs.csv` at all — only
/// periods and whatever fertility signals the generator's personas log.
@Suite struct CalendarFloorTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Irregular users written to files, their preferences blanked and the symptom file deleted,
    /// then read back the way `odml evaluate --data` reads them.
    static func periodAndSignalLoggers() throws -> CycleDataset {
        let generated = SyntheticCycles.generate(config: try CohortConfig.named("irregular"), users: 24, months: 12, seed: 20_261_125)
        let blanked = DatasetPerturbation(.emptyPreferences).applied(to: generated)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("calendar-floor-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        try blanked.write(to: directory)
        try FileManager.default.removeItem(at: directory.appendingPathComponent("symptom_logs.csv"))
        let dataset = try CycleDataset.load(from: directory)
        #expect(dataset.users.allSatisfy { $0.profile.preferencesJSON == "{}" })
        #expect(dataset.users.allSatisfy { $0.records.allSatisfy { $0.symptoms.isEmpty } })
        return dataset
    }

    @Test func everyShippedModelScoresAtLeastTheCalendarWithoutPreferencesOrSymptoms() throws {
        let dataset = try Self.periodAndSignalLoggers()
        let evaluator = CycleEvaluator(bootstrapSamples: 0)
        let calendar = try evaluator.evaluate(CalendarPredictor(), on: dataset)
        #expect(calendar.cycles > 100)
        let models: [(String, any CyclePredictor)] = [
            ("gbt", try GBTCyclePredictor.load(from: Self.root.appendingPathComponent("Models/cycle-gbt.odml"))),
            ("lstm", try LSTMCyclePredictor.load(from: Self.root.appendingPathComponent("Models/cycle-lstm.odml"))),
        ]
        for (name, model) in models {
            let report = try evaluator.evaluate(model, on: dataset)
            #expect(report.cycles == calendar.cycles)
            #expect(report.alertAccuracy >= calendar.alertAccuracy,
                    "\(name): alert accuracy \(report.alertAccuracy) below the calendar's \(calendar.alertAccuracy)")
        }
    }
}
