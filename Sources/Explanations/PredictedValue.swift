/// The predicted value a headline shows.
package enum PredictedValue: Hashable, Sendable {
    /// A calendar date (`{date}` in the headline, formatted per language: "14 mars", "March 14").
    case date(year: Int, month: Int, day: Int)
    /// A three-class level; selects the headline variant `<kind>.low|medium|high`.
    case level(Level)
    /// A probability in `[0, 1]` (`{percent}`); selects `<kind>.likely` (≥ 0.5) or `<kind>.unlikely`.
    case probability(Double)
    /// A number (`{value}`, one decimal at most, decimal comma in French).
    case number(Double)
    /// A title such as an action's name (`{title}`); selects `<kind>.titled`.
    case title(String)
    /// Nothing beyond the kind.
    case none

    /// Low, medium or high.
    package enum Level: String, CaseIterable, Sendable, Codable {
        case low, medium, high
    }
}
