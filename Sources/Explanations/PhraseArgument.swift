/// A value a phrase shows in place of a `{name}` placeholder, formatted in the sentence's
/// language by the one number and date formatter (`ReasoningTemplates`).
package indirect enum PhraseArgument: Hashable, Sendable {
    /// A number with at most one decimal ("29,5", "29.5", "12").
    case number(Double)
    /// A number with exactly `digits` decimals ("2,1", "2.1"); `signed` writes "+" before a
    /// positive one ("+0,50").
    case decimal(Double, digits: Int, signed: Bool = false)
    /// A calendar date ("14 mars", "1er mars", "March 14").
    case date(year: Int, month: Int, day: Int)
    /// An ordinal number in this language's style ("1er", "9" in French; "1st", "9th" in English):
    /// a day of the month said without its month ("le {day}", "on the {day}").
    case ordinal(Int)
    /// A `texts` entry of the phrase books with its own arguments, written in the sentence's
    /// language ("le 9" inside "test LH positif le 9 + phase lutéale ≈ 13 j").
    case phrase(String, [String: PhraseArgument])
    /// Text shown as it is (an action's title, an ISO date in a report line).
    case text(String)

    /// The numeric value a plural form is chosen by (`nil` for dates and text).
    var count: Double? {
        switch self {
        case let .number(value), let .decimal(value, _, _): value
        case let .ordinal(value): Double(value)
        case .date, .phrase, .text: nil
        }
    }
}
