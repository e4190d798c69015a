/// A phrase with optional plural forms: a string, or `{"one": …, "other": …}` chosen by the
/// number the argument `count` names (default `value`) under the language's plural rule
/// (`Language.isSingular`).
enum _PluralText: Decodable, Sendable, Equatable {
    case invariant(String)
    case plural(one: String, other: String, count: String)

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .invariant(text)
        } else {
            let forms = try container.decode([String: String].self)
            guard let one = forms["one"], let other = forms["other"], Set(forms.keys).isSubset(of: ["one", "other", "count"]) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a string or {\"one\": …, \"other\": …[, \"count\": argument]}")
            }
            self = .plural(one: one, other: other, count: forms["count"] ?? "value")
        }
    }

    /// The form for `arguments` in `language`; `nil` when a plural's count argument is missing.
    func form(for arguments: [String: PhraseArgument], language: Language) -> String? {
        switch self {
        case let .invariant(text): return text
        case let .plural(_, _, count):
            guard let value = arguments[count]?.count else { return nil }
            return form(count: value, language: language)
        }
    }

    /// The form for the number `count` in `language`.
    func form(count: Double, language: Language) -> String {
        switch self {
        case let .invariant(text): return text
        case let .plural(one, other, _): return language.isSingular(count) ? one : other
        }
    }

    func mentions(_ placeholder: String) -> Bool {
        switch self {
        case let .invariant(text): return text.contains(placeholder)
        case let .plural(one, other, _): return one.contains(placeholder) || other.contains(placeholder)
        }
    }
}

/// One line naming the field a decoding error is about.
func _describe(_ error: DecodingError) -> String {
    func path(_ context: DecodingError.Context) -> String {
        let keys = context.codingPath.map(\.stringValue).joined(separator: ".")
        return keys.isEmpty ? "top level" : "field \"\(keys)\""
    }
    switch error {
    case let .keyNotFound(key, context):
        let parent = context.codingPath.map(\.stringValue).joined(separator: ".")
        return "missing field \"\(parent.isEmpty ? "" : parent + ".")\(key.stringValue)\""
    case let .typeMismatch(type, context): return "\(path(context)): expected \(type)"
    case let .valueNotFound(type, context): return "\(path(context)): expected \(type), found null"
    case let .dataCorrupted(context): return "\(path(context)): \(context.debugDescription)"
    @unknown default: return "\(error)"
    }
}
