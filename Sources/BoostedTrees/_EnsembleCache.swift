import Foundation

/// Forms of a `TreeEnsemble` derived for fast evaluation (the QuickScorer layout, the Fast
/// TreeSHAP tables), shared by copies of the ensemble. The ensemble replaces its cache whenever
/// one of the arrays they are derived from changes.
///
/// Each form is built once enough rows have used the ensemble to repay its cost, so a process
/// that predicts or explains a single row keeps the latency of the direct algorithms.
final class _EnsembleCache: @unchecked Sendable {
    /// Rows predicted by traversal before the QuickScorer layout is built (its build costs about
    /// as much as 100 traversals).
    static let rowsBeforeScorer = 128
    /// Rows explained by the recursion before the Fast TreeSHAP tables are built (their build
    /// costs about as much as 30 recursions).
    static let rowsBeforeSHAPTables = 32

    private let lock = NSLock()
    private var predictedRows = 0
    private var scorerBuilt = false
    private var scorer: _QuickScorer?
    private var explainedRows = 0
    private var shapTables: _FastTreeSHAPTables?

    /// Counts one predicted row and returns the QuickScorer layout of `ensemble` once built;
    /// `nil`: use the traversal (too few rows so far, or a layout `_QuickScorer` cannot hold).
    func scorer(for ensemble: TreeEnsemble) -> _QuickScorer? {
        lock.lock()
        defer { lock.unlock() }
        if !scorerBuilt {
            predictedRows += 1
            if predictedRows < Self.rowsBeforeScorer { return nil }
            scorer = _QuickScorer(ensemble)
            scorerBuilt = true
        }
        return scorer
    }

    /// Counts `rows` explained rows and returns the Fast TreeSHAP tables of `ensemble` once
    /// built (`nil`: too few rows so far).
    func shapTables(for ensemble: TreeEnsemble, rows: Int) -> _FastTreeSHAPTables? {
        lock.lock()
        defer { lock.unlock() }
        if let shapTables { return shapTables }
        explainedRows += min(rows, Self.rowsBeforeSHAPTables)
        if explainedRows < Self.rowsBeforeSHAPTables { return nil }
        let tables = _FastTreeSHAPTables(ensemble)
        shapTables = tables
        return tables
    }
}
