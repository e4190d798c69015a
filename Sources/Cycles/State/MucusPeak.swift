/// The mucus peak of a cycle as the symptothermal method reads it: the last day of the best
/// quality seen this cycle (S+ if there was any, else S, else f), confirmed on the evening of the
/// third observation after it, all three of a lower quality. A return of the best quality (or a
/// better one) before the double check is complete withdraws it: the new day is the candidate.
public struct MucusPeak: Sendable, Equatable {
    /// The peak day.
    public var day: CalendarDay
    /// Its quality: the best of the cycle so far.
    public var quality: CervicalMucus
    /// The day of the third lower observation after it (the evaluation is complete that
    /// evening), `nil` while the peak is a candidate.
    public var confirmed: CalendarDay?

    /// A peak (a candidate while `confirmed` is `nil`).
    public init(day: CalendarDay, quality: CervicalMucus, confirmed: CalendarDay? = nil) {
        self.day = day
        self.quality = quality
        self.confirmed = confirmed
    }
}
