/// The latent truth of one generated cycle (a row of `truth.csv`).
public struct CycleTruth: Sendable, Equatable, Codable {
    /// The user.
    public var userID: String
    /// First day of bleeding (may precede the first *logged* flow day when the user missed it).
    public var cycleStart: CalendarDay
    /// Ovulation day; `nil` for an anovulatory cycle.
    public var ovulationDate: CalendarDay?
    /// Days from the day after ovulation to the day before the next start; `nil` if anovulatory.
    public var lutealLength: Int?
    /// Cycle day of ovulation (day 1 = `cycleStart`); `nil` if anovulatory.
    public var follicularLength: Int?
    /// The cohort (or, in a blend such as `mixed`, the phenotype) the user was drawn from.
    public var cohort: String

    /// Creates a truth row.
    public init(userID: String, cycleStart: CalendarDay, ovulationDate: CalendarDay?, lutealLength: Int?,
                follicularLength: Int?, cohort: String) {
        self.userID = userID
        self.cycleStart = cycleStart
        self.ovulationDate = ovulationDate
        self.lutealLength = lutealLength
        self.follicularLength = follicularLength
        self.cohort = cohort
    }

    /// `true` when the cycle had an ovulation.
    public var isOvulatory: Bool { ovulationDate != nil }
}
