import Explanations

/// The last sentence a predictor built and what it depends on: bulk evaluation asks for a
/// forecast on every day, and the sentence is the same for many days, so it is built only when
/// its inputs change.
package struct _ReasoningCache<Key: Equatable> {
    private var key: Key?
    private var cached: Reasoning?

    /// An empty cache.
    package init() {}

    /// The sentence for `key`, built by `build` only when `key` differs from the last one.
    package mutating func reasoning(for key: Key, _ build: () throws -> Reasoning) rethrows -> Reasoning {
        if let cached, self.key == key { return cached }
        let reasoning = try build()
        self.key = key
        cached = reasoning
        return reasoning
    }
}
