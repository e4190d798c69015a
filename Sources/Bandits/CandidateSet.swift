/// The candidates of one decision, in the action-dependent-features ("ADF") form.
///
/// Candidate `i` has a shared feature row `features[i * featureCount ..< (i + 1) * featureCount]`
/// (called `z` in Li et al. 2010), a stable arm identifier (per-arm models are keyed by it) and an
/// optional per-arm feature row of `armFeatureCount` values (`x` in the hybrid model).
public struct CandidateSet: Sendable, Equatable {
    /// Number of candidates `K`.
    public let count: Int
    /// Length `k` of each shared feature row.
    public let featureCount: Int
    /// Shared features, shape `[K, k]`, row-major.
    public var features: [Float]
    /// Stable identifier of each candidate's arm, length `K`.
    public var armIdentifiers: [Int]
    /// Length `m` of each per-arm feature row (0 when unused).
    public let armFeatureCount: Int
    /// Per-arm features, shape `[K, m]`, row-major.
    public var armFeatures: [Float]

    /// Creates a candidate set, checking every row length.
    /// - Throws: `BanditError.featureCountMismatch` naming the row.
    public init(features: [[Float]], armIdentifiers: [Int]? = nil, armFeatures: [[Float]]? = nil) throws {
        let k = features.first?.count ?? 0
        for (row, values) in features.enumerated() where values.count != k {
            throw BanditError.featureCountMismatch(what: "candidate \(row) features", expected: k, found: values.count)
        }
        let identifiers = armIdentifiers ?? Array(0..<features.count)
        guard identifiers.count == features.count else {
            throw BanditError.featureCountMismatch(what: "arm identifiers", expected: features.count, found: identifiers.count)
        }
        let m = armFeatures?.first?.count ?? 0
        if let armFeatures {
            guard armFeatures.count == features.count else {
                throw BanditError.featureCountMismatch(what: "arm feature rows", expected: features.count, found: armFeatures.count)
            }
            for (row, values) in armFeatures.enumerated() where values.count != m {
                throw BanditError.featureCountMismatch(what: "candidate \(row) arm features", expected: m, found: values.count)
            }
        }
        self.init(count: features.count, featureCount: k, features: features.flatMap { $0 },
                  armIdentifiers: identifiers, armFeatureCount: m, armFeatures: armFeatures?.flatMap { $0 } ?? [])
    }

    /// Creates a candidate set from flat row-major storage; counts are checked with `precondition`
    /// (for hot paths whose shapes are fixed by construction).
    public init(count: Int, featureCount: Int, features: [Float], armIdentifiers: [Int],
                armFeatureCount: Int = 0, armFeatures: [Float] = []) {
        precondition(features.count == count * featureCount && armIdentifiers.count == count
                     && armFeatures.count == count * armFeatureCount,
                     "CandidateSet: inconsistent sizes for \(count) candidates")
        self.count = count
        self.featureCount = featureCount
        self.features = features
        self.armIdentifiers = armIdentifiers
        self.armFeatureCount = armFeatureCount
        self.armFeatures = armFeatures
    }

    /// The shared feature row of candidate `index`.
    public func featureRow(_ index: Int) -> ArraySlice<Float> {
        features[index * featureCount ..< (index + 1) * featureCount]
    }

    /// The per-arm feature row of candidate `index` (empty when `armFeatureCount == 0`).
    public func armFeatureRow(_ index: Int) -> ArraySlice<Float> {
        armFeatures[index * armFeatureCount ..< (index + 1) * armFeatureCount]
    }
}
