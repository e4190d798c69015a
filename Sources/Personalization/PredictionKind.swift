/// What a stored prediction is about (`predictions.type`).
public enum PredictionKind: String, CaseIterable, Sendable, Codable {
    case periodStart = "period_start"
    case ovulation
    case energy
    case mood

    /// `true` for predictions of a date (period start, ovulation), `false` for 1–10 values.
    public var isDate: Bool { self == .periodStart || self == .ovulation }
}
