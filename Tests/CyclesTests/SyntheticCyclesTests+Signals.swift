import Foundation
import Testing
import TensorCore
@testable import Cycles
@testable import CyclesLab

/// Fertility signals in generated data (config version 3).
extension SyntheticCyclesTests {
    /// `base` with every user logging every signal (LH tests in every cycle she can).
    static func everySignal(_ base: CohortConfig = .regular) -> CohortConfig {
        var config = base
        for index in config.phenotypes.indices {
            var signals = config.phenotypes[index].signals
            signals.lhTest.everyCycleShare = 1
            signals.lhTest.someCyclesShare = 0
            signals.lhTest.everyCycleTestRate = 1
            signals.basalBodyTemperature.userShare = 1
            signals.wristTemperature.userShare = 1
            signals.cervicalMucus.userShare = 1
            config.phenotypes[index].signals = signals
        }
        return config
    }

    static func withoutSignals(_ base: CohortConfig) -> CohortConfig {
        var config = base
        for index in config.phenotypes.indices { config.phenotypes[index].signals = .never }
        return config
    }

    @Test func signalsLeaveFlowSymptomsProfilesAndTruthByteIdentical() throws {
        for name in CohortConfig.builtInNames {
            let config = try CohortConfig.named(name)
            let none = SyntheticCycles.generate(config: Self.withoutSignals(config), users: 40, months: 12, seed: 5)
            for variant in [config, Self.everySignal(config)] {
                let with = SyntheticCycles.generate(config: variant, users: 40, months: 12, seed: 5)
                #expect(with.users.contains { !$0.measurements.isEmpty })
                #expect(with.entriesCSV() == none.entriesCSV(), "\(name): cycle_entries.csv changed")
                #expect(with.symptomsCSV() == none.symptomsCSV(), "\(name): symptom_logs.csv changed")
                #expect(with.profilesCSV() == none.profilesCSV() && with.truthCSV() == none.truthCSV(), "\(name)")
            }
            #expect(none.users.allSatisfy { $0.measurements.isEmpty })
        }
    }

    /// `Datasets/<cohort>/` is exactly what `odml generate --cohort <cohort> --users 50 --months 12
    /// --seed 7` writes (its flow, symptom, profile and truth files predate the signals).
    @Test(arguments: CohortConfig.builtInNames)
    func committedSamplesAreTheGeneratorsOutput(cohort: String) throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let sample = root.appendingPathComponent("Datasets/\(cohort)")
        let out = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(cohort)-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        try SyntheticCycles.generate(config: try CohortConfig.named(cohort), users: 50, months: 12, seed: 7).write(to: out)
        let names = try FileManager.default.contentsOfDirectory(atPath: out.path).sorted()
        #expect(names == (try FileManager.default.contentsOfDirectory(atPath: sample.path).sorted()))
        #expect(names.contains(CycleDataset.FileName.measurements))
        for name in names {
            #expect(try Data(contentsOf: out.appendingPathComponent(name)) == (try Data(contentsOf: sample.appendingPathComponent(name))),
                    "Datasets/\(cohort)/\(name) differs from the generator's output")
        }
    }

    @Test func signalsAreDeterministicAndReadBack() throws {
        let config = Self.everySignal(.irregular)
        let first = SyntheticCycles.generate(config: config, users: 12, months: 6, seed: 3)
        let second = SyntheticCycles.generate(config: config, users: 12, months: 6, seed: 3)
        #expect(first.measurementsCSV() == second.measurementsCSV())
        #expect(first.measurementsCSV() != SyntheticCycles.generate(config: config, users: 12, months: 6, seed: 4).measurementsCSV())
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("signals-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try first.write(to: url)
        let read = try CycleDataset.load(from: url)
        #expect(read.users.map(\.measurements) == first.users.map(\.measurements))
        for user in first.users {
            for day in user.measurements {
                for kind in day.kinds { #expect(kind.plausibleRange.contains(day.value(of: kind)!)) }
            }
        }
    }

    @Test func generatedSignalsMatchTheirReferenceRows() throws {
        for base in [CohortConfig.regular, .irregular] {
            let dataset = SyntheticCycles.generate(config: Self.everySignal(base), users: 80, months: 12, seed: 17)
            var measured: [String: Double] = [:]
            DatasetStatistics.signalStatistics(dataset, truth: try #require(dataset.truth), into: &measured)
            for row in ReferenceStatistics.signalRows {
                let value = try #require(measured[row.key], "\(base.name): \(row.key) not measured")
                let range = try #require(row.acceptedRange(for: base.name))
                #expect(range.contains(value), "\(base.name): \(row.label) = \(value), accepted \(range)")
            }
        }
    }

    @Test func adherencePersonasSetWhoLogsWhat() throws {
        var config = CohortConfig.regular
        config.phenotypes[0].signals = .never
        config.phenotypes[0].signals.wristTemperature.userShare = 1
        let watchOnly = SyntheticCycles.generate(config: config, users: 20, months: 4, seed: 2)
        #expect(watchOnly.users.allSatisfy { user in user.measurements.allSatisfy { $0.kinds == [.wristTemperature] } })
        #expect(watchOnly.users.allSatisfy { $0.measurements.count > 60 })
        #expect(watchOnly.users[0].measurements[0].source(of: .wristTemperature) == "healthkit")

        let defaults = SyntheticCycles.generate(config: .regular, users: 400, months: 3, seed: 2)
        func share(_ kind: MeasurementKind) -> Double {
            Double(defaults.users.filter { $0.measurements.contains { $0.value(of: kind) != nil } }.count) / 400
        }
        let signals = CohortConfig.regular.phenotypes[0].signals
        #expect(abs(share(.wristTemperature) - signals.wristTemperature.userShare) < 0.06)
        #expect(abs(share(.basalBodyTemperature) - signals.basalBodyTemperature.userShare) < 0.05)
        #expect(abs(share(.cervicalMucus) - signals.cervicalMucus.userShare) < 0.05)
        // Some-cycles testers skip more than half of their cycles: fewer testers show up in three months.
        #expect(share(.lhTest) > 0.15 && share(.lhTest) < signals.lhTest.everyCycleShare + signals.lhTest.someCyclesShare + 0.05)
    }

    // MARK: The signal simulator on hand-made cycles

    static let window = CalendarDay(year: 2025, month: 1, day: 6)!..<CalendarDay(year: 2025, month: 4, day: 6)!

    /// Three 30-day cycles from the window's first day; ovulation on cycle day 16 unless anovulatory.
    static func cycles(ovulatory: Bool) -> [_UserSimulator.LatentCycle] {
        (0..<3).map { index in
            _UserSimulator.LatentCycle(start: window.lowerBound.advanced(by: 30 * index), length: 30,
                                       follicularLength: ovulatory ? 16 : nil, lutealLength: ovulatory ? 14 : nil,
                                       mensesLength: 5, stressEvent: nil, mittelschmerzDays: nil, mittelschmerzZone: .leftOvary)
        }
    }

    static func simulate(_ config: CohortConfig, ovulatory: Bool, silent: [Bool]? = nil, seed: UInt64 = 1) -> [DayMeasurements] {
        let simulator = _SignalSimulator(parameters: config.phenotypes[0].signals, window: window,
                                         silent: silent ?? [Bool](repeating: false, count: window.count), usualLength: 30)
        var generator = SeededGenerator(seed: seed)
        return simulator.simulate(cycles: cycles(ovulatory: ovulatory), using: &generator)
    }

    @Test func nothingIsLoggedInALoggingGap() {
        var silent = [Bool](repeating: false, count: Self.window.count)
        for offset in 20..<55 { silent[offset] = true }
        for seed in 1...5 {
            let days = Self.simulate(Self.everySignal(), ovulatory: true, silent: silent, seed: UInt64(seed))
            #expect(!days.isEmpty)
            #expect(days.allSatisfy { !(20..<55).contains(Self.window.lowerBound.distance(to: $0.date)) })
        }
    }

    @Test func anovulatoryCyclesHaveNoSurgeShiftOrPeak() {
        var config = Self.everySignal()
        config.phenotypes[0].signals.lhTest.falsePositiveRate = 0
        for seed in 1...5 {
            let days = Self.simulate(config, ovulatory: false, seed: UInt64(seed))
            #expect(days.allSatisfy { $0.lhTest != .positive && $0.lhTest != .peak })
            #expect(days.allSatisfy { $0.cervicalMucus != .eggWhite })
            // No rise: the second half of each cycle is no warmer than the first.
            let first = days.filter { Self.window.lowerBound.distance(to: $0.date) % 30 < 15 }.compactMap(\.basalBodyTemperature)
            let second = days.filter { Self.window.lowerBound.distance(to: $0.date) % 30 >= 15 }.compactMap(\.basalBodyTemperature)
            #expect(abs(DatasetStatistics.mean(second)! - DatasetStatistics.mean(first)!) < 0.1)
        }
        let ovulatory = Self.simulate(config, ovulatory: true)
        #expect(ovulatory.contains { $0.lhTest?.isSurge == true } && ovulatory.contains { $0.cervicalMucus == .eggWhite })
    }

    @Test func tonicPositivesForPCOSLikeUsers() throws {
        var config = Self.everySignal()
        config.phenotypes[0].signals.lhTest.tonicPositiveRate = 0.3
        config.phenotypes[0].signals.lhTest.testDays = .init(10, 10)
        var positives = 0, tests = 0
        for seed in 1...20 {
            let days = Self.simulate(config, ovulatory: false, seed: UInt64(seed))
            tests += days.filter { $0.lhTest != nil }.count
            positives += days.filter { $0.lhTest == .positive }.count
        }
        // Testers stop the day after a positive, so about two in five test days read positive.
        #expect(Double(positives) / Double(tests) > 0.2 && Double(positives) / Double(tests) < 0.6)
        #expect(CohortConfig.pcos.phenotypes[0].signals.lhTest.tonicPositiveRate > 0)
        #expect(CohortConfig.regular.phenotypes[0].signals.lhTest.tonicPositiveRate == 0)
    }
}
