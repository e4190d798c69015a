import Foundation

/// Everything one language needs to write sentences: its formats, read from the module's
/// `Templates/<language>.json`, and the phrases the domains registered (`PhraseBook`).
///
/// A format file has: `sentence` (`{prediction}`, `{factors}`), `fallback` (`{prediction}`),
/// `separator` between factors, `statement` (`{prediction}`, `{facts}`) and `statementSeparator`
/// for the facts a predictor states, `confidence` (`{prediction}`, `{confidence}`),
/// `decimalSeparator`, `date` (`{day}`, `{month}`), optional `firstDayOfMonth` ("1er"), the 12
/// `months`, the `ordinals` by CLDR ordinal category (`{n}`: "9th", "1er") and the `uncertainty`
/// phrases (`days`, `points`, `probability`, with `{n}`). This is the one month-name table, date
/// formatter and number formatter of each language.
///
/// Factor phrases are looked up, first match wins, as `<key>.<direction>`, `<key>.<up|down>` (the
/// contribution's sign), `<key>`, then the same three with the feature's group instead of its key;
/// `<key>` is the contribution's `phraseKey` when it has one. `{value}` shows the feature's value
/// (one decimal at most).
package struct ReasoningTemplates: Sendable {
    /// The language.
    package let language: Language
    let _format: _LanguageFormat
    let _phrases: [PhraseBook.Section: [String: _PluralText]]

    /// The formats of `language` with the phrases of `phraseBooks`.
    /// - Throws: `ExplanationError.invalidTemplateFile` for an unreadable format file,
    ///   `ExplanationError.duplicatePhrase` when two books define the same entry.
    package init(language: Language, phraseBooks: [PhraseBook]) throws {
        self.language = language
        _format = try _LanguageFormat.bundled(language)
        var phrases: [PhraseBook.Section: [String: _PluralText]] = [:]
        var owners: [PhraseBook.Section: [String: String]] = [:]
        for book in phraseBooks {
            for (section, entries) in book._entries {
                for (key, forms) in entries {
                    if let owner = owners[section]?[key] {
                        throw ExplanationError.duplicatePhrase(section: section.rawValue, key: key, files: [owner, book.file])
                    }
                    owners[section, default: [:]][key] = book.file
                    phrases[section, default: [:]][key] = forms[language]
                }
            }
        }
        _phrases = phrases
    }

    /// The headline template for `key` (`"period_start"`, `"energy_tomorrow.high"`), if any.
    package func predictionTemplate(forKey key: String) -> String? {
        _phrases[.predictions]?[key]?.form(for: [:], language: language)
    }

    /// The phrase for one contribution, or `nil` when no template names its key or group.
    package func phrase(for contribution: FeatureContribution) -> String? {
        let factors = _phrases[.factors] ?? [:]
        let sign = contribution.contribution > 0 ? "up" : (contribution.contribution < 0 ? "down" : nil)
        for stem in [contribution.phraseKey ?? contribution.key, contribution.group.rawValue] {
            var candidates = ["\(stem).\(contribution.direction.rawValue)"]
            if let sign { candidates.append("\(stem).\(sign)") }
            candidates.append(stem)
            for candidate in candidates {
                guard let template = factors[candidate] else { continue }
                let needsValue = template.mentions("{value}")
                if needsValue && contribution.value == nil { continue }
                let arguments: [String: PhraseArgument] = ["value": .number(contribution.value ?? 0)]
                guard let form = template.form(for: arguments, language: language),
                      let text = try? filled(form, arguments) else { continue }
                return text
            }
        }
        return nil
    }

    /// The `texts` entry `key` with its placeholders filled from `arguments`.
    /// - Throws: `ExplanationError.missingText`, or `.missingArgument` for a placeholder without a value.
    package func text(_ key: String, _ arguments: [String: PhraseArgument] = [:]) throws -> String {
        guard let template = _phrases[.texts]?[key] else { throw ExplanationError.missingText(key: key) }
        guard let form = template.form(for: arguments, language: language) else {
            if case let .plural(_, _, count) = template { throw ExplanationError.missingArgument(text: key, placeholder: "{\(count)}") }
            throw ExplanationError.missingText(key: key)
        }
        let text = try filled(form, arguments)
        if let open = text.firstIndex(of: "{"), let close = text[open...].firstIndex(of: "}") {
            throw ExplanationError.missingArgument(text: key, placeholder: String(text[open...close]))
        }
        return text
    }

    /// `form` with each `{name}` replaced by its argument, formatted in this language.
    func filled(_ form: String, _ arguments: [String: PhraseArgument]) throws -> String {
        try _filled(form) { name in try arguments[String(name)].map { try formatted($0) } }
    }

    /// An argument in this language's style.
    /// - Throws: what `text(_:_:)` throws for a `.phrase` argument.
    package func formatted(_ argument: PhraseArgument) throws -> String {
        switch argument {
        case let .number(value): formatted(value)
        case let .decimal(value, digits, signed): formatted(value, digits: digits, signed: signed)
        case let .date(year, month, day): formattedDate(year: year, month: month, day: day)
        case let .ordinal(number): formattedOrdinal(number)
        case let .phrase(key, arguments): try text(key, arguments)
        case let .text(text): text
        }
    }

    /// `value` with at most one decimal, in this language's decimal style ("29,5", "29.5", "12").
    package func formatted(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        if tenths.truncatingRemainder(dividingBy: 10) == 0 { return String(Int(tenths / 10)) }
        let sign = tenths < 0 ? "-" : ""
        let magnitude = Int(abs(tenths))
        return "\(sign)\(magnitude / 10)\(_format.decimalSeparator)\(magnitude % 10)"
    }

    /// `value` with exactly `digits` decimals (0–6), in this language's decimal style ("2,10");
    /// `signed`: "+" before a positive value ("+0,50").
    package func formatted(_ value: Double, digits: Int, signed: Bool = false) -> String {
        let digits = min(max(digits, 0), 6)
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * Double(scale)).rounded()
        guard scaled.isFinite, scaled < Double(Int.max / 10) else { return String(value) }
        let units = Int(scaled)
        let sign = signed ? (value < 0 ? "-" : "+") : (value < 0 && units != 0 ? "-" : "")
        guard digits > 0 else { return "\(sign)\(units)" }
        let fraction = String(units % scale)
        return "\(sign)\(units / scale)\(_format.decimalSeparator)\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
    }

    /// A date in this language's style ("14 mars", "1er mars", "March 14").
    package func formattedDate(year: Int, month: Int, day: Int) -> String {
        let monthName = (1...12).contains(month) ? _format.months[month - 1] : String(month)
        let dayText = day == 1 ? (_format.firstDayOfMonth ?? "1") : String(day)
        return _filled(_format.date, ["day": dayText, "month": monthName])
    }

    /// An ordinal in this language's style ("1er", "9"; "1st", "22nd", "11th").
    package func formattedOrdinal(_ number: Int) -> String {
        let form = _format.ordinals[language.ordinalCategory(number)] ?? _format.ordinals["other"] ?? "{n}"
        return _filled(form, ["n": String(number)])
    }

    /// The confidence phrase for an uncertainty ("±2 j", "±2 d", "confiance 80 %").
    package func confidencePhrase(for uncertainty: Uncertainty) -> String {
        switch uncertainty {
        case let .days(days):
            let rounded = max(1, Int(days.rounded()))
            return _filled(_format.uncertainty.days.form(count: Double(rounded), language: language), ["n": String(rounded)])
        case let .points(points):
            let value = (points * 10).rounded() / 10
            return _filled(_format.uncertainty.points.form(count: value, language: language), ["n": formatted(value)])
        case let .probability(probability):
            let percent = Int((min(max(probability, 0), 1) * 100).rounded())
            return _filled(_format.uncertainty.probability.form(count: Double(percent), language: language), ["n": String(percent)])
        case let .interval(first, last, probability):
            let percent = String(Int((min(max(probability, 0), 1) * 100).rounded()))
            guard case let .date(firstYear, firstMonth, firstDay) = first, case let .date(lastYear, lastMonth, lastDay) = last else {
                return _filled(_format.uncertainty.interval.other, ["first": "\(first)", "last": "\(last)", "n": percent])
            }
            let dayText = { (day: Int) in day == 1 ? (self._format.firstDayOfMonth ?? "1") : String(day) }
            let sameMonth = firstYear == lastYear && firstMonth == lastMonth
            return _filled(sameMonth ? _format.uncertainty.interval.sameMonth : _format.uncertainty.interval.other,
                           ["first": formattedDate(year: firstYear, month: firstMonth, day: firstDay),
                            "last": formattedDate(year: lastYear, month: lastMonth, day: lastDay),
                            "firstDay": dayText(firstDay), "lastDay": dayText(lastDay), "n": percent])
        }
    }

    var sentence: String { _format.sentence }
    var fallback: String { _format.fallback }
    var separator: String { _format.separator }
    var statement: String { _format.statement }
    var statementSeparator: String { _format.statementSeparator }
    var confidence: String { _format.confidence }
}
