/// The cervix peak of a cycle as the symptothermal method reads it: the last day with a fertile
/// sign (the cervix partly open, open or soft), confirmed on the evening of the third observation
/// after it, all three closed and firm. A fertile sign before the double check is complete
/// withdraws it: the new day is the candidate. It may stand in for the mucus peak in the double
/// check.
public struct CervixPeak: Sendable, Equatable {
    /// The peak day.
    public var day: CalendarDay
    /// The day of the third closed-and-firm observation after it, `nil` while it is a candidate.
    public var confirmed: CalendarDay?

    /// A peak (a candidate while `confirmed` is `nil`).
    public init(day: CalendarDay, confirmed: CalendarDay? = nil) {
        self.day = day
        self.confirmed = confirmed
    }
}
