import Explanations

/// One input of a cycle model, as its registry declares it (`TabularFeatureBuilder.features`,
/// `DailyFeatureBuilder.features`): a stable name stored in model files, a group, how a
/// reasoning sentence names it, and what its value is compared with to say high or low. The
/// registry's order is the vector order, fixed for model files.
package struct CycleFeature: Sendable, Equatable {
    /// How a sentence names a feature.
    package enum Phrase: Sendable, Equatable {
        /// Its own phrase: a key of `factors` in `Cycles/Phrases/phrases.json` (features that
        /// say the same thing share one key).
        case key(String)
        /// Declared without a phrase of its own: the sentence names its group
        /// (`CycleFeatureGroup.phraseGroup`).
        case group
    }

    /// What a value is compared with to phrase it as high or low, for a model that keeps no
    /// reference of its own (the boosted trees; the LSTM compares with its training means).
    package enum Reference: Sendable, Equatable {
        /// None: phrased without a direction.
        case none
        /// High above this value, low below it (a flag's 0.5, a difference's 0, the middle of
        /// the 1–10 scale).
        case level(Float)
        /// A change: rising above 0, falling below it.
        case trend
    }

    /// Stable name, stored in model files.
    package var name: String
    /// Its group.
    package var group: CycleFeatureGroup
    /// How a sentence names it.
    package var phrase: Phrase
    /// What its value is compared with (see `Reference`).
    package var reference: Reference

    /// A feature of `group`, named by `phrase`, compared with `reference`.
    package init(_ name: String, _ group: CycleFeatureGroup, phrase: Phrase = .group, reference: Reference = .none) {
        self.name = name
        self.group = group
        self.phrase = phrase
        self.reference = reference
    }

    /// The descriptor attributions carry: key `name`, the group's template group, and the phrase key.
    package var descriptor: FeatureDescriptor {
        switch phrase {
        case let .key(key): FeatureDescriptor(key: name, group: group.phraseGroup, phraseKey: key == name ? nil : key)
        case .group: FeatureDescriptor(key: name, group: group.phraseGroup)
        }
    }

    /// Where `value` sits against `reference` (`missing` when `nan`; `typical` without a reference).
    package func direction(of value: Float) -> FeatureDirection {
        guard !value.isNaN else { return .missing }
        switch reference {
        case .none: return .typical
        case let .level(level): return value > level ? .high : (value < level ? .low : .typical)
        case .trend: return value > 0 ? .rising : (value < 0 ? .falling : .typical)
        }
    }
}
