/// What a model input means: a stable key, a display name and a group. Per-row values come
/// separately.
public struct FeatureDescriptor: Hashable, Sendable, Codable {
    /// Stable key (`"sleep_mean_7d"`, `"cycle_day"`, `"rule.mean_cycle_length"`); templates may
    /// name it directly.
    package var key: String
    /// Human-readable name for reports (`odml explain`); never shown in sentences.
    public var name: String
    /// The feature's group.
    package var group: FeatureGroup
    /// The template key that phrases it when it is not `key` (several features may share one
    /// phrase); `nil`: `key`, then the group.
    package var phraseKey: String?

    /// Creates a descriptor; `name` defaults to `key`.
    package init(key: String, name: String? = nil, group: FeatureGroup, phraseKey: String? = nil) {
        self.key = key
        self.name = name ?? key
        self.group = group
        self.phraseKey = phraseKey
    }
}
