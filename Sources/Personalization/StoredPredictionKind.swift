/// What a stored prediction is about: the app table's `predictions.type` column (not the
/// sentences' `PredictionKind`, whose kinds are headlines).
public enum StoredPredictionKind: String, CaseIterable, Sendable, Codable {
    case periodStart = "period_start"
    case ovulation
    case energy
    case mood

    /// `true` for predictions of a date (period start, ovulation), `false` for 1–10 values.
    public var isDate: Bool { self == .periodStart || self == .ovulation }
}
