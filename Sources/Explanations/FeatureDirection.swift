/// Where a feature's value sits relative to its reference (the baseline the attribution is
/// measured from): the generator picks "good sleep" or "poor sleep" from it.
public enum FeatureDirection: String, CaseIterable, Sendable, Codable {
    /// Above the reference.
    case high
    /// Below the reference.
    case low
    /// Equal to the reference (or no reference given).
    case typical
    /// Increasing (for trend and slope features; set by the caller).
    case rising
    /// Decreasing (for trend and slope features; set by the caller).
    case falling
    /// Not logged.
    case missing

    /// The direction of `value` against `reference`: `missing` when `value` is `nil`, `typical`
    /// when no reference is known or both are equal.
    public init(value: Double?, reference: Double?) {
        guard let value, !value.isNaN else { self = .missing; return }
        guard let reference, !reference.isNaN else { self = .typical; return }
        self = value > reference ? .high : (value < reference ? .low : .typical)
    }
}
