import Foundation

/// The JSON settings of the header: sorted keys and named non-finite numbers, so output is reproducible.
enum _JSON {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    static func decoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }

    /// A one-line summary of a decoding error: the JSON path and what went wrong.
    static func summary(of error: DecodingError) -> String {
        let context: DecodingError.Context
        switch error {
        case let .typeMismatch(_, value), let .valueNotFound(_, value), let .keyNotFound(_, value), let .dataCorrupted(value):
            context = value
        @unknown default:
            return "\(error)".replacingOccurrences(of: "\n", with: " ")
        }
        var path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        if case let .keyNotFound(key, _) = error { path += ".\(key.stringValue)" }
        let message = context.debugDescription.replacingOccurrences(of: "\n", with: " ")
        return path.isEmpty ? message : "at \(path): \(message)"
    }
}
