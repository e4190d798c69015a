/// Everything the recommender needs to know about today, besides the library and the bandit.
public struct DailyContext: Sendable, Codable, Equatable {
    /// Day number (day 0 is a Monday).
    public var day: Int
    /// The part of the day the parent is planning for.
    public var timeOfDay: TimeOfDay
    /// The focus area chosen for this month.
    public var activeFocus: FocusArea
    /// Tags of the Focus Planner blocks the parent accepted (biases `FocusMatch`).
    public var acceptedTags: [String]
    /// Child age in years.
    public var childAge: Int
    /// Current situations (`child-sick`, `travelling`, ...) that rule actions out.
    public var situations: [String]

    public init(day: Int, timeOfDay: TimeOfDay, activeFocus: FocusArea, acceptedTags: [String] = [],
                childAge: Int, situations: [String] = []) {
        self.day = day
        self.timeOfDay = timeOfDay
        self.activeFocus = activeFocus
        self.acceptedTags = acceptedTags
        self.childAge = childAge
        self.situations = situations
    }

    /// Whether the day is a Saturday or Sunday.
    public var isWeekend: Bool { SignalsCalculator.isWeekend(day: day) }
}
