/// Many trees in one set of flat arrays (struct of arrays), the form used for prediction,
/// TreeSHAP and serialisation.
///
/// Tree `t` owns nodes `treeStarts[t] ..< treeStarts[t + 1]`; `left`/`right` are indices
/// relative to the tree's first node (-1 for leaves, whose `feature` is -1). A row goes left at
/// node `n` when `x[feature[n]] <= threshold[n]` (categorical nodes: `x[feature[n]] ==
/// threshold[n]`), or, when the value is `NaN`, when `defaultLeft[n]`. Trees are grouped by
/// iteration: tree `t` adds to class `t % classCount`.
public struct TreeEnsemble: Sendable, Equatable {
    /// First node of each tree, plus the total node count at the end (`treeCount + 1` entries).
    public var treeStarts: [Int32] { didSet { _cache = _EnsembleCache() } }
    /// Split feature per node, -1 for leaves.
    public var feature: [Int32] { didSet { _cache = _EnsembleCache() } }
    /// Raw-value threshold per node.
    public var threshold: [Float] { didSet { _cache = _EnsembleCache() } }
    /// Left child (tree-relative) per node, -1 for leaves.
    public var left: [Int32] { didSet { _cache = _EnsembleCache() } }
    /// Right child (tree-relative) per node, -1 for leaves.
    public var right: [Int32] { didSet { _cache = _EnsembleCache() } }
    /// Output per node (leaves: the tree's contribution; internal nodes: their would-be output).
    public var value: [Double] { didSet { _cache = _EnsembleCache() } }
    /// Training rows per node.
    public var cover: [Double] { didSet { _cache = _EnsembleCache() } }
    /// Missing-value direction per node.
    public var defaultLeft: [Bool] { didSet { _cache = _EnsembleCache() } }
    /// Per node: a categorical split (one category left, every other value right).
    public var isCategorical: [Bool] { didSet { _cache = _EnsembleCache() } }
    /// Hessian sum per node (kept for exporting).
    public var hessianSum: [Double]
    /// Split gain per node (0 for leaves).
    public var gain: [Double]
    /// Derived evaluation layouts, rebuilt after any change to the arrays above.
    var _cache = _EnsembleCache()

    /// An empty ensemble.
    public init() {
        treeStarts = [0]; feature = []; threshold = []; left = []; right = []
        value = []; cover = []; defaultLeft = []; isCategorical = []; hessianSum = []; gain = []
    }

    /// Builds an ensemble from its arrays; throws when lengths or child indices disagree.
    /// `isCategorical` defaults to all-numerical splits.
    public init(treeStarts: [Int32], feature: [Int32], threshold: [Float], left: [Int32], right: [Int32],
                value: [Double], cover: [Double], defaultLeft: [Bool],
                hessianSum: [Double]? = nil, gain: [Double]? = nil, isCategorical: [Bool]? = nil) throws {
        let nodes = feature.count
        for (name, count) in [("threshold", threshold.count), ("left", left.count), ("right", right.count),
                              ("value", value.count), ("cover", cover.count), ("defaultLeft", defaultLeft.count),
                              ("hessianSum", hessianSum?.count ?? nodes), ("gain", gain?.count ?? nodes),
                              ("isCategorical", isCategorical?.count ?? nodes)] where count != nodes {
            throw BoostedTreesError.shapeMismatch(what: "TreeEnsemble.\(name)", expected: nodes, found: count)
        }
        guard let first = treeStarts.first, first == 0, Int(treeStarts.last!) == nodes,
              zip(treeStarts, treeStarts.dropFirst()).allSatisfy({ $0 < $1 }) else {
            throw BoostedTreesError.shapeMismatch(what: "TreeEnsemble.treeStarts (0, increasing, ending at the node count)",
                                                  expected: nodes, found: Int(treeStarts.last ?? -1))
        }
        for tree in 0..<(treeStarts.count - 1) {
            let start = Int(treeStarts[tree]), size = Int(treeStarts[tree + 1]) - start
            for node in start..<(start + size) where feature[node] >= 0 {
                if left[node] <= 0 || right[node] <= 0 || left[node] >= size || right[node] >= size {
                    throw BoostedTreesError.shapeMismatch(what: "TreeEnsemble tree \(tree) node \(node - start) child index",
                                                          expected: size - 1, found: Int(max(left[node], right[node])))
                }
            }
        }
        self.treeStarts = treeStarts; self.feature = feature; self.threshold = threshold
        self.left = left; self.right = right; self.value = value; self.cover = cover
        self.defaultLeft = defaultLeft
        self.isCategorical = isCategorical ?? [Bool](repeating: false, count: nodes)
        self.hessianSum = hessianSum ?? [Double](repeating: 0, count: nodes)
        self.gain = gain ?? [Double](repeating: 0, count: nodes)
    }

    public static func == (lhs: TreeEnsemble, rhs: TreeEnsemble) -> Bool {
        lhs.treeStarts == rhs.treeStarts && lhs.feature == rhs.feature && lhs.threshold == rhs.threshold
            && lhs.left == rhs.left && lhs.right == rhs.right && lhs.value == rhs.value && lhs.cover == rhs.cover
            && lhs.defaultLeft == rhs.defaultLeft && lhs.isCategorical == rhs.isCategorical
            && lhs.hessianSum == rhs.hessianSum && lhs.gain == rhs.gain
    }

    /// Number of trees.
    public var treeCount: Int { treeStarts.count - 1 }

    /// Appends `tree`.
    public mutating func append(_ tree: Tree) {
        feature += tree.feature; threshold += tree.threshold; left += tree.left; right += tree.right
        value += tree.value; cover += tree.cover; defaultLeft += tree.defaultLeft
        isCategorical += tree.isCategorical.count == tree.nodeCount ? tree.isCategorical
            : [Bool](repeating: false, count: tree.nodeCount)
        hessianSum += tree.hessianSum; gain += tree.gain
        treeStarts.append(Int32(feature.count))
    }

    /// Tree `index` as a standalone `Tree`.
    public func tree(_ index: Int) -> Tree {
        let range = Int(treeStarts[index])..<Int(treeStarts[index + 1])
        var tree = Tree()
        tree.feature = Array(feature[range]); tree.threshold = Array(threshold[range])
        tree.left = Array(left[range]); tree.right = Array(right[range]); tree.value = Array(value[range])
        tree.cover = Array(cover[range]); tree.defaultLeft = Array(defaultLeft[range])
        tree.isCategorical = Array(isCategorical[range])
        tree.hessianSum = Array(hessianSum[range]); tree.gain = Array(gain[range])
        return tree
    }

    /// The first `count` trees.
    public func prefix(trees count: Int) -> TreeEnsemble {
        var copy = self
        let nodes = Int(treeStarts[count])
        copy.treeStarts = Array(treeStarts[...count])
        copy.feature = Array(feature[..<nodes]); copy.threshold = Array(threshold[..<nodes])
        copy.left = Array(left[..<nodes]); copy.right = Array(right[..<nodes]); copy.value = Array(value[..<nodes])
        copy.cover = Array(cover[..<nodes]); copy.defaultLeft = Array(defaultLeft[..<nodes])
        copy.isCategorical = Array(isCategorical[..<nodes])
        copy.hessianSum = Array(hessianSum[..<nodes]); copy.gain = Array(gain[..<nodes])
        return copy
    }

    /// Adds every tree's leaf value for `row` to `scores[t % classCount]`. Allocates nothing.
    ///
    /// Once enough rows have been predicted, uses a compiled form (`_InterleavedTraversal`, or
    /// `_QuickScorer` for ensembles too large for it; see `_EnsembleCache`); the sums are
    /// bit-identical to the node-by-node traversal `_accumulateByTraversal`.
    /// - Parameters:
    ///   - row: raw feature values (`NaN` = missing), at least as many as the largest feature index + 1.
    ///   - scores: `classCount` accumulators.
    public func accumulate(row: UnsafePointer<Float>, into scores: UnsafeMutablePointer<Double>, classCount: Int) {
        switch _cache.scorer(for: self) {
        case let .interleaved(scorer)?:
            scorer.accumulate(row: row, into: scores, classCount: classCount)
        case let .quickScorer(scorer)?:
            scorer.accumulate(row: row, into: scores, classCount: classCount)
        case nil:
            _accumulateByTraversal(row: row, into: scores, classCount: classCount)
        }
    }

    /// `accumulate` walking each tree from its root (the reference for the compiled forms).
    func _accumulateByTraversal(row: UnsafePointer<Float>, into scores: UnsafeMutablePointer<Double>, classCount: Int) {
        treeStarts.withUnsafeBufferPointer { starts in
        feature.withUnsafeBufferPointer { feature in
        threshold.withUnsafeBufferPointer { threshold in
        left.withUnsafeBufferPointer { left in
        right.withUnsafeBufferPointer { right in
        defaultLeft.withUnsafeBufferPointer { defaultLeft in
        isCategorical.withUnsafeBufferPointer { isCategorical in
        value.withUnsafeBufferPointer { value in
            let f = feature.baseAddress!, t = threshold.baseAddress!, l = left.baseAddress!, r = right.baseAddress!
            let d = defaultLeft.baseAddress!, c = isCategorical.baseAddress!, v = value.baseAddress!
            var classIndex = 0
            for tree in 0..<(starts.count - 1) {
                let base = Int(starts[tree])
                var node = base
                var split = f[node]
                while split >= 0 {
                    let goLeft = Self._goesLeft(row[Int(split)], threshold: t[node], defaultLeft: d[node], isCategorical: c[node])
                    node = base + Int(goLeft ? l[node] : r[node])
                    split = f[node]
                }
                scores[classIndex] += v[node]
                classIndex += 1
                if classIndex == classCount { classIndex = 0 }
            }
        }}}}}}}}
    }

    /// The decision of a split on value `x`: missing values follow `defaultLeft`; otherwise
    /// `x <= threshold`, or `x == threshold` for a categorical split.
    @inline(__always)
    static func _goesLeft(_ x: Float, threshold: Float, defaultLeft: Bool, isCategorical: Bool) -> Bool {
        if x.isNaN { return defaultLeft }
        return isCategorical ? x == threshold : x <= threshold
    }

    /// `true` when some split is categorical.
    public var hasCategoricalSplits: Bool { isCategorical.contains(true) }

    /// Depth of the deepest leaf over all trees (walks the arrays; builds no `Tree`).
    public var maximumDepth: Int {
        var deepest = 0
        var stack: [(node: Int, depth: Int)] = []
        for tree in 0..<treeCount {
            let base = Int(treeStarts[tree])
            stack.append((0, 0))
            while let (node, depth) = stack.popLast() {
                let index = base + node
                if feature[index] < 0 { deepest = max(deepest, depth); continue }
                stack.append((Int(left[index]), depth + 1))
                stack.append((Int(right[index]), depth + 1))
            }
        }
        return deepest
    }
}
