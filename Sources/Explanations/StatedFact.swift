/// A fact a predictor states itself — a rule that fired, an input its forecast rests on —
/// phrased by a `texts` entry of the phrase books and listed after the headline
/// (`ReasoningGenerator.statement(for:value:uncertainty:facts:language:)`).
package struct StatedFact: Hashable, Sendable {
    /// Stable key of the factor (`"rule.mean_cycle_length"`), reported in `Reasoning.factors`.
    package var key: String
    /// The `texts` entry that phrases it (`"rules.average_cycle"`).
    package var text: String
    /// The values its placeholders show.
    package var arguments: [String: PhraseArgument]
    /// Its shift in the output's units when the predictor knows it (a rule's shift in days);
    /// `nil`: the fact is stated but claims no contribution and is not listed in `Reasoning.factors`.
    package var contribution: Double?
    /// The feature group it speaks about, when known.
    package var group: String?

    /// A fact phrased by `text` with `arguments`.
    package init(key: String, text: String, arguments: [String: PhraseArgument] = [:], contribution: Double? = nil,
                group: String? = nil) {
        self.key = key
        self.text = text
        self.arguments = arguments
        self.contribution = contribution
        self.group = group
    }
}
