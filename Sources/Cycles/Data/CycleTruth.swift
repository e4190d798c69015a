/// The latent truth of one generated cycle (a row of `truth.csv`).
public struct CycleTruth: Sendable, Equatable, Codable {
    /// The user.
    package var userID: String
    /// First day of bleeding (may precede the first *logged* flow day when the user missed it).
    package var cycleStart: CalendarDay
    /// Ovulation day; `nil` for an anovulatory cycle.
    package var ovulationDate: CalendarDay?
    /// Days from the day after ovulation to the day before the next start; `nil` if anovulatory.
    package var lutealLength: Int?
    /// Cycle day of ovulation (day 1 = `cycleStart`); `nil` if anovulatory.
    package var follicularLength: Int?
    /// The cohort (or, in a blend such as `mixed`, the phenotype) the user was drawn from.
    package var cohort: String

    /// Creates a truth row.
    package init(userID: String, cycleStart: CalendarDay, ovulationDate: CalendarDay?, lutealLength: Int?,
                follicularLength: Int?, cohort: String) {
        self.userID = userID
        self.cycleStart = cycleStart
        self.ovulationDate = ovulationDate
        self.lutealLength = lutealLength
        self.follicularLength = follicularLength
        self.cohort = cohort
    }

    /// `true` when the cycle had an ovulation.
    package var isOvulatory: Bool { ovulationDate != nil }
}
