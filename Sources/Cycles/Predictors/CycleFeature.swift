import Explanations

/// One input of a cycle model, as its registry declares it (`TabularFeatureBuilder.features`,
/// `DailyFeatureBuilder.features`): a stable name stored in model files, a group, and how a
/// reasoning sentence names it. The registry's order is the vector order, fixed for model files.
public struct CycleFeature: Sendable, Equatable {
    /// How a sentence names a feature.
    public enum Phrase: Sendable, Equatable {
        /// Its own phrase: a key of `factors` in `Explanations/Templates/*.json` (features that
        /// say the same thing share one key).
        case key(String)
        /// Declared without a phrase of its own: the sentence names its group
        /// (`CycleFeatureGroup.phraseGroup`).
        case group
    }

    /// Stable name, stored in model files.
    public var name: String
    /// Its group.
    public var group: CycleFeatureGroup
    /// How a sentence names it.
    public var phrase: Phrase

    /// A feature of `group`, named by `phrase`.
    public init(_ name: String, _ group: CycleFeatureGroup, phrase: Phrase = .group) {
        self.name = name
        self.group = group
        self.phrase = phrase
    }

    /// The descriptor attributions carry: key `name`, the group's template group, and the phrase key.
    public var descriptor: FeatureDescriptor {
        switch phrase {
        case let .key(key): FeatureDescriptor(key: name, group: group.phraseGroup, phraseKey: key == name ? nil : key)
        case .group: FeatureDescriptor(key: name, group: group.phraseGroup)
        }
    }
}
