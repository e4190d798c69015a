import Foundation

/// Forms of a `TreeEnsemble` derived for fast evaluation (the QuickScorer layout, the Fast
/// TreeSHAP tables), built on first use and shared by copies of the ensemble. The ensemble
/// replaces its cache whenever one of the arrays they are derived from changes.
final class _EnsembleCache: @unchecked Sendable {
    private let lock = NSLock()
    private var scorerBuilt = false
    private var scorer: _QuickScorer?
    private var shapTables: _FastTreeSHAPTables?

    /// The QuickScorer layout of `ensemble`, or `nil` when it cannot be built (see `_QuickScorer.init`).
    func scorer(for ensemble: TreeEnsemble) -> _QuickScorer? {
        lock.lock()
        defer { lock.unlock() }
        if !scorerBuilt {
            scorer = _QuickScorer(ensemble)
            scorerBuilt = true
        }
        return scorer
    }

    /// The Fast TreeSHAP tables of `ensemble`.
    func shapTables(for ensemble: TreeEnsemble) -> _FastTreeSHAPTables {
        lock.lock()
        defer { lock.unlock() }
        if let shapTables { return shapTables }
        let tables = _FastTreeSHAPTables(ensemble)
        shapTables = tables
        return tables
    }
}
