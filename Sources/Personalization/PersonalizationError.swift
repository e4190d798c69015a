/// What went wrong in personalisation: a bad store, an unknown user, a history too short to
/// learn from, a model file that cannot be read. Each `description` is one line a person can act on.
package enum PersonalizationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The user id is in neither the dataset nor the store.
    case unknownUser(id: String, source: String)
    /// The user exists but has too little data before the cut-off to do what was asked.
    case noHistory(user: String, detail: String)
    /// The store is not a readable SQLite database, or fails its integrity check.
    case corruptStore(path: String, detail: String)
    /// The model file is encrypted and the password does not open it.
    case wrongPassword(path: String)
    /// The model file could not be read or does not hold a model this module can fine-tune.
    case unsupportedModel(path: String, detail: String)
    /// A value passed in is outside what is allowed (a field, the value found, what was expected).
    case invalidValue(field: String, found: String, expected: String)
    /// A feedback file could not be parsed.
    case invalidFeedback(path: String, line: Int, detail: String)
    /// A file could not be written.
    case writeFailed(path: String, detail: String)
    /// The database is not the app's own single-user database (`SQLiteLayout.app`) with its
    /// `predictions` and `insights` tables.
    case notAppDatabase(path: String, detail: String)
    /// A row of the app's `predictions` or `insights` holds a value the loop cannot read.
    case invalidRow(path: String, table: String, id: String, column: String, found: String, expected: String)

    package var description: String {
        switch self {
        case let .unknownUser(id, source):
            return "unknown user \"\(id)\" in \(source): check the id against user_profile.csv"
        case let .noHistory(user, detail):
            return "user \"\(user)\" has not enough history: \(detail)"
        case let .corruptStore(path, detail):
            return "\(path): not a valid database (\(detail)); restore it from a backup"
        case let .wrongPassword(path):
            return "\(path): wrong password: the model file is encrypted and this password does not open it"
        case let .unsupportedModel(path, detail):
            return "\(path): cannot fine-tune this model: \(detail)"
        case let .invalidValue(field, found, expected):
            return "\(field): found \(found), expected \(expected)"
        case let .invalidFeedback(path, line, detail):
            return "\(path):\(line): \(detail)"
        case let .writeFailed(path, detail):
            return "\(path): cannot write: \(detail)"
        case let .notAppDatabase(path, detail):
            return "\(path): not the app's database (one user, the ShifAI tables): \(detail)"
        case let .invalidRow(path, table, id, column, found, expected):
            return "\(path):\(table): row id \"\(id)\": column \(column): found \"\(found)\", expected \(expected)"
        }
    }
}
