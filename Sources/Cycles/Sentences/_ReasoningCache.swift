import Explanations

/// The last sentence a predictor built and what it depends on: bulk evaluation asks for a
/// forecast on every day, and the sentence is the same for many days, so it is built only when
/// its inputs change. A forecast whose sentence is replaced (the explained path names what moved
/// it) builds none.
package struct _ReasoningCache<Key: Equatable> {
    private var key: Key?
    private var cached: Reasoning?
    /// Whether sentences are built; when not, `reasoning(for:_:)` returns an empty one.
    private let buildsSentences: Bool

    /// An empty cache; `buildsSentences: false` for a forecast whose sentence is replaced.
    package init(buildsSentences: Bool = true) {
        self.buildsSentences = buildsSentences
    }

    /// The sentence for `key`, built by `build` only when `key` differs from the last one; an
    /// empty sentence in English when the cache builds none.
    package mutating func reasoning(for key: Key, _ build: () throws -> Reasoning) rethrows -> Reasoning {
        guard buildsSentences else { return Reasoning(text: "", language: .en) }
        if let cached, self.key == key { return cached }
        let reasoning = try build()
        self.key = key
        cached = reasoning
        return reasoning
    }
}
