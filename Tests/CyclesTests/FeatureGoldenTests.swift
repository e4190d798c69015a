import Foundation
import Testing
@testable import Cycles
@testable import CyclesLab

/// Value preservation of the two feature projections: the GBT's tabular rows and the LSTM's
/// daily inputs of a few committed users (`Datasets/irregular`, `Datasets/mixed`) on every day
/// from their first logged day to three days after their last, against a fixture recorded from
/// the builders that trained the shipped `Models/` (`Fixtures/feature-golden.json`). Bit-identical
/// Float32, NaN where NaN: the shipped model files stay valid and `make models` reproduces them.
///
/// Re-record (only after a deliberate feature change, which retrains the models):
/// `ODML_RECORD_FEATURE_GOLDEN=1 swift test --filter CyclesTests.FeatureGoldenTests`.
@Suite struct FeatureGoldenTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/feature-golden.json")
    /// The users checked: period-only (u00001), symptoms with one-sided pain (u00002, u00008,
    /// u00016), in both cohorts.
    static let users = ["u00001", "u00002", "u00008", "u00016"]
    /// Days after the last record checked (nothing logged: missing values, growing gaps).
    static let trailingDays = 3

    /// One user's fixture: a hash of every row of each model and three full rows.
    struct UserRows: Codable, Equatable {
        var dataset: String
        var user: String
        var firstDay: String
        var dayCount: Int
        /// FNV-1a 64 of the rows' Float32 bit patterns (every NaN as 0x7fc00000), in day order.
        var gbtHash: String
        var lstmHash: String
        /// Full rows of a few days (bit patterns in hex), to show which feature moved.
        var samples: [Sample]
    }

    struct Sample: Codable, Equatable {
        var day: String
        var gbt: [String]
        var lstm: [String]
    }

    /// Every day's GBT row and LSTM input for `history`, `[days, featureCount]` each.
    static func rows(for history: UserHistory) -> (first: CalendarDay, days: Int, gbt: [Float], lstm: [Float]) {
        let first = history.records.first!.date
        let last = history.records.last!.date.advanced(by: trailingDays)
        let days = first.distance(to: last) + 1
        var builder = TabularFeatureBuilder(history: history)
        var gbt: [Float] = [], row: [Float] = []
        for offset in 0..<days {
            builder.features(on: first.advanced(by: offset), into: &row)
            gbt += row
        }
        let lstm = DailyFeatureBuilder.features(for: history, through: last)
        return (first, days, gbt, lstm)
    }

    static func bits(_ value: Float) -> UInt32 { value.isNaN ? 0x7fc0_0000 : value.bitPattern }

    static func hash(_ values: [Float]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for value in values {
            var word = bits(value)
            for _ in 0..<4 { hash = (hash ^ UInt64(word & 0xff)) &* 0x100_0000_01b3; word >>= 8 }
        }
        return String(hash, radix: 16)
    }

    static func computed() throws -> [UserRows] {
        var result: [UserRows] = []
        for name in ["irregular", "mixed"] {
            let dataset = try CycleDataset.load(from: root.appendingPathComponent("Datasets/\(name)"))
            for id in users {
                let history = try #require(dataset.users.first { $0.userID == id })
                let (first, days, gbt, lstm) = rows(for: history)
                let gbtWidth = TabularFeatureBuilder.featureCount, lstmWidth = DailyFeatureBuilder.featureCount
                let samples = [0, days / 2, days - 1].map { offset in
                    Sample(day: first.advanced(by: offset).iso,
                           gbt: gbt[(offset * gbtWidth)..<((offset + 1) * gbtWidth)].map { String(bits($0), radix: 16) },
                           lstm: lstm[(offset * lstmWidth)..<((offset + 1) * lstmWidth)].map { String(bits($0), radix: 16) })
                }
                result.append(UserRows(dataset: name, user: id, firstDay: first.iso, dayCount: days,
                                       gbtHash: hash(gbt), lstmHash: hash(lstm), samples: samples))
            }
        }
        return result
    }

    @Test func projectionsReproduceTheRecordedFeatures() throws {
        let rows = try Self.computed()
        if ProcessInfo.processInfo.environment["ODML_RECORD_FEATURE_GOLDEN"] == "1" {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(rows).write(to: Self.fixture, options: .atomic)
        }
        let recorded = try JSONDecoder().decode([UserRows].self, from: Data(contentsOf: Self.fixture))
        #expect(recorded.count == rows.count)
        for (expected, found) in zip(recorded, rows) {
            #expect(found.dayCount == expected.dayCount, "\(expected.dataset)/\(expected.user)")
            for (wanted, got) in zip(expected.samples, found.samples) {
                for (index, (a, b)) in zip(wanted.gbt, got.gbt).enumerated() where a != b {
                    Issue.record("\(expected.dataset)/\(expected.user) \(wanted.day) gbt \(TabularFeatureBuilder.features[index].name): \(a) recorded, \(b) now")
                }
                for (index, (a, b)) in zip(wanted.lstm, got.lstm).enumerated() where a != b {
                    Issue.record("\(expected.dataset)/\(expected.user) \(wanted.day) lstm \(DailyFeatureBuilder.featureNames[index]): \(a) recorded, \(b) now")
                }
            }
            #expect(found.gbtHash == expected.gbtHash, "\(expected.dataset)/\(expected.user): GBT rows differ")
            #expect(found.lstmHash == expected.lstmHash, "\(expected.dataset)/\(expected.user): LSTM inputs differ")
        }
    }
}
