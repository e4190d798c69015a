import Foundation

/// The phrases and formats of one language, read from `Templates/<language>.json`.
///
/// A file has: `sentence` (`{prediction}`, `{factors}`), `fallback` (`{prediction}`),
/// `separator` between factors, `confidence` (`{prediction}`, `{confidence}`),
/// `decimalSeparator`, `date` (`{day}`, `{month}`), optional `firstDayOfMonth` ("1er"), 12
/// `months`, `uncertainty` phrases (`days`, `points`, `probability`, with `{n}`), `predictions`
/// headlines by kind and variant, and `factors` phrases. A phrase is a string or a plural object
/// `{"one": …, "other": …}`, chosen by the number it shows (French: 0 and 1 are singular; English:
/// only 1).
///
/// Factor phrases are looked up, first match wins, as `<key>.<direction>`, `<key>.<up|down>` (the
/// contribution's sign), `<key>`, then the same three with the feature's group instead of its key;
/// `<key>` is the contribution's `phraseKey` when it has one.
/// `{value}` shows the feature's value (one decimal at most).
public struct ReasoningTemplates: Sendable, Equatable {
    /// The language code (`"fr"`, `"en"`).
    public let language: String
    let _file: _TemplateFile

    /// The languages shipped in the module's `Templates` folder.
    public static let bundledLanguages = ["en", "fr"]

    /// The templates shipped for `language`.
    public static func bundled(language: String) throws -> ReasoningTemplates {
        guard bundledLanguages.contains(language), let url = bundledURL(language: language) else {
            throw ExplanationError.unsupportedLanguage(language, available: bundledLanguages)
        }
        return try ReasoningTemplates(contentsOf: url)
    }

    static func bundledURL(language: String) -> URL? {
        Bundle.module.url(forResource: language, withExtension: "json", subdirectory: "Templates")
    }

    /// Templates read from a JSON file.
    public init(contentsOf url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ExplanationError.invalidTemplateFile(file: url.path, reason: "cannot be read (\(error.localizedDescription))")
        }
        try self.init(data: data, file: url.lastPathComponent)
    }

    /// Templates decoded from JSON `data`; `file` names the source in errors.
    public init(data: Data, file: String) throws {
        let decoded: _TemplateFile
        do { decoded = try JSONDecoder().decode(_TemplateFile.self, from: data) } catch let error as DecodingError {
            throw ExplanationError.invalidTemplateFile(file: file, reason: _describe(error))
        }
        guard decoded.months.count == 12 else {
            throw ExplanationError.invalidTemplateFile(file: file, reason: "field \"months\": expected 12 names, found \(decoded.months.count)")
        }
        for (field, text, placeholders) in [("sentence", decoded.sentence, ["{prediction}", "{factors}"]),
                                            ("fallback", decoded.fallback, ["{prediction}"]),
                                            ("confidence", decoded.confidence, ["{prediction}", "{confidence}"])] {
            for placeholder in placeholders where !text.contains(placeholder) {
                throw ExplanationError.invalidTemplateFile(file: file, reason: "field \"\(field)\": expected the placeholder \(placeholder), found \"\(text)\"")
            }
        }
        language = decoded.language
        _file = decoded
    }

    /// The headline template for `key` (`"period_start"`, `"energy_tomorrow.high"`), if any.
    public func predictionTemplate(forKey key: String) -> String? { _file.predictions[key] }

    /// The phrase for one contribution, or `nil` when no template names its key or group.
    public func phrase(for contribution: FeatureContribution) -> String? {
        let sign = contribution.contribution > 0 ? "up" : (contribution.contribution < 0 ? "down" : nil)
        for stem in [contribution.phraseKey ?? contribution.key, contribution.group.rawValue] {
            var candidates = ["\(stem).\(contribution.direction.rawValue)"]
            if let sign { candidates.append("\(stem).\(sign)") }
            candidates.append(stem)
            for candidate in candidates {
                guard let template = _file.factors[candidate] else { continue }
                let needsValue = template.mentions("{value}")
                if needsValue && contribution.value == nil { continue }
                let value = contribution.value ?? 0
                return template.text(for: value, language: language)
                    .replacing("{value}", with: formatted(value))
            }
        }
        return nil
    }

    /// `value` with at most one decimal, in this language's decimal style ("29,5", "29.5", "12").
    public func formatted(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int(tenths / 10)) }
        let sign = tenths < 0 ? "-" : ""
        let magnitude = Int(abs(tenths))
        return "\(sign)\(magnitude / 10)\(_file.decimalSeparator)\(magnitude % 10)"
    }

    /// A date in this language's style ("14 mars", "1er mars", "March 14").
    public func formattedDate(year: Int, month: Int, day: Int) -> String {
        let monthName = (1...12).contains(month) ? _file.months[month - 1] : String(month)
        let dayText = day == 1 ? (_file.firstDayOfMonth ?? "1") : String(day)
        return _file.date.replacing("{day}", with: dayText)
            .replacing("{month}", with: monthName)
    }

    /// The confidence phrase for an uncertainty ("±2 j", "±2 d", "confiance 80 %").
    public func confidencePhrase(for uncertainty: Uncertainty) -> String {
        switch uncertainty {
        case let .days(days):
            let rounded = max(1, Int(days.rounded()))
            return _file.uncertainty.days.text(for: Double(rounded), language: language)
                .replacing("{n}", with: String(rounded))
        case let .points(points):
            let value = (points * 10).rounded() / 10
            return _file.uncertainty.points.text(for: value, language: language)
                .replacing("{n}", with: formatted(value))
        case let .probability(probability):
            let percent = Int((min(max(probability, 0), 1) * 100).rounded())
            return _file.uncertainty.probability.text(for: Double(percent), language: language)
                .replacing("{n}", with: String(percent))
        }
    }

    var sentence: String { _file.sentence }
    var fallback: String { _file.fallback }
    var separator: String { _file.separator }
    var confidence: String { _file.confidence }
}

/// The JSON layout of a template file.
struct _TemplateFile: Decodable, Sendable, Equatable {
    struct UncertaintyPhrases: Decodable, Sendable, Equatable {
        var days: _PluralText
        var points: _PluralText
        var probability: _PluralText
    }

    var language: String
    var sentence: String
    var fallback: String
    var separator: String
    var confidence: String
    var decimalSeparator: String
    var date: String
    var firstDayOfMonth: String?
    var months: [String]
    var uncertainty: UncertaintyPhrases
    var predictions: [String: String]
    var factors: [String: _PluralText]
}

/// A phrase with optional plural forms.
enum _PluralText: Decodable, Sendable, Equatable {
    case invariant(String)
    case plural(one: String, other: String)

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .invariant(text)
        } else {
            let forms = try container.decode([String: String].self)
            guard let one = forms["one"], let other = forms["other"] else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected a string or {\"one\": …, \"other\": …}")
            }
            self = .plural(one: one, other: other)
        }
    }

    /// The form for `count` under the language's plural rule (CLDR: French "one" is 0 ≤ n < 2,
    /// English "one" is exactly 1).
    func text(for count: Double, language: String) -> String {
        switch self {
        case let .invariant(text): return text
        case let .plural(one, other):
            let isOne = language == "fr" ? (abs(count) < 2) : (count == 1)
            return isOne ? one : other
        }
    }

    func mentions(_ placeholder: String) -> Bool {
        switch self {
        case let .invariant(text): return text.contains(placeholder)
        case let .plural(one, other): return one.contains(placeholder) || other.contains(placeholder)
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
