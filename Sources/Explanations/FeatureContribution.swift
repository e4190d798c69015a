/// One feature's share of a prediction, in the model's output units, with what the feature was.
public struct FeatureContribution: Hashable, Sendable, Codable {
    /// Stable feature key (see `FeatureDescriptor.key`).
    public var key: String
    /// Human-readable name.
    public var name: String
    /// The feature's group.
    public var group: FeatureGroup
    /// The template key that phrases it when it is not `key` (see `FeatureDescriptor.phraseKey`).
    public var phraseKey: String?
    /// The feature's value in this row (`nil` when not logged).
    public var value: Double?
    /// The value it is compared with (the baseline row's value), if known.
    public var baselineValue: Double?
    /// Where `value` sits relative to `baselineValue`.
    public var direction: FeatureDirection
    /// Signed contribution to `output − baseline` in output units.
    public var contribution: Double

    /// Creates a contribution; `direction` defaults to `value` compared with `baselineValue`.
    package init(key: String, name: String? = nil, group: FeatureGroup, phraseKey: String? = nil, value: Double? = nil,
                baselineValue: Double? = nil, direction: FeatureDirection? = nil, contribution: Double) {
        self.key = key
        self.name = name ?? key
        self.group = group
        self.phraseKey = phraseKey
        self.value = value
        self.baselineValue = baselineValue
        self.direction = direction ?? FeatureDirection(value: value, reference: baselineValue)
        self.contribution = contribution
    }

    /// Creates a contribution for a described feature.
    package init(_ descriptor: FeatureDescriptor, value: Double?, baselineValue: Double? = nil,
                direction: FeatureDirection? = nil, contribution: Double) {
        self.init(key: descriptor.key, name: descriptor.name, group: descriptor.group, phraseKey: descriptor.phraseKey, value: value,
                  baselineValue: baselineValue, direction: direction, contribution: contribution)
    }
}
