/// One field of a table row as it was stored: the text of a CSV field, or an SQLite value with
/// its type (an app database's integers and reals are read as numbers, with no text stage).
package enum _TableValue: Equatable, Sendable {
    /// Text: a CSV field, or an SQLite TEXT (or BLOB, read as UTF-8).
    case text(String)
    /// An SQLite INTEGER.
    case integer(Int64)
    /// An SQLite REAL.
    case real(Double)
    /// An SQLite NULL.
    case null

    /// The value as text, what text columns read and errors show: NULL is empty, and a REAL
    /// holding a whole number is written as an integer (`36.0` is `"36"`).
    package var text: String {
        switch self {
        case let .text(text): return text
        case let .integer(number): return String(number)
        case let .real(number): return number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .null: return ""
        }
    }

    /// Whether the field holds nothing: NULL or empty text.
    package var isEmpty: Bool {
        switch self {
        case let .text(text): return text.isEmpty
        case .null: return true
        case .integer, .real: return false
        }
    }

    /// The whole number the field holds: an INTEGER, a REAL holding a whole number, or text that
    /// reads as one; `nil` otherwise.
    package var wholeNumber: Int64? {
        switch self {
        case let .integer(number): return number
        case let .real(number): return number == number.rounded() && abs(number) < 1e15 ? Int64(number) : nil
        case let .text(text): return Int64(text)
        case .null: return nil
        }
    }

    /// The number the field holds: an INTEGER or REAL as stored, or text (spaces around it
    /// ignored) that reads as a number; `nil` otherwise.
    package var number: Double? {
        switch self {
        case let .integer(number): return Double(number)
        case let .real(number): return number
        case let .text(text): return Double(text.trimmingCharacters(in: .whitespaces))
        case .null: return nil
        }
    }
}
