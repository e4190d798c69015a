/// A prediction's explanation: the sentence shown to the user and the factors behind it.
///
/// Codable as the structured form the app UI reads, e.g.
/// `{"text": "…", "language": "fr", "headline": "Règles prévues le 14 mars", "confidence": "±2 j",
/// "kind": "period_start", "factors": [{"key": "cycle_day", "phrase": "J12 du cycle",
/// "contribution": 1.5, "group": "cycle_day"}]}`.
public struct Reasoning: Sendable, Equatable, Codable {
    /// One factor named in the sentence.
    public struct Factor: Sendable, Equatable, Codable {
        /// Stable key of the factor (a feature or rule name, e.g. `"cycle_day"`, `"rule.mean_cycle_length"`).
        public var key: String
        /// The phrase used for it in `text`.
        public var phrase: String
        /// Its contribution in the model's output units (signed).
        public var contribution: Double
        /// The feature group (`"sleep"`, `"cycle_day"`, …), when known.
        public var group: String?

        public init(key: String, phrase: String, contribution: Double, group: String? = nil) {
            self.key = key
            self.phrase = phrase
            self.contribution = contribution
            self.group = group
        }
    }

    /// The one-line sentence (≤ 120 characters), in `language`.
    public var text: String
    /// The language of `text` (encoded as its code, `"fr"` or `"en"`).
    public var language: Language
    /// The factors named in `text`, in text order: strongest first for an attribution, the
    /// predictor's order for the facts it states (only those with a contribution).
    public var factors: [Factor]
    /// The prediction part of `text` without its confidence ("Règles prévues le 14 mars"), when
    /// made by `ReasoningGenerator`.
    public var headline: String?
    /// The confidence phrase ("±2 j"), when the prediction has an uncertainty.
    public var confidence: String?
    /// The prediction kind (`"period_start"`, `"energy_tomorrow"`, …), when known.
    public var kind: String?

    public init(text: String, language: Language, factors: [Factor] = [], headline: String? = nil,
                confidence: String? = nil, kind: String? = nil) {
        self.text = text
        self.language = language
        self.factors = factors
        self.headline = headline
        self.confidence = confidence
        self.kind = kind
    }
}
