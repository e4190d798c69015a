/// What a model input means: a stable key, a display name and a group. Per-row values come
/// separately.
public struct FeatureDescriptor: Hashable, Sendable, Codable {
    /// Stable key (`"sleep_mean_7d"`, `"cycle_day"`, `"rule.mean_cycle_length"`); templates may
    /// name it directly.
    public var key: String
    /// Human-readable name for reports (`odml explain`); never shown in sentences.
    public var name: String
    /// The feature's group.
    public var group: FeatureGroup

    /// Creates a descriptor; `name` defaults to `key`.
    public init(key: String, name: String? = nil, group: FeatureGroup) {
        self.key = key
        self.name = name ?? key
        self.group = group
    }
}
