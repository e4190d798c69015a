/// The cervix as she felt it on one day (an optional symptom of the symptothermal method): its
/// opening, firmness and position, each its own `measurements` kind (`cervix_opening`,
/// `cervix_firmness`, `cervix_position`), any of them possibly not noted.
///
/// The method reads opening and firmness only: a cervix *closed and firm* is the infertile sign,
/// any other combination (partly open, open, or soft) a fertile one; the position is charted but
/// plays no part in the evaluation (`docs/symptothermal-rules.md`, "Cervix").
public struct CervixObservation: Sendable, Equatable, Codable {
    /// How open the os felt.
    public enum Opening: Int, CaseIterable, Sendable, Codable {
        case closed = 0
        case partlyOpen = 1
        case open = 2
    }

    /// How firm it felt (like the tip of the nose, or like the lips).
    public enum Firmness: Int, CaseIterable, Sendable, Codable {
        case firm = 0
        case soft = 1
    }

    /// How high it sat.
    public enum Position: Int, CaseIterable, Sendable, Codable {
        case low = 0
        case middle = 1
        case high = 2
    }

    /// The opening, if noted.
    public var opening: Opening?
    /// The firmness, if noted.
    public var firmness: Firmness?
    /// The position, if noted.
    public var position: Position?

    /// An observation; each part may be missing.
    public init(opening: Opening? = nil, firmness: Firmness? = nil, position: Position? = nil) {
        self.opening = opening
        self.firmness = firmness
        self.position = position
    }

    /// The sign the evaluation reads: `true` for a fertile sign (not closed and firm), `false`
    /// for closed and firm, `nil` when the opening or the firmness was not noted.
    public var showsFertileSign: Bool? {
        guard let opening, let firmness else { return nil }
        return opening != .closed || firmness != .firm
    }

    /// `true` when no part was noted.
    public var isEmpty: Bool { opening == nil && firmness == nil && position == nil }
}
