import ArgumentParser
import OnDeviceML

extension CalendarDay {
    /// Parses a day option (`--date`, `--until`) written YYYY-MM-DD; anything else is a usage
    /// error ("The value '2025-1-3' is invalid for '--date <date>': expected a date YYYY-MM-DD").
    static func argument(_ text: String) throws -> CalendarDay {
        guard let day = CalendarDay(iso: text) else { throw ValidationError("expected a date YYYY-MM-DD") }
        return day
    }
}
