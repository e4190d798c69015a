import Foundation

/// Counts, in the current task, how often a user's state is replayed from her history and how
/// many feature rows are projected from it: what tests read to check that one forecast prepares
/// its day once ("prepare once, use many times"). Debug builds only (release builds neither
/// compile it nor call it); inactive (one task-local read) unless a test binds `current`.
#if DEBUG
final class _FeatureBuildCounter: @unchecked Sendable {
    /// What is counted.
    enum Kind: Hashable, Sendable {
        /// A `CycleDayState.Replay` of a history.
        case replay
        /// A boosted-trees row (`TabularFeatureBuilder.features(of:into:)`).
        case tabularRow
        /// An LSTM daily input (`DailyFeatureBuilder.features(of:into:)`).
        case dailyRow
    }

    /// The counter of the current task, if a test bound one.
    @TaskLocal static var current: _FeatureBuildCounter?

    private let lock = NSLock()
    private var counts: [Kind: Int] = [:]

    /// Adds one `kind` to the current task's counter, if any.
    static func record(_ kind: Kind) {
        guard let counter = current else { return }
        counter.lock.withLock { counter.counts[kind, default: 0] += 1 }
    }

    /// How many `kind` were counted.
    func count(_ kind: Kind) -> Int { lock.withLock { counts[kind, default: 0] } }
}
#endif
