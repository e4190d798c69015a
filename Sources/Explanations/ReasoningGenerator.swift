import Foundation

/// Turns a prediction and its attribution into a short sentence a person understands, in French
/// or English: headline (with a confidence suffix) + "car :"/"because:" + up to three factors
/// joined with " + ".
///
/// Factor choice, in order:
/// 1. keep contributions whose sign agrees with the prediction's direction
///    (`outputValue − baselineValue`);
/// 2. drop those below the threshold `max(minimumContribution, minimumShare · Σ|contributions|)`;
/// 3. strongest first; skip features no template can phrase and phrases already used;
/// 4. keep at most `maximumFactors`, then drop the weakest until the sentence fits in
///    `maximumLength` characters (words are never cut; only a headline that alone exceeds the
///    limit is shortened at a word boundary with "…").
/// When no factor remains the sentence says "peu de signaux" / "few signals".
///
/// The generator is generic: it knows the languages' formats (`Templates/<language>.json`) and
/// the words the domains register as `PhraseBook`s. Predictors that state their own facts
/// rather than attribute (rules, calendar) go through `statement(for:value:uncertainty:facts:language:)`,
/// the same headlines and formats.
public struct ReasoningGenerator: Sendable {
    /// Limits and thresholds.
    public struct Configuration: Sendable, Equatable {
        /// Most factors named (default 3).
        package var maximumFactors: Int
        /// Most characters in the sentence (default 120).
        package var maximumLength: Int
        /// Smallest `|contribution|` named, in output units (default 0: only the share applies).
        package var minimumContribution: Double
        /// Smallest share of `Σ|contributions|` a named factor must carry (default 0.1).
        package var minimumShare: Double

        /// Creates a configuration.
        package init(maximumFactors: Int = 3, maximumLength: Int = 120, minimumContribution: Double = 0,
                    minimumShare: Double = 0.1) {
            self.maximumFactors = maximumFactors
            self.maximumLength = maximumLength
            self.minimumContribution = minimumContribution
            self.minimumShare = minimumShare
        }
    }

    /// The limits and thresholds in use.
    package let configuration: Configuration
    /// Formats and registered phrases, by language.
    package let templates: [Language: ReasoningTemplates]

    /// A generator that speaks the words of `phraseBooks` (each domain registers its own:
    /// `CyclePhrases`, `ElaroPhrases`) in every `Language`.
    /// - Throws: `ExplanationError.invalidParameter` for a bad configuration;
    ///   `ExplanationError.duplicatePhrase` when two books define the same entry.
    package init(configuration: Configuration = Configuration(), phraseBooks: [PhraseBook]) throws {
        guard configuration.maximumFactors >= 0 else {
            throw ExplanationError.invalidParameter(name: "maximumFactors", expected: "≥ 0", found: "\(configuration.maximumFactors)")
        }
        guard configuration.maximumLength >= 20 else {
            throw ExplanationError.invalidParameter(name: "maximumLength", expected: "≥ 20", found: "\(configuration.maximumLength)")
        }
        self.configuration = configuration
        var templates: [Language: ReasoningTemplates] = [:]
        for language in Language.allCases {
            templates[language] = try ReasoningTemplates(language: language, phraseBooks: phraseBooks)
        }
        self.templates = templates
    }

    /// The sentence and its factors for one prediction.
    ///
    /// - Parameters:
    ///   - kind: what is predicted (selects the headline).
    ///   - value: the predicted value or date shown in the headline.
    ///   - uncertainty: the model's uncertainty, shown as a confidence suffix ("±2 j").
    ///   - attribution: contributions in the model's output units; the prediction's direction is
    ///     the sign of `outputValue − baselineValue`.
    ///   - language: the sentence's language.
    ///   - minimumContribution: overrides `configuration.minimumContribution` for this call
    ///     (thresholds depend on the output units: days, probability, score).
    package func reasoning(for kind: PredictionKind, value: PredictedValue = .none, uncertainty: Uncertainty? = nil,
                          attribution: Attribution, language: Language,
                          minimumContribution: Double? = nil) throws -> Reasoning {
        let templates = self.templates(for: language)
        let prediction = try headline(for: kind, value: value, templates: templates)
        let confidence = uncertainty.map { templates.confidencePhrase(for: $0) }
        let candidates = factors(in: attribution, templates: templates,
                                 minimumContribution: minimumContribution ?? configuration.minimumContribution)
        let (text, named) = fittedSentence(prediction: prediction, confidence: confidence, factors: candidates,
                                           templates: templates)
        return Reasoning(text: text, language: language, factors: named, headline: prediction,
                         confidence: confidence, kind: kind.rawValue)
    }

    /// The sentence for a prediction whose predictor states its own facts (a rule engine's fired
    /// rules, the inputs a plain forecast rests on): the headline (with a confidence suffix when
    /// `uncertainty` is given), then the facts in the given order, joined by the language's
    /// `statementSeparator` ("Règles prévues le 14 mars : cycle moyen 31 j sur les 3 derniers
    /// cycles, 1 cycle atypique écarté"). Facts that do not fit in `maximumLength` are left out
    /// from the last; `factors` lists the stated facts that carry a contribution, in text order,
    /// then `unstatedFacts`: facts the forecast rests on that a stronger one replaces in the
    /// sentence (their contributions still add up to the forecast).
    package func statement(for kind: PredictionKind, value: PredictedValue = .none, uncertainty: Uncertainty? = nil,
                          facts: [StatedFact], unstatedFacts: [StatedFact] = [], language: Language) throws -> Reasoning {
        let templates = self.templates(for: language)
        let prediction = try headline(for: kind, value: value, templates: templates)
        let confidence = uncertainty.map { templates.confidencePhrase(for: $0) }
        let headline = confidence.map { _filled(templates.confidence, ["prediction": prediction, "confidence": $0]) } ?? prediction
        let phrases = try facts.map { try templates.text($0.text, $0.arguments) }
        let limit = configuration.maximumLength
        var count = phrases.count, text = headline
        while count > 0 {
            text = _filled(templates.statement, ["prediction": headline,
                                                 "facts": phrases[..<count].joined(separator: templates.statementSeparator)])
            if _fits(text, limit) { break }
            count -= 1
        }
        if count == 0 { text = ReasoningGenerator.shortened(headline, to: limit) }
        let unstated = try unstatedFacts.map { ($0, try templates.text($0.text, $0.arguments)) }
        let named = (Array(zip(facts[..<count], phrases)) + unstated).compactMap { fact, phrase in
            fact.contribution.map { Reasoning.Factor(key: fact.key, phrase: phrase, contribution: $0, group: fact.group) }
        }
        return Reasoning(text: text, language: language, factors: named, headline: prediction,
                         confidence: confidence, kind: kind.rawValue)
    }

    /// The `texts` entry `key` in `language`, its placeholders filled from `arguments` (labels,
    /// whole lines a domain writes).
    package func text(_ key: String, _ arguments: [String: PhraseArgument] = [:], language: Language) throws -> String {
        try templates(for: language).text(key, arguments)
    }

    /// The confidence phrase alone ("±2 j", "±2 d").
    package func confidencePhrase(for uncertainty: Uncertainty, language: Language) -> String {
        templates(for: language).confidencePhrase(for: uncertainty)
    }

    /// The factors that may be named, strongest first, before the length limit is applied.
    package func factors(in attribution: Attribution, language: Language,
                        minimumContribution: Double? = nil) -> [Reasoning.Factor] {
        factors(in: attribution, templates: templates(for: language),
                minimumContribution: minimumContribution ?? configuration.minimumContribution)
    }

    /// The formats and phrases of `language` (every `Language` has them).
    package func templates(for language: Language) -> ReasoningTemplates {
        templates[language]!
    }

    func headline(for kind: PredictionKind, value: PredictedValue, templates: ReasoningTemplates) throws -> String {
        var key = kind.rawValue
        switch value {
        case let .level(level): key += ".\(level.rawValue)"
        case let .probability(probability): key += probability >= 0.5 ? ".likely" : ".unlikely"
        case .title: key += ".titled"
        case .date, .number, .none: break
        }
        guard var text = templates.predictionTemplate(forKey: key) else {
            throw ExplanationError.missingPredictionTemplate(language: templates.language.rawValue, key: key)
        }
        switch value {
        case let .date(year, month, day):
            text = _filled(text, ["date": templates.formattedDate(year: year, month: month, day: day)])
        case let .probability(probability):
            let percent = Int((min(max(probability, 0), 1) * 100).rounded())
            text = _filled(text, ["percent": String(percent)])
        case let .number(number):
            text = _filled(text, ["value": templates.formatted(number)])
        case let .title(title):
            text = _filled(text, ["title": title])
        case .level, .none: break
        }
        return text
    }

    func factors(in attribution: Attribution, templates: ReasoningTemplates,
                 minimumContribution: Double) -> [Reasoning.Factor] {
        let direction = attribution.outputDifference
        guard direction != 0, configuration.maximumFactors > 0 else { return [] }
        let totalMagnitude = attribution.contributions.reduce(0) { $0 + abs($1.contribution) }
        let threshold = max(minimumContribution, configuration.minimumShare * totalMagnitude)
        let ranked = attribution.contributions.indices
            .filter { index in
                let contribution = attribution.contributions[index].contribution
                return contribution * direction > 0 && abs(contribution) >= threshold
            }
            .sorted { abs(attribution.contributions[$0].contribution) > abs(attribution.contributions[$1].contribution)
                || (abs(attribution.contributions[$0].contribution) == abs(attribution.contributions[$1].contribution) && $0 < $1) }
        var named: [Reasoning.Factor] = []
        var phrases: Set<String> = []
        for index in ranked {
            let contribution = attribution.contributions[index]
            guard let phrase = templates.phrase(for: contribution), phrases.insert(phrase).inserted else { continue }
            named.append(Reasoning.Factor(key: contribution.key, phrase: phrase, contribution: contribution.contribution,
                                          group: contribution.group.rawValue))
            if named.count == configuration.maximumFactors { break }
        }
        return named
    }

    func fittedSentence(prediction: String, confidence: String?, factors: [Reasoning.Factor],
                        templates: ReasoningTemplates) -> (String, [Reasoning.Factor]) {
        let limit = configuration.maximumLength
        var headlines: [String] = []
        if let confidence {
            headlines.append(_filled(templates.confidence, ["prediction": prediction, "confidence": confidence]))
        }
        headlines.append(prediction)
        for headline in headlines {
            for count in stride(from: factors.count, through: 1, by: -1) {
                let joined = factors[..<count].map(\.phrase).joined(separator: templates.separator)
                let text = _filled(templates.sentence, ["prediction": headline, "factors": joined])
                if _fits(text, limit) { return (text, Array(factors[..<count])) }
            }
            let text = _filled(templates.fallback, ["prediction": headline])
            if _fits(text, limit) { return (text, []) }
        }
        return (ReasoningGenerator.shortened(prediction, to: limit), [])
    }

    /// `text` cut at the last space that leaves room for "…" within `limit` characters.
    static func shortened(_ text: String, to limit: Int) -> String {
        guard !_fits(text, limit) else { return text }
        let prefix = text.prefix(limit - 1)
        let cut = prefix.lastIndex(of: " ").map { prefix[..<$0] } ?? prefix
        var trimmed = String(cut)
        while let last = trimmed.last, last == " " || last == "," || last == ":" || last == "«" || last == "\"" {
            trimmed.removeLast()
        }
        return trimmed + "…"
    }
}
