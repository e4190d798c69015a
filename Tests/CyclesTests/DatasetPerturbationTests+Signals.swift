import Foundation
import Testing
@testable import Cycles
@testable import CyclesLab

/// The "keep only these signals" perturbations (the scenarios of the signal table).
extension DatasetPerturbationTests {
    /// `user(id)` with an LH test, a BBT, a wrist temperature, a mucus and a cervix observation on every day.
    static func signalUser(_ id: String = "u1") -> UserHistory {
        let base = user(id)
        let measurements = (0..<365).map { offset in
            DayMeasurements(date: TestHistories.origin.advanced(by: offset), lhTest: offset % 30 == 14 ? .positive : .negative,
                            basalBodyTemperature: 36.2 + Double(offset % 3) / 10, wristTemperature: -0.1,
                            cervicalMucus: .moist, cervix: CervixObservation(opening: .closed, firmness: .firm, position: .low),
                            sources: [.wristTemperature: "oura"])
        }
        return UserHistory(profile: base.profile, records: base.records, measurements: measurements)
    }

    @Test func signalScenariosKeepOnlyTheirKindsAndEveryLog() {
        let original = Self.signalUser()
        let names = DatasetPerturbation.signalScenarios.map(\.name)
        #expect(names == ["signals:none", "signals:lh", "signals:bbt", "signals:wrist", "signals:mucus", "signals:all"])
        #expect(DatasetPerturbation.signalScenarios.map(\.label)
            == ["symptoms only", "+ LH tests", "+ BBT", "+ wrist temperature", "+ cervical mucus", "all signals"])
        for scenario in DatasetPerturbation.signalScenarios {
            let perturbed = scenario.applied(to: original)
            #expect(perturbed.records == original.records && perturbed.profile == original.profile)
            let kept = Set(perturbed.measurements.flatMap(\.kinds))
            #expect(kept == scenario.keptSignals, "\(scenario.name)")
            #expect(perturbed.measurements.allSatisfy { !$0.isEmpty })
            #expect(DatasetPerturbation(name: scenario.name) == scenario)
        }
        #expect(DatasetPerturbation.signalScenarios[0].applied(to: original).measurements.isEmpty)
        #expect(DatasetPerturbation.signalScenarios[5].applied(to: original) == original)
        let wrist = DatasetPerturbation(name: "signals:wrist")!.applied(to: original)
        #expect(wrist.measurements[0] == DayMeasurements(date: TestHistories.origin, wristTemperature: -0.1, sources: [.wristTemperature: "oura"]))
    }

    @Test func signalNamesParseCombinations() {
        let both = DatasetPerturbation(name: "signals:lh+bbt")
        #expect(both?.keptSignals == [.lhTest, .basalBodyTemperature])
        #expect(both?.name == "signals:lh+bbt" && both?.label == "+ LH tests + BBT")
        #expect(DatasetPerturbation(name: "signals:progesterone") == nil)
        #expect(DatasetPerturbation(name: "period-only") == DatasetPerturbation(.periodOnly))
        #expect(DatasetPerturbation(name: "nonsense") == nil)
        // The robustness panel's perturbations are unchanged.
        #expect(DatasetPerturbation.all().map(\.name) == ["period-only", "empty-preferences", "logging-gap", "forgotten-period", "half-symptom-days"])
    }

    @Test func poorerLogsTakeTheSignalsWithThem() throws {
        let original = Self.signalUser()
        // Period-only: flow alone, no measurement.
        #expect(DatasetPerturbation(.periodOnly).applied(to: original).measurements.isEmpty)
        // A gap: nothing logged, measurements included.
        let perturbation = DatasetPerturbation(.loggingGap)
        let gap = try #require(perturbation.gap(for: original))
        let gapped = perturbation.applied(to: original)
        #expect(gapped.measurements.count == original.measurements.count - DatasetPerturbation.gapDays)
        #expect(gapped.measurements.allSatisfy { !gap.contains($0.date) })
        // Forgetting a period or half the symptom days, or emptying preferences, leaves the measurements.
        for kind in [DatasetPerturbation.Kind.forgottenPeriod, .halfSymptomDays, .emptyPreferences] {
            #expect(DatasetPerturbation(kind).applied(to: original).measurements == original.measurements)
        }
    }
}
