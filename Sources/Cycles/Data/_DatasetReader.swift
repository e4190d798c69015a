import Foundation

/// Validates the app-schema tables and merges them into a `CycleDataset`.
///
/// Both layouts go through the same row checks. In the `app` layout (`SQLiteLayout`) the tables
/// come with a `user_id` column filled with the one profile's id (see `_CSVTable(db:…)`), and
/// `created_at`/`updated_at` are Unix timestamps in seconds, read as days in `timeZone`.
package struct _DatasetReader {
    let lenient: Bool
    let layout: SQLiteLayout
    let timeZone: TimeZone
    private(set) var skipped: [DatasetError] = []

    package init(lenient: Bool, layout: SQLiteLayout = .dataset, timeZone: TimeZone = .gmt) {
        self.lenient = lenient
        self.layout = layout
        self.timeZone = timeZone
    }

    package static let profileColumns = ["id", "created_at", "onboarding_completed", "cycle_type", "conditions", "preferences"]
    package static let entryColumns = ["id", "user_id", "date", "flow_intensity", "cycle_day", "phase", "created_at", "updated_at", "sync_status"]
    package static let symptomColumns = ["id", "user_id", "date", "symptom_type", "value", "notes", "body_zone", "pain_type",
                                 "created_at", "updated_at", "sync_status"]
    package static let measurementColumns = ["id", "user_id", "date", "kind", "value", "source", "created_at", "updated_at", "sync_status"]
    /// The optional `measurements` column marking a reading disturbed (1) or not (0, empty).
    package static let disturbedColumn = "disturbed"
    /// The toolkit's table in the app's database listing disturbed readings by measurement id.
    package static let disturbedReadingsTable = "odml_disturbed_readings"
    package static let truthColumns = ["user_id", "cycle_start", "ovulation_date", "luteal_length", "follicular_length", "cohort"]
    static let phases = ["menstrual", "follicular", "ovulatory", "luteal"]

    /// Runs `body` for one row; in lenient mode a `DatasetError` skips the row and is recorded.
    mutating func row(_ body: () throws -> Void) throws {
        do { try body() } catch let error as DatasetError {
            guard lenient else { throw error }
            skipped.append(error)
        }
    }

    package mutating func read(profiles: _CSVTable, entries: _CSVTable, symptoms: _CSVTable?, measurements: _CSVTable? = nil,
                       disturbedIDs: Set<String> = [], truth: _CSVTable?, manifest: DatasetManifest?) throws -> CycleDataset {
        skipped = profiles.skipped + entries.skipped + (symptoms?.skipped ?? []) + (measurements?.skipped ?? []) + (truth?.skipped ?? [])
        let layout = layout, timeZone = timeZone
        var order: [String] = []
        var userProfiles: [String: UserProfile] = [:]
        var records: [String: [CalendarDay: DayRecord]] = [:]

        let p = try profiles.columnIndices(_DatasetReader.profileColumns)
        var profileLines: [String: Int] = [:]
        for entry in profiles.rows {
            try row {
                let f = entry.values, file = profiles.file, line = entry.line
                let id = f[p[0]].text
                guard !id.isEmpty else { throw DatasetError.invalidValue(file: file, line: line, column: "id", value: id, expected: "a non-empty user id") }
                if let first = profileLines[id] { throw DatasetError.duplicateID(file: file, line: line, column: "id", value: id, firstLine: first) }
                let created = layout == .app
                    ? try _DatasetReader.timestampDay(f[p[1]], optional: false, timeZone: timeZone, file: file, line: line, column: "created_at")!
                    : try _DatasetReader.date(f[p[1]], file: file, line: line, column: "created_at")
                let completed: Bool
                switch f[p[2]].text.lowercased() {
                case "true", "1": completed = true
                case "false", "0": completed = false
                default: throw DatasetError.invalidValue(file: file, line: line, column: "onboarding_completed", value: f[p[2]].text, expected: "true or false")
                }
                guard let cycleType = CycleType(rawValue: f[p[3]].text) else {
                    throw DatasetError.invalidValue(file: file, line: line, column: "cycle_type", value: f[p[3]].text, expected: "regular, irregular or unknown")
                }
                let conditionsText = f[p[4]].text.isEmpty ? "[]" : f[p[4]].text
                guard let conditions = try? JSONDecoder().decode([String].self, from: Data(conditionsText.utf8)) else {
                    throw DatasetError.invalidValue(file: file, line: line, column: "conditions", value: f[p[4]].text, expected: "a JSON list of strings, e.g. [\"sopk\"]")
                }
                let preferences = f[p[5]].text.isEmpty ? "{}" : f[p[5]].text
                guard (try? JSONSerialization.jsonObject(with: Data(preferences.utf8))) is [String: Any] else {
                    throw DatasetError.invalidValue(file: file, line: line, column: "preferences", value: f[p[5]].text, expected: "a JSON object")
                }
                let profile = UserProfile(id: id, createdAt: created, onboardingCompleted: completed, cycleType: cycleType,
                                          conditions: conditions, preferencesJSON: preferences)
                do { _ = try profile.age() } catch {
                    throw DatasetError.invalidValue(file: file, line: line, column: "preferences", value: f[p[5]].text,
                                                    expected: "\"age\": a number of years in 10…70")
                }
                profileLines[id] = line
                order.append(id)
                userProfiles[id] = profile
            }
        }

        let e = try entries.columnIndices(_DatasetReader.entryColumns)
        var entryIDs: [String: Int] = [:]
        var lastEntry: [String: (CalendarDay, Int)] = [:]
        for entry in entries.rows {
            try row {
                let f = entry.values, file = entries.file, line = entry.line
                let id = f[e[0]].text, user = f[e[1]].text
                if let first = entryIDs[id] { throw DatasetError.duplicateID(file: file, line: line, column: "id", value: id, firstLine: first) }
                guard userProfiles[user] != nil else { throw DatasetError.unknownUser(file: file, line: line, column: "user_id", value: user) }
                let date = try _DatasetReader.date(f[e[2]], file: file, line: line, column: "date")
                let flow = try _DatasetReader.integer(f[e[3]], in: 1...5, optional: true, file: file, line: line, column: "flow_intensity")
                _ = try _DatasetReader.integer(f[e[4]], in: 1...1000, optional: true, file: file, line: line, column: "cycle_day")
                if layout == .app {
                    _ = try _DatasetReader.timestampDay(f[e[6]], optional: true, timeZone: timeZone, file: file, line: line, column: "created_at")
                    _ = try _DatasetReader.timestampDay(f[e[7]], optional: true, timeZone: timeZone, file: file, line: line, column: "updated_at")
                }
                guard f[e[5]].text.isEmpty || _DatasetReader.phases.contains(f[e[5]].text) else {
                    throw DatasetError.invalidValue(file: file, line: line, column: "phase", value: f[e[5]].text,
                                                    expected: "empty or one of \(_DatasetReader.phases.joined(separator: ", "))")
                }
                if let (previous, previousLine) = lastEntry[user] {
                    if date == previous { throw DatasetError.duplicateRow(file: file, line: line, key: "user \(user), date \(date)", firstLine: previousLine) }
                    if date < previous { throw DatasetError.outOfOrder(file: file, line: line, column: "date", value: date.iso, previous: previous.iso) }
                }
                entryIDs[id] = line
                lastEntry[user] = (date, line)
                records[user, default: [:]][date] = DayRecord(date: date, flowIntensity: flow)
            }
        }

        if let symptoms {
            let s = try symptoms.columnIndices(_DatasetReader.symptomColumns)
            var symptomIDs: [String: Int] = [:]
            var lastDate: [String: CalendarDay] = [:]
            var dayTypes: [String: [SymptomType: Int]] = [:]
            let known = Set(SymptomType.builtIn)
            for entry in symptoms.rows {
                try row {
                    let f = entry.values, file = symptoms.file, line = entry.line
                    let id = f[s[0]].text, user = f[s[1]].text
                    if let first = symptomIDs[id] { throw DatasetError.duplicateID(file: file, line: line, column: "id", value: id, firstLine: first) }
                    guard userProfiles[user] != nil else { throw DatasetError.unknownUser(file: file, line: line, column: "user_id", value: user) }
                    let date = try _DatasetReader.date(f[s[2]], file: file, line: line, column: "date")
                    let type = SymptomType(rawValue: f[s[3]].text)
                    guard known.contains(type) else {
                        throw DatasetError.invalidValue(file: file, line: line, column: "symptom_type", value: f[s[3]].text,
                                                        expected: "one of \(SymptomType.builtIn.map(\.rawValue).joined(separator: ", "))")
                    }
                    let value = try _DatasetReader.integer(f[s[4]], in: 1...10, optional: false, file: file, line: line, column: "value")!
                    if layout == .app {
                        _ = try _DatasetReader.timestampDay(f[s[8]], optional: true, timeZone: timeZone, file: file, line: line, column: "created_at")
                        _ = try _DatasetReader.timestampDay(f[s[9]], optional: true, timeZone: timeZone, file: file, line: line, column: "updated_at")
                    }
                    var zone: BodyZone?
                    if !f[s[6]].text.isEmpty {
                        guard let parsed = BodyZone(rawValue: f[s[6]].text) else {
                            throw DatasetError.invalidValue(file: file, line: line, column: "body_zone", value: f[s[6]].text,
                                                            expected: "empty or one of \(BodyZone.allCases.map(\.rawValue).joined(separator: ", "))")
                        }
                        zone = parsed
                    }
                    var painType: PainType?
                    if !f[s[7]].text.isEmpty {
                        guard let parsed = PainType(rawValue: f[s[7]].text) else {
                            throw DatasetError.invalidValue(file: file, line: line, column: "pain_type", value: f[s[7]].text,
                                                            expected: "empty or one of \(PainType.allCases.map(\.rawValue).joined(separator: ", "))")
                        }
                        painType = parsed
                    }
                    if let previous = lastDate[user] {
                        if date < previous { throw DatasetError.outOfOrder(file: file, line: line, column: "date", value: date.iso, previous: previous.iso) }
                        if date > previous { dayTypes[user] = [:] }
                    }
                    if let first = dayTypes[user]?[type] {
                        throw DatasetError.duplicateRow(file: file, line: line, key: "user \(user), date \(date), symptom_type \(type)", firstLine: first)
                    }
                    symptomIDs[id] = line
                    lastDate[user] = date
                    dayTypes[user, default: [:]][type] = line
                    var record = records[user]?[date] ?? DayRecord(date: date)
                    record.symptoms[type] = value
                    if let zone { record.painZone = zone }
                    if let painType { record.painType = painType }
                    records[user, default: [:]][date] = record
                }
            }
        }

        let measured = try measurements.map { try readMeasurements($0, users: Set(order), disturbedIDs: disturbedIDs) } ?? [:]

        var truthByUser: [String: [CycleTruth]]?
        if let truth {
            let t = try truth.columnIndices(_DatasetReader.truthColumns)
            var rows: [String: [CycleTruth]] = [:]
            for entry in truth.rows {
                try row {
                    let f = entry.values, file = truth.file, line = entry.line
                    let user = f[t[0]].text
                    guard userProfiles[user] != nil else { throw DatasetError.unknownUser(file: file, line: line, column: "user_id", value: user) }
                    let start = try _DatasetReader.date(f[t[1]], file: file, line: line, column: "cycle_start")
                    let ovulation = f[t[2]].text.isEmpty ? nil : try _DatasetReader.date(f[t[2]], file: file, line: line, column: "ovulation_date")
                    let luteal = try _DatasetReader.integer(f[t[3]], in: 1...60, optional: true, file: file, line: line, column: "luteal_length")
                    let follicular = try _DatasetReader.integer(f[t[4]], in: 1...200, optional: true, file: file, line: line, column: "follicular_length")
                    if let previous = rows[user]?.last?.cycleStart, start <= previous {
                        throw DatasetError.outOfOrder(file: file, line: line, column: "cycle_start", value: start.iso, previous: previous.iso)
                    }
                    rows[user, default: []].append(CycleTruth(userID: user, cycleStart: start, ovulationDate: ovulation, lutealLength: luteal,
                                                              follicularLength: follicular, cohort: f[t[5]].text))
                }
            }
            truthByUser = rows
        }

        let users = order.map { id in
            UserHistory(profile: userProfiles[id]!, records: Array((records[id] ?? [:]).values),
                        measurements: Array((measured[id] ?? [:]).values))
        }
        var dataset = CycleDataset(users: users, truth: truthByUser, manifest: manifest)
        dataset.manifest.users = users.count
        dataset.skippedRows = skipped
        return dataset
    }

    package static func date(_ text: String, file: String, line: Int, column: String) throws -> CalendarDay {
        guard let day = CalendarDay(iso: text) else {
            throw DatasetError.invalidValue(file: file, line: line, column: column, value: text, expected: "a date YYYY-MM-DD")
        }
        return day
    }

    /// The date a field holds as `YYYY-MM-DD` text.
    static func date(_ value: _TableValue, file: String, line: Int, column: String) throws -> CalendarDay {
        try date(value.text, file: file, line: line, column: column)
    }

    /// Latest Unix timestamp accepted (2100-01-01): a larger value is most likely milliseconds.
    static let latestTimestamp: Int64 = 4_102_444_800

    /// The day (in `timeZone`) of a Unix timestamp in seconds, `nil` for an empty optional field.
    static func timestampDay(_ value: _TableValue, optional: Bool, timeZone: TimeZone, file: String, line: Int, column: String) throws -> CalendarDay? {
        if value.isEmpty && optional { return nil }
        guard let seconds = value.wholeNumber, (0...Self.latestTimestamp).contains(seconds) else {
            let hint = value.wholeNumber.map { $0 > Self.latestTimestamp ? " (this looks like milliseconds)" : "" } ?? ""
            throw DatasetError.invalidValue(file: file, line: line, column: column, value: value.text,
                                            expected: "a Unix timestamp in seconds (INTEGER, 1970…2100)\(optional ? " or NULL" : "")\(hint)")
        }
        return CalendarDay(unixTimestamp: seconds, timeZone: timeZone)
    }

    static func integer(_ value: _TableValue, in range: ClosedRange<Int>, optional: Bool, file: String, line: Int, column: String) throws -> Int? {
        if value.isEmpty && optional { return nil }
        guard let number = value.wholeNumber, let whole = Int(exactly: number), range.contains(whole) else {
            throw DatasetError.invalidValue(file: file, line: line, column: column, value: value.text,
                                            expected: "an integer in \(range.lowerBound)...\(range.upperBound)\(optional ? " or empty" : "")")
        }
        return whole
    }
}
