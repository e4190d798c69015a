/// Everything one user logged on one calendar day: the `cycle_entries` row and the day's
/// `symptom_logs` rows, merged.
public struct DayRecord: Sendable, Equatable {
    /// The day.
    public var date: CalendarDay
    /// Menstrual flow 1–5, `nil` when no bleeding was logged.
    public var flowIntensity: Int?
    /// Symptom values 1–10 by kind; absent kinds were not logged that day.
    public var symptoms: [SymptomType: Int]
    /// Where the logged pain was felt, if said.
    public var painZone: BodyZone?
    /// What the logged pain felt like, if said.
    public var painType: PainType?

    public init(date: CalendarDay, flowIntensity: Int? = nil, symptoms: [SymptomType: Int] = [:],
                painZone: BodyZone? = nil, painType: PainType? = nil) {
        self.date = date
        self.flowIntensity = flowIntensity
        self.symptoms = symptoms
        self.painZone = painZone
        self.painType = painType
    }

    /// `true` when flow was logged.
    public var hasFlow: Bool { (flowIntensity ?? 0) > 0 }
}
