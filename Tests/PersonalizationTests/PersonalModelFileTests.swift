import Cycles
import Foundation
import ModelFiles
import TensorCore
import Testing
@testable import Personalization
import CyclesLab
@testable import PersonalizationLab

@Suite struct PersonalModelFileTests {
    static func record() -> PersonalModelRecord {
        PersonalModelRecord(userID: "u1", cutoff: CalendarDay(iso: "2025-07-01")!, strategy: "residual", kept: true,
                            reason: "kept: residual beats rules", residual: ResidualCorrection(offsetsDays: [1.5, 0.4, -0.2, 2]))
    }

    @Test func encryptedRoundTripKeepsBaseSectionsAndTheRecord() throws {
        var base = ModelFile(kind: "cycle-test")
        base.setTensor("head.weight", Tensor([1, 2, 3]))
        let personal = try PersonalModelFile.personalized(base, record: Self.record())
        let url = try AppDatabaseFixtures.temporaryDirectory().appendingPathComponent("personal.odml")
        try PersonalModelFile.write(personal, to: url, password: "s3cret")
        let read = try PersonalModelFile.read(from: url, password: "s3cret")
        #expect(try read.tensor("head.weight") == Tensor([1, 2, 3]))
        #expect(try PersonalModelFile.record(in: read, path: url.path) == Self.record())
        #expect(try PersonalModelFile.record(in: base, path: "base") == nil)
        // The bytes on disk do not contain the record in clear.
        #expect(!String(decoding: try Data(contentsOf: url), as: UTF8.self).contains("residual"))
    }

    @Test func wrongOrMissingPasswordIsATypedError() throws {
        let url = try AppDatabaseFixtures.temporaryDirectory().appendingPathComponent("locked.odml")
        try PersonalModelFile.write(try PersonalModelFile.personalized(ModelFile(kind: "cycle-test"), record: Self.record()), to: url, password: "right")
        #expect(throws: PersonalizationError.wrongPassword(path: url.path)) { try PersonalModelFile.read(from: url, password: "wrong") }
        #expect(throws: PersonalizationError.wrongPassword(path: url.path)) { try PersonalModelFile.read(from: url, password: nil) }
    }

    @Test func appliedRecordReproducesThePersonalModel() throws {
        let history = HistoryFixtures.history(cycleLengths: Array(repeating: 32, count: 6))
        let outcome = try Personalizer(tuner: ResidualCorrectionTuner()).personalize(CalendarPredictor(cycleLength: 28), history: history,
                                                                                   cutoff: history.periodStarts.last!)
        let record = PersonalModelRecord(outcome: outcome, userID: "u1")
        #expect(record.strategy == "residual" && record.kept)
        let days = Array(history.periodStarts[2]..<history.periodStarts[4])
        let rebuilt = record.applied(to: CalendarPredictor(cycleLength: 28))
        #expect(try rebuilt.predictions(for: history, on: days, language: .en) == outcome.model.predictions(for: history, on: days, language: .en))
    }
}
