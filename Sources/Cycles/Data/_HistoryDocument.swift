import Foundation

/// The JSON document of one user's history (`UserHistory(json:source:)`), decoded, then turned
/// into the dataset tables' rows so that `_DatasetReader` checks it by the dataset's rules.
struct _HistoryDocument: Decodable {
    struct Profile: Decodable {
        let id: String
        let createdAt: String
        let onboardingCompleted: Bool?
        let cycleType: String?
        let conditions: [String]?
        let preferences: [String: _JSONValue]?
        enum CodingKeys: String, CodingKey {
            case id, conditions, preferences
            case createdAt = "created_at", onboardingCompleted = "onboarding_completed", cycleType = "cycle_type"
        }
    }

    struct Day: Decodable {
        let date: String
        let flowIntensity: Int?
        let symptoms: [String: Int]?
        let bodyZone: String?
        let painType: String?
        enum CodingKeys: String, CodingKey {
            case date, symptoms
            case flowIntensity = "flow_intensity", bodyZone = "body_zone", painType = "pain_type"
        }
    }

    struct Measurement: Decodable {
        let date: String
        let kind: String
        let value: Double
        let source: String?
        let disturbed: Bool?
    }

    let profile: Profile
    let days: [Day]?
    let measurements: [Measurement]?

    /// The history, checked by the dataset reader; its errors are told by JSON path.
    func history(source: String) throws -> UserHistory {
        let user = profile.id
        var paths: [String: [Int: String]] = [:]
        var keys: [String: [Int: [String: String]]] = [:]
        func row(_ table: String, _ index: Int, _ fields: [String], path: String, columns: [String: String] = [:]) -> _CSVTable.Row {
            let line = index + 2
            paths[table, default: [:]][line] = path
            keys[table, default: [:]][line] = columns
            return _CSVTable.Row(line: line, fields: fields)
        }

        let preferencesText: String
        do {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            preferencesText = String(decoding: try encoder.encode(profile.preferences ?? [:]), as: UTF8.self)
        } catch {
            throw DatasetError.invalidJSON(source: source, path: "profile.preferences", reason: "found a value JSON cannot hold (\(error))")
        }
        let conditionsData = (try? JSONEncoder().encode(profile.conditions ?? [])) ?? Data("[]".utf8)
        let profiles = _CSVTable(file: "profile", header: _DatasetReader.profileColumns, rows: [
            row("profile", 0, [user, profile.createdAt, (profile.onboardingCompleted ?? true) ? "true" : "false",
                               profile.cycleType ?? CycleType.unknown.rawValue, String(decoding: conditionsData, as: UTF8.self),
                               preferencesText], path: "profile"),
        ])

        // Days in date order (the dataset's rule), each remembering its place in the document.
        let days = (days ?? []).enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
        var entryRows: [_CSVTable.Row] = [], symptomRows: [_CSVTable.Row] = []
        for (order, (index, day)) in days.enumerated() {
            entryRows.append(row("days", order, [String(order + 1), user, day.date, day.flowIntensity.map(String.init) ?? "", "", "", "", "", ""],
                                 path: "days[\(index)]"))
            let symptoms = (day.symptoms ?? [:]).sorted { $0.key < $1.key }
            let painRow = symptoms.firstIndex { $0.key == SymptomType.pain.rawValue }
            if painRow == nil, day.bodyZone != nil || day.painType != nil {
                throw DatasetError.invalidJSON(source: source, path: "days[\(index)].\(day.bodyZone != nil ? "body_zone" : "pain_type")",
                                               reason: "found a pain detail without a pain level, expected symptoms.pain too")
            }
            for (offset, (type, value)) in symptoms.enumerated() {
                let isPain = offset == painRow
                symptomRows.append(row("symptoms", symptomRows.count,
                                       [String(symptomRows.count + 1), user, day.date, type, String(value), "",
                                        isPain ? day.bodyZone ?? "" : "", isPain ? day.painType ?? "" : "", "", "", ""],
                                       path: "days[\(index)].symptoms.\(type)",
                                       columns: ["date": "days[\(index)].date", "body_zone": "days[\(index)].body_zone",
                                                 "pain_type": "days[\(index)].pain_type"]))
            }
        }
        let entries = _CSVTable(file: "days", header: _DatasetReader.entryColumns, rows: entryRows)
        let symptoms = _CSVTable(file: "symptoms", header: _DatasetReader.symptomColumns, rows: symptomRows)
        let measurementRows = (measurements ?? []).enumerated().map { index, measurement in
            row("measurements", index, [String(index + 1), user, measurement.date, measurement.kind, "\(measurement.value)",
                                        measurement.source ?? DayMeasurements.defaultSource, "", "", "",
                                        (measurement.disturbed ?? false) ? "1" : "0"],
                path: "measurements[\(index)]")
        }
        let measurements = _CSVTable(file: "measurements", header: _DatasetReader.measurementColumns + [_DatasetReader.disturbedColumn],
                                     rows: measurementRows)

        var reader = _DatasetReader(lenient: false)
        let dataset: CycleDataset
        do {
            dataset = try reader.read(profiles: profiles, entries: entries, symptoms: symptoms, measurements: measurements,
                                      truth: nil, manifest: nil)
        } catch let error as DatasetError {
            func path(_ table: String, _ line: Int, _ column: String?) -> String {
                guard let base = paths[table]?[line] else { return table }
                guard let column else { return base }
                if let mapped = keys[table]?[line]?[column] { return mapped }
                switch (table, column) {
                case ("profile", _): return "\(base).\(column)"
                case ("symptoms", "symptom_type"), ("symptoms", "value"): return base
                default: return "\(base).\(column)"
                }
            }
            switch error {
            case let .invalidValue(table, line, column, value, expected):
                throw DatasetError.invalidJSON(source: source, path: path(table, line, column), reason: "found \"\(value)\", expected \(expected)")
            case let .duplicateRow(table, line, _, firstLine):
                throw DatasetError.invalidJSON(source: source, path: path(table, line, nil),
                                               reason: "repeats \(path(table, firstLine, nil)) (one per date\(table == "measurements" ? " and kind" : ""))")
            case let .invalidPreference(_, field, value, expected):
                throw DatasetError.invalidJSON(source: source, path: "profile.preferences.\(field)", reason: "found \"\(value)\", expected \(expected)")
            default:
                throw error
            }
        }
        guard let history = dataset.users.first else {
            throw DatasetError.invalidJSON(source: source, path: "profile", reason: "expected one user profile")
        }
        return history
    }

    /// The JSON path a decoding error points at (`days[2].date`), `$` for the document itself.
    static func path(of error: DecodingError) -> String {
        let codingPath: [any CodingKey]
        switch error {
        case let .keyNotFound(key, context): codingPath = context.codingPath + [key]
        case let .typeMismatch(_, context), let .valueNotFound(_, context), let .dataCorrupted(context): codingPath = context.codingPath
        @unknown default: codingPath = []
        }
        var text = ""
        for key in codingPath {
            if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
        }
        return text.isEmpty ? "$" : text
    }

    /// What a decoding error says, in words.
    static func reason(of error: DecodingError) -> String {
        switch error {
        case .keyNotFound: return "missing, expected a value"
        case let .typeMismatch(_, context), let .valueNotFound(_, context): return context.debugDescription
        case let .dataCorrupted(context):
            guard context.codingPath.isEmpty else { return context.debugDescription }
            return "not a JSON document (\(context.underlyingError.map { "\($0)" } ?? context.debugDescription))"
        @unknown default: return "\(error)"
        }
    }
}
