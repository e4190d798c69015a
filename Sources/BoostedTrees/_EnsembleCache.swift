import Foundation

/// Forms of a `TreeEnsemble` derived for fast evaluation (the interleaved traversal or the
/// QuickScorer layout, the Fast TreeSHAP tables and base values), shared by copies of the ensemble. The
/// ensemble replaces its cache whenever one of the arrays they are derived from changes.
///
/// Each form is built once enough rows have used the ensemble to repay its cost, so a process
/// that predicts or explains a single row keeps the latency of the direct algorithms.
final class _EnsembleCache: @unchecked Sendable {
    /// A compiled form for single-row prediction.
    enum _Scorer {
        /// `_InterleavedTraversal`, the faster (about twice as fast as the QuickScorer on the
        /// 100-tree, 31-leaf benchmark model).
        case interleaved(_InterleavedTraversal)
        /// `_QuickScorer`, for ensembles too large for the interleaved layout's 16-bit indices.
        case quickScorer(_QuickScorer)
    }

    /// Rows predicted by traversal before the compiled form is built (its build costs about as
    /// much as 100 traversals).
    static let rowsBeforeScorer = 128
    /// Rows explained by the recursion before the Fast TreeSHAP tables are built (their build
    /// costs about as much as 30 recursions).
    static let rowsBeforeSHAPTables = 32

    private let lock = NSLock()
    private var predictedRows = 0
    private var scorerBuilt = false
    private var scorer: _Scorer?
    private var explainedRows = 0
    private var shapTables: _FastTreeSHAPTables?
    private var shapBasics: (treeExpectations: [Double], maximumDepth: Int)?

    /// What every `TreeSHAP` of `ensemble` starts from, computed on first use: each tree's
    /// expected output (the cover-weighted mean of its leaves; 0 for a tree without cover) and the
    /// deepest leaf (the workspace size). Explaining a row then costs no pass over every node.
    func treeSHAPBasics(for ensemble: TreeEnsemble) -> (treeExpectations: [Double], maximumDepth: Int) {
        lock.lock()
        defer { lock.unlock() }
        if let shapBasics { return shapBasics }
        let expectations = (0..<ensemble.treeCount).map { tree -> Double in
            let start = Int(ensemble.treeStarts[tree]), end = Int(ensemble.treeStarts[tree + 1])
            let rootCover = ensemble.cover[start]
            var total = 0.0
            for node in start..<end where ensemble.feature[node] < 0 { total += ensemble.value[node] * ensemble.cover[node] }
            return rootCover > 0 ? total / rootCover : 0
        }
        let basics = (expectations, ensemble.maximumDepth)
        shapBasics = basics
        return basics
    }

    /// Counts one predicted row and returns the compiled form of `ensemble` once built; `nil`:
    /// use the traversal (too few rows so far, or an ensemble neither form can hold).
    func scorer(for ensemble: TreeEnsemble) -> _Scorer? {
        lock.lock()
        defer { lock.unlock() }
        if !scorerBuilt {
            predictedRows += 1
            if predictedRows < Self.rowsBeforeScorer { return nil }
            scorer = _InterleavedTraversal(ensemble).map(_Scorer.interleaved) ?? _QuickScorer(ensemble).map(_Scorer.quickScorer)
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
