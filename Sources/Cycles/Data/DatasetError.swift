/// Everything that can go wrong reading, writing or evaluating a cycle dataset. Each case names
/// what a person needs to fix it; `description` is one line.
public enum DatasetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A required file is missing or unreadable.
    case missingFile(path: String)
    /// A cohort config is malformed or inconsistent.
    case invalidConfig(path: String, reason: String)
    /// `CohortConfig.named` got a name it does not know.
    case unknownCohort(name: String, known: [String])
    /// A CSV file is not well-formed (unterminated quote, wrong number of fields).
    case malformedCSV(file: String, line: Int, reason: String)
    /// A required column is absent from a file's header.
    case missingColumn(file: String, column: String)
    /// A field holds a value outside what the schema allows.
    case invalidValue(file: String, line: Int, column: String, value: String, expected: String)
    /// An id that must be unique appears twice.
    case duplicateID(file: String, line: Int, column: String, value: String, firstLine: Int)
    /// A row repeats a key that must be unique (e.g. user, date, symptom type).
    case duplicateRow(file: String, line: Int, key: String, firstLine: Int)
    /// A user's dates go backwards.
    case outOfOrder(file: String, line: Int, column: String, value: String, previous: String)
    /// A row names a user absent from `user_profile`.
    case unknownUser(file: String, line: Int, column: String, value: String)
    /// An SQLite database could not be read.
    case sqlite(path: String, reason: String)
    /// An SQLite database was given to a build without SQLite (the package trait `SQLite` is off).
    case sqliteUnavailable(path: String)
    /// A file could not be written.
    case writeFailed(path: String, reason: String)
    /// A model needs the latent truth (`truth.csv`), and the dataset has none.
    case missingTruth(model: String)
    /// A model name is not known to the predictor registry.
    case unknownModel(name: String, known: [String])
    /// An app database (`SQLiteLayout.app`) whose `user_profile` does not hold exactly one row.
    case singleUserExpected(file: String, found: Int)
    /// A field of a user's `preferences` JSON holds a value the toolkit cannot use.
    case invalidPreference(user: String, field: String, value: String, expected: String)
    /// A JSON document (a history, `UserHistory(json:source:)`) holds a value the schema does not
    /// allow at `path` (`days[3].flow_intensity`), or is not JSON.
    case invalidJSON(source: String, path: String, reason: String)
    /// A forecast asked for a day too long after her first logged day (`DayForecast.maximumSpanDays`).
    case forecastTooFar(user: String, firstDay: CalendarDay, day: CalendarDay, maximumDays: Int)

    public var description: String {
        switch self {
        case let .missingFile(path):
            return "\(path): file not found or unreadable"
        case let .invalidConfig(path, reason):
            return "\(path): invalid cohort config: \(reason)"
        case let .unknownCohort(name, known):
            return "unknown cohort \"\(name)\" (expected one of \(known.joined(separator: ", ")) or --config FILE)"
        case let .malformedCSV(file, line, reason):
            return "\(file):\(line): malformed CSV: \(reason)"
        case let .missingColumn(file, column):
            return "\(file):1: missing column \"\(column)\" in the header"
        case let .invalidValue(file, line, column, value, expected):
            return "\(file):\(line): column \(column): found \"\(value)\", expected \(expected)"
        case let .duplicateID(file, line, column, value, firstLine):
            return "\(file):\(line): column \(column): duplicate id \"\(value)\" (first on line \(firstLine))"
        case let .duplicateRow(file, line, key, firstLine):
            return "\(file):\(line): duplicate row for \(key) (first on line \(firstLine))"
        case let .outOfOrder(file, line, column, value, previous):
            return "\(file):\(line): column \(column): date \(value) is before the previous row's \(previous) for this user; expected dates in increasing order"
        case let .unknownUser(file, line, column, value):
            return "\(file):\(line): column \(column): user \"\(value)\" is not in user_profile.csv"
        case let .sqlite(path, reason):
            return "\(path): cannot read the SQLite database: \(reason)"
        case let .sqliteUnavailable(path):
            return "\(path): SQLite files need the package trait SQLite, off in this build; build with the default traits"
        case let .writeFailed(path, reason):
            return "\(path): cannot write: \(reason)"
        case let .missingTruth(model):
            return "model \"\(model)\" needs the latent truth (truth.csv), and this dataset has none; use generated data"
        case let .unknownModel(name, known):
            return "unknown model \"\(name)\" (expected one of \(known.joined(separator: ", ")))"
        case let .singleUserExpected(file, found):
            return "\(file): found \(found) rows, expected exactly one: the app's database belongs to one user "
                + "(cycle_entries has no user_id column); a multi-user dataset needs user_id in cycle_entries and symptom_logs"
        case let .invalidPreference(user, field, value, expected):
            return "user \(user): preferences.\(field): found \"\(value)\", expected \(expected)"
        case let .invalidJSON(source, path, reason):
            return "\(source): \(path): \(reason)"
        case let .forecastTooFar(user, firstDay, day, maximumDays):
            return "user \(user): the forecast day \(day) is \(firstDay.distance(to: day)) days after her first logged day \(firstDay); "
                + "a forecast reads at most \(maximumDays) days of history (ask for a day closer to her logs)"
        }
    }
}
