import Cycles
import Foundation
import GRDB
import Testing
@testable import Personalization
import CyclesLab
@testable import PersonalizationLab

@Suite struct AppDatabaseTests {
    static let day = AppDatabaseFixtures.firstDay

    /// The DDL verbatim, a `sync_log` table and an extra column the toolkit does not know, rows
    /// as the app writes them (TEXT UUIDs, INTEGER timestamps, phase/cycle_day as displayed).
    static func appFile() throws -> (path: String, queue: DatabaseQueue) {
        let path = try AppDatabaseFixtures.temporaryDirectory().appendingPathComponent("shifai.sqlite").path
        let queue = try AppDatabaseFixtures.bareDatabase(at: path)
        try queue.write { db in
            // sync_log's columns are not in the architecture: any table the toolkit does not know.
            try db.execute(sql: """
                CREATE TABLE sync_log(id TEXT PRIMARY KEY, table_name TEXT, row_id TEXT, action TEXT, created_at INTEGER);
                INSERT INTO sync_log VALUES ('s1', 'cycle_entries', 'x', 'insert', 1767225600);
                ALTER TABLE cycle_entries ADD COLUMN mood_emoji TEXT;
                INSERT INTO user_profile VALUES ('3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e4c3a21', 1767225600, 1, 'irregular', '["sopk"]', '{"language":"en"}');
                INSERT INTO cycle_entries (id, date, flow_intensity, cycle_day, phase, created_at, updated_at, mood_emoji)
                    VALUES ('0b8e-1', '2026-01-01', 3, 1, 'menstrual', 1767297600, 1767297600, '🙂'),
                           ('0b8e-2', '2026-01-02', 2, 14, 'ovulatory', 1767384000, 1767384000, NULL),
                           ('0b8e-3', '2026-01-29', 4, 29, 'luteal', 1769803200, NULL, NULL);
                INSERT INTO symptom_logs (id, date, symptom_type, value, notes, body_zone, pain_type, created_at, updated_at)
                    VALUES ('7c1a-1', '2026-01-02', 'pain', 6, 'crampes', 'uterus', 'cramping', 1767384000, 1767384000),
                           ('7c1a-2', '2026-01-02', 'energy', 3, NULL, NULL, NULL, 1767384000, 1767384000);
                """)
        }
        return (path, queue)
    }

    @Test func theDDLFixtureLoadsAndExtraTablesAndColumnsAreIgnored() throws {
        let (path, queue) = try Self.appFile()
        let database = try AppDatabase(queue, name: "shifai.sqlite", timeZone: AppDatabaseFixtures.utc)
        let history = try database.history()
        #expect(history.userID == "3f1c2a9e-8d4b-4c1e-9a7f-2b6d5e4c3a21")
        #expect(history.profile.createdAt == Self.day && history.profile.cycleType == .irregular && history.profile.conditions == ["sopk"])
        #expect(try history.profile.preferredLanguage() == .en)
        #expect(history.records.map(\.date.iso) == ["2026-01-01", "2026-01-02", "2026-01-29"])
        #expect(history.records[1].symptoms == [.pain: 6, .energy: 3] && history.records[1].painZone == .uterus)
        // Starts come from the flow days, not from the displayed cycle_day/phase (14, "ovulatory" on day 2).
        #expect(history.periodStarts.map(\.iso) == ["2026-01-01", "2026-01-29"])
        try database.reconcile()
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sync_log") } == 1)
        // The same file through the dataset loader: one user.
        let dataset = try CycleDataset.load(sqlite: URL(fileURLWithPath: path))
        #expect(dataset.users == [history])
    }

    /// The app's own `measurements` table (no `user_id`, no `disturbed` column) with a five-step
    /// mucus row and two BBT readings; the second marked disturbed in the toolkit's own table
    /// (`odml_disturbed_readings`), then the mark cleared.
    @Test func disturbedReadingsLiveInTheToolkitsTable() throws {
        let (path, queue) = try Self.appFile()
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE measurements(id TEXT PRIMARY KEY, date TEXT NOT NULL, kind TEXT NOT NULL, value REAL, source TEXT,
                                          created_at INTEGER, updated_at INTEGER, sync_status TEXT);
                INSERT INTO measurements VALUES ('m1', '2026-01-05', 'bbt', 36.40, 'manual', 1767600000, 1767600000, 'pending'),
                                                ('m2', '2026-01-06', 'bbt', 36.95, 'manual', 1767686400, 1767686400, 'pending'),
                                                ('m3', '2026-01-06', 'cervical_mucus_nfp', 4, 'manual', 1767686400, 1767686400, 'pending');
                """)
        }
        let database = try AppDatabase(queue, name: "shifai.sqlite", timeZone: AppDatabaseFixtures.utc)
        #expect(try database.history().measurements.allSatisfy { $0.disturbed.isEmpty })
        try database.markDisturbed(measurementID: "m2", at: 1767690000)
        let marked = try database.history().measurements
        #expect(marked.map(\.date.iso) == ["2026-01-05", "2026-01-06"])
        #expect(marked[0].disturbed.isEmpty && marked[1].disturbed == [.basalBodyTemperature])
        #expect(marked[1].usableBasalTemperature == nil && marked[1].cervicalMucus == .eggWhite)
        #expect(try CycleDataset.load(sqlite: URL(fileURLWithPath: path)).users[0].measurements == marked)
        try database.markDisturbed(measurementID: "m2", false, at: 1767690000)
        #expect(try database.history().measurements.allSatisfy { $0.disturbed.isEmpty })
    }

    @Test func theMultiUserFormIsStillReadAndIsNotAnAppDatabase() throws {
        let url = try AppDatabaseFixtures.temporaryDirectory().appendingPathComponent("dataset.sqlite")
        let dataset = SyntheticCycles.generate(config: .irregular, users: 2, months: 2, seed: 3)
        try dataset.write(sqlite: url)
        #expect(try CycleDataset.load(sqlite: url).users == dataset.users)
        #expect(throws: PersonalizationError.self) { _ = try AppDatabase.open(path: url.path) }
        let queue = try DatabaseQueue(path: url.path)
        #expect(try queue.read { db in try SQLiteLayout.detect(in: db, path: "dataset.sqlite") } == .dataset)
    }

    /// Each bad app file and the one-line error it must give.
    @Test(arguments: [
        ("DELETE FROM user_profile", DatasetError.singleUserExpected(file: "shifai.sqlite:user_profile", found: 0)),
        ("INSERT INTO user_profile VALUES ('second', 1767225600, 1, 'regular', '[]', '{}')",
         DatasetError.singleUserExpected(file: "shifai.sqlite:user_profile", found: 2)),
        ("UPDATE user_profile SET created_at = '2026-01-01'",
         DatasetError.invalidValue(file: "shifai.sqlite:user_profile", line: 1, column: "created_at", value: "2026-01-01",
                                   expected: "a Unix timestamp in seconds (INTEGER, 1970…2100)")),
        ("UPDATE cycle_entries SET updated_at = 1767384000000 WHERE id = '0b8e-2'",
         DatasetError.invalidValue(file: "shifai.sqlite:cycle_entries", line: 2, column: "updated_at", value: "1767384000000",
                                   expected: "a Unix timestamp in seconds (INTEGER, 1970…2100) or NULL (this looks like milliseconds)")),
        ("UPDATE cycle_entries SET flow_intensity = 'heavy' WHERE id = '0b8e-3'",
         DatasetError.invalidValue(file: "shifai.sqlite:cycle_entries", line: 3, column: "flow_intensity", value: "heavy",
                                   expected: "an integer in 1...5 or empty")),
        ("UPDATE symptom_logs SET value = 2.5 WHERE id = '7c1a-2'",
         DatasetError.invalidValue(file: "shifai.sqlite:symptom_logs", line: 2, column: "value", value: "2.5", expected: "an integer in 1...10")),
        ("DROP TABLE cycle_entries",
         DatasetError.sqlite(path: "shifai.sqlite", reason: "table cycle_entries is missing (expected the app's tables user_profile and cycle_entries)")),
    ])
    func badRowsAreTypedErrorsNamingTableRowAndColumn(sql: String, expected: DatasetError) throws {
        let (_, queue) = try Self.appFile()
        try queue.write { db in try db.execute(sql: sql) }
        #expect(throws: expected) {
            let database = try AppDatabase(queue, name: "shifai.sqlite", timeZone: AppDatabaseFixtures.utc)
            _ = try database.history()
        }
    }

    /// The app's rows are read as the values SQLite stores, with no text stage: a whole number
    /// stored as REAL or as TEXT is that integer, and the typed errors above still name the value.
    @Test func storedNumbersAreReadAsStored() throws {
        let (_, queue) = try Self.appFile()
        try queue.write { db in
            try db.execute(sql: """
                UPDATE cycle_entries SET flow_intensity = 3.0 WHERE id = '0b8e-1';
                UPDATE cycle_entries SET flow_intensity = '4', created_at = 1769803200.0 WHERE id = '0b8e-3';
                """)
        }
        let history = try AppDatabase(queue, name: "shifai.sqlite", timeZone: AppDatabaseFixtures.utc).history()
        #expect(history.records.map(\.flowIntensity) == [3, 2, 4])
    }

    @Test func aBadPredictionRowIsATypedError() throws {
        let (_, queue) = try Self.appFile()
        try queue.write { db in
            try db.execute(sql: "INSERT INTO predictions (id, type, predicted_date, created_at) VALUES ('p1', 'period_start', '2026-02-30', 1767297600)")
        }
        let database = try AppDatabase(queue, name: "shifai.sqlite", timeZone: AppDatabaseFixtures.utc)
        #expect(throws: PersonalizationError.invalidRow(path: "shifai.sqlite", table: "predictions", id: "p1", column: "predicted_date",
                                                        found: "2026-02-30", expected: "a date YYYY-MM-DD")) { try database.reconcile() }
    }

    @Test func writingABatchTwiceWritesNothingTheSecondTimeAndABadRowWritesNothing() throws {
        let (_, queue) = try Self.appFile()
        let database = try AppDatabase(queue, name: "shifai.sqlite", timeZone: AppDatabaseFixtures.utc)
        let batch = AppDatabaseFixtures.batch(day: Self.day.advanced(by: 3))
        #expect(try database.write(batch) == 5)
        #expect(try database.write(batch) == 0)
        let stored = try database.predictions()
        #expect(stored == batch.predictions)
        #expect(try database.insights() == batch.insights)
        var bad = AppDatabaseFixtures.batch(day: Self.day.advanced(by: 4))
        bad.predictions[3].confidence = 1.5
        #expect(throws: PersonalizationError.self) { try database.write(bad) }
        #expect(try database.predictions().count == 4)
    }

    @Test func reconcileFillsTheTruthWithTheProjectsRules() throws {
        let (_, queue) = try Self.appFile()
        let database = try AppDatabase(queue, name: "shifai.sqlite", timeZone: AppDatabaseFixtures.utc)
        // As of Jan 1: start forecast Jan 11 (18 days early: 0), energy for Jan 2 = 5 (logged 3: low vs medium, 0).
        // As of Jan 18: start forecast Jan 28 (1 day off the Jan 29 start: 1).
        try database.write(AppDatabaseFixtures.batch(day: Self.day))
        try database.write(AppDatabaseFixtures.batch(day: Self.day.advanced(by: 17)))
        let summary = try database.reconcile()
        #expect(summary.filled == ["period_start": 2, "energy": 1])
        #expect(summary.accurate == ["period_start": 1])
        #expect(summary.open == ["ovulation": 2, "mood": 2, "energy": 1])
        let starts = try database.predictions(kind: .periodStart)
        #expect(starts.map(\.actualDate?.iso) == ["2026-01-29", "2026-01-29"])
        #expect(starts.map(\.accuracyScore) == [0, 1])
        let energy = try #require(try database.predictions(kind: .energy).first)
        #expect(energy.actualValue == 3 && energy.actualDate == Self.day.advanced(by: 1) && energy.accuracyScore == 0)
        // Filled rows are not revisited.
        #expect(try database.reconcile().filledCount == 0)
        // Her learning signals: both reconciled starts (one miss) and, once given, her verdict.
        try database.setFeedback(.accurate, onInsight: AppDatabaseFixtures.batch(day: Self.day).insights[0].id)
        let signals = try database.feedbackSignals(through: Self.day.advanced(by: 40))
        #expect(signals.map(\.isAccurate) == [true, false, true])
        #expect(signals.map(\.source) == [.insight, .prediction, .prediction])
    }

    @Test func storesAndClearsHerVerdict() throws {
        let (_, queue) = try Self.appFile()
        let database = try AppDatabase(queue, name: "shifai.sqlite", timeZone: AppDatabaseFixtures.utc)
        let batch = AppDatabaseFixtures.batch(day: Self.day)
        try database.write(batch)
        try database.setFeedback(.inaccurate, onInsight: batch.insights[0].id)
        #expect(try database.insights()[0].userFeedback == .inaccurate)
        try database.setFeedback(nil, onInsight: batch.insights[0].id)
        #expect(try database.insights()[0].userFeedback == nil)
        #expect(throws: PersonalizationError.invalidValue(field: "insights.id", found: "nope", expected: "the id of a stored insight")) {
            try database.setFeedback(.accurate, onInsight: "nope")
        }
    }

    @Test func corruptFileIsATypedErrorAndIsLeftUntouched() throws {
        let url = try AppDatabaseFixtures.temporaryDirectory().appendingPathComponent("corrupt.sqlite")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
        try garbage.write(to: url)
        #expect {
            _ = try AppDatabase.open(path: url.path)
        } throws: { error in
            guard case .corruptStore(let path, _) = error as? PersonalizationError else { return false }
            return path == url.path
        }
        #expect(try Data(contentsOf: url) == garbage)
    }

    @Test func damagedPagesAreReportedByTheIntegrityCheck() throws {
        let url = try AppDatabaseFixtures.temporaryDirectory().appendingPathComponent("damaged.sqlite")
        let history = AppDatabaseFixtures.irregularUser(months: 6)
        do {
            let database = try AppDatabaseFixtures.database(history, at: url.path)
            for offset in 0..<60 { try database.write(AppDatabaseFixtures.batch(day: Self.day.advanced(by: offset))) }
        }
        var bytes = try Data(contentsOf: url)
        #expect(bytes.count > 8 * 4096)
        for index in (3 * 4096)..<(bytes.count - 4096) { bytes[index] = 0xA5 }
        try bytes.write(to: url)
        #expect(throws: PersonalizationError.self) {
            let database = try AppDatabase.open(path: url.path, timeZone: AppDatabaseFixtures.utc)
            try database.checkIntegrity()
            _ = try database.predictions()
        }
    }

    @Test func namedUUIDsAreStableVersion5UUIDs() {
        let id = _NameBasedUUID.make("predictions|period_start|2026-01-01|rules@0.1.0")
        #expect(id == _NameBasedUUID.make("predictions|period_start|2026-01-01|rules@0.1.0"))
        #expect(id != _NameBasedUUID.make("predictions|period_start|2026-01-02|rules@0.1.0"))
        #expect(UUID(uuidString: id) != nil && Array(id)[14] == "5" && "89ab".contains(Array(id)[19]))
    }
}
