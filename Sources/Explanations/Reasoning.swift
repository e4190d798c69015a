/// A prediction's explanation: the sentence shown to the user and the factors behind it.
public struct Reasoning: Sendable, Equatable, Codable {
    /// One factor named in the sentence.
    public struct Factor: Sendable, Equatable, Codable {
        /// Stable key of the factor (a feature or rule name, e.g. `"cycle_day"`, `"rule.mean_cycle_length"`).
        public var key: String
        /// The phrase used for it in `text`.
        public var phrase: String
        /// Its contribution in the model's output units (signed).
        public var contribution: Double

        public init(key: String, phrase: String, contribution: Double) {
            self.key = key
            self.phrase = phrase
            self.contribution = contribution
        }
    }

    /// The one-line sentence (≤ 120 characters), in `language`.
    public var text: String
    /// BCP-47 language code of `text` (`"fr"` or `"en"`).
    public var language: String
    /// The factors named in `text`, strongest first.
    public var factors: [Factor]

    public init(text: String, language: String, factors: [Factor] = []) {
        self.text = text
        self.language = language
        self.factors = factors
    }
}
