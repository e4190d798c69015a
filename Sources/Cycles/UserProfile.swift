/// One row of `user_profile`.
public struct UserProfile: Sendable, Equatable {
    public var id: String
    public var createdAt: CalendarDay
    public var onboardingCompleted: Bool
    public var cycleType: CycleType
    /// Declared conditions, e.g. `["sopk", "endo"]`.
    public var conditions: [String]
    /// The raw `preferences` JSON object, kept as text.
    public var preferencesJSON: String

    public init(id: String, createdAt: CalendarDay, onboardingCompleted: Bool = true, cycleType: CycleType = .unknown,
                conditions: [String] = [], preferencesJSON: String = "{}") {
        self.id = id
        self.createdAt = createdAt
        self.onboardingCompleted = onboardingCompleted
        self.cycleType = cycleType
        self.conditions = conditions
        self.preferencesJSON = preferencesJSON
    }
}
