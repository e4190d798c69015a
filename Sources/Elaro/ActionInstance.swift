/// What a parent did with one offered action.
public struct ActionInstance: Sendable, Codable, Equatable {
    /// The outcome of an offer.
    public enum Outcome: String, Sendable, Codable, CaseIterable {
        /// Done (a rating may follow).
        case completed
        /// Declined.
        case skipped
        /// Postponed.
        case snoozed
        /// Done and rated (`rating` holds 1–5).
        case rated
    }

    /// The action's id in the library.
    public var actionID: String
    /// Day number (days since any fixed origin; day 0 is a Monday, so `day % 7` is the weekday, 0 = Monday).
    public var day: Int
    /// When it was offered or done.
    public var timeOfDay: TimeOfDay
    /// Chosen variant: 5, 10 or 20 minutes.
    public var variantMinutes: Int
    /// What happened.
    public var outcome: Outcome
    /// Rating 1–5 for `rated`.
    public var rating: Int?

    public init(actionID: String, day: Int, timeOfDay: TimeOfDay, variantMinutes: Int, outcome: Outcome, rating: Int? = nil) {
        self.actionID = actionID
        self.day = day
        self.timeOfDay = timeOfDay
        self.variantMinutes = variantMinutes
        self.outcome = outcome
        self.rating = rating
    }

    /// Whether the action was done (`completed` or `rated`).
    public var isDone: Bool { outcome == .completed || outcome == .rated }

    /// Success value in `[0, 1]`: 1 for done (a rating r scales it to `0.6 + 0.1·(r − 1)`),
    /// 0.25 for snoozed (a soft no), 0 for skipped.
    public var success: Float {
        switch outcome {
        case .completed: return 1
        case .rated: return 0.6 + 0.1 * Float(min(max((rating ?? 5), 1), 5) - 1)
        case .snoozed: return 0.25
        case .skipped: return 0
        }
    }

    /// Friction value in `[0, 1]`: 1 for skipped, 0.5 for snoozed, 0 for done.
    public var friction: Float {
        switch outcome {
        case .skipped: return 1
        case .snoozed: return 0.5
        case .completed, .rated: return 0
        }
    }
}
