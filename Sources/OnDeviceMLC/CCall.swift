import Foundation
import ShifAIRuntime

/// What every entry point does around its body: run it, turn any error into a status and a
/// message (`CFailure`), record the message for `odml_last_error`, return the status. Nothing
/// the body throws escapes to C.
enum CCall {
    /// Runs `body`; `ODML_OK` when it returns, the failure's status when it throws.
    static func run(_ body: () throws -> Void) -> Int32 {
        do {
            try body()
            LastError.record(nil)
            return CStatus.ok.rawValue
        } catch {
            let failure = CFailure(classifying: error)
            LastError.record(failure.message)
            return failure.status.rawValue
        }
    }

    /// The text of a required string argument.
    /// - Throws: `CFailure` (invalid argument) for NULL or invalid UTF-8.
    static func string(_ pointer: UnsafePointer<CChar>?, _ name: String) throws -> String {
        guard let pointer else { throw CFailure(.invalidArgument, "\(name): NULL, expected a UTF-8 string") }
        guard let text = String(validatingCString: pointer) else {
            throw CFailure(.invalidArgument, "\(name): not valid UTF-8")
        }
        return text
    }

    /// The text of an optional string argument (`nil` for NULL).
    /// - Throws: `CFailure` (invalid argument) for invalid UTF-8.
    static func optionalString(_ pointer: UnsafePointer<CChar>?, _ name: String) throws -> String? {
        guard pointer != nil else { return nil }
        return try string(pointer, name)
    }

    /// The day of a date argument, `nil` for NULL (today).
    /// - Throws: `CFailure` (invalid argument) for anything but YYYY-MM-DD.
    static func day(_ pointer: UnsafePointer<CChar>?, _ name: String = "date") throws -> CalendarDay? {
        guard let text = try optionalString(pointer, name) else { return nil }
        guard let day = CalendarDay(iso: text) else {
            throw CFailure(.invalidArgument, "\(name): found \"\(text)\", expected a date YYYY-MM-DD")
        }
        return day
    }

    /// The language of a language argument, `fallback` for NULL.
    /// - Throws: `CFailure` (invalid argument) for a tag of another language.
    static func language(_ pointer: UnsafePointer<CChar>?, default fallback: Language) throws -> Language {
        guard let text = try optionalString(pointer, "language") else { return fallback }
        do { return try Language(identifier: text) } catch {
            throw CFailure(.invalidArgument, "language: \(error)")
        }
    }

    /// Checks an out-parameter and sets it to NULL (what it holds when the call fails).
    /// - Throws: `CFailure` (invalid argument) when it is NULL.
    static func output<Value>(_ pointer: UnsafeMutablePointer<Value?>?, _ name: String) throws -> UnsafeMutablePointer<Value?> {
        guard let pointer else { throw CFailure(.invalidArgument, "\(name): NULL, expected a place to write the result") }
        pointer.pointee = nil
        return pointer
    }

    /// Hands `text` to the caller through `out` as a C string it frees with `odml_string_free`.
    /// - Throws: `CFailure` (failed) when memory runs out.
    static func give(_ text: String, to out: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) throws {
        guard let copy = strdup(text) else { throw CFailure(.failed, "out of memory for a result of \(text.utf8.count) bytes") }
        out.pointee = copy
    }
}
