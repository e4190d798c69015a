/// One regression tree as flat arrays (struct of arrays), node 0 the root.
///
/// Internal node `n` sends row `x` to `left[n]` when `x[feature[n]] <= threshold[n]`, to
/// `right[n]` when greater, and to the `defaultLeft[n]` side when the value is `NaN`. A
/// categorical node (`isCategorical[n]`) sends `x` left when `x[feature[n]] == threshold[n]`
/// (the category's code), right for every other value, unseen categories included, and `NaN`
/// to the `defaultLeft[n]` side. A leaf has
/// `feature[n] == -1` and `left[n] == right[n] == -1`; `value[n]` is its output (shrinkage
/// included). Internal nodes carry the output they would have as leaves.
public struct Tree: Sendable, Equatable {
    /// Split feature per node, -1 for leaves.
    public var feature: [Int32] = []
    /// Raw-value threshold per node (go left when `x <= threshold`).
    public var threshold: [Float] = []
    /// Left child per node, -1 for leaves.
    public var left: [Int32] = []
    /// Right child per node, -1 for leaves.
    public var right: [Int32] = []
    /// Output per node.
    public var value: [Double] = []
    /// Training rows that reached each node (the cover used by TreeSHAP).
    public var cover: [Double] = []
    /// Hessian sum of the training rows that reached each node.
    public var hessianSum: [Double] = []
    /// Missing-value direction per node.
    public var defaultLeft: [Bool] = []
    /// Split gain per node (0 for leaves).
    public var gain: [Double] = []
    /// Per node: the split is categorical, one category against the rest (`false` for leaves;
    /// empty means every split is numerical).
    public var isCategorical: [Bool] = []

    /// An empty tree; add nodes with `appendLeaf`.
    public init() {}

    /// Number of nodes.
    public var nodeCount: Int { feature.count }
    /// Number of leaves.
    public var leafCount: Int { feature.reduce(0) { $0 + ($1 < 0 ? 1 : 0) } }

    /// Appends a leaf and returns its index.
    @discardableResult
    public mutating func appendLeaf(value: Double, cover: Double, hessianSum: Double) -> Int {
        feature.append(-1); threshold.append(0); left.append(-1); right.append(-1)
        self.value.append(value); self.cover.append(cover); self.hessianSum.append(hessianSum)
        defaultLeft.append(true); gain.append(0); isCategorical.append(false)
        return feature.count - 1
    }

    /// Turns leaf `node` into a split whose children are `leftChild` and `rightChild`; a
    /// categorical split sends the category `threshold` left and every other value right.
    public mutating func split(node: Int, feature splitFeature: Int, threshold splitThreshold: Float, defaultLeft goesLeft: Bool,
                               gain splitGain: Double, leftChild: Int, rightChild: Int, isCategorical categorical: Bool = false) {
        feature[node] = Int32(splitFeature); threshold[node] = splitThreshold
        left[node] = Int32(leftChild); right[node] = Int32(rightChild)
        defaultLeft[node] = goesLeft; gain[node] = splitGain; isCategorical[node] = categorical
    }

    /// The leaf reached by `row` (raw feature values, `NaN` = missing).
    public func leaf(for row: UnsafeBufferPointer<Float>) -> Int {
        var node = 0
        while feature[node] >= 0 {
            // A tree whose arrays were set directly may have no categorical flags: numerical splits.
            let categorical = node < isCategorical.count && isCategorical[node]
            let goLeft = TreeEnsemble._goesLeft(row[Int(feature[node])], threshold: threshold[node],
                                                defaultLeft: defaultLeft[node], isCategorical: categorical)
            node = Int(goLeft ? left[node] : right[node])
        }
        return node
    }

    /// Depth of the deepest leaf (0 for a single leaf).
    public var maximumDepth: Int {
        var deepest = 0
        var stack: [(Int, Int)] = [(0, 0)]
        while let (node, depth) = stack.popLast() {
            if feature[node] < 0 { deepest = max(deepest, depth); continue }
            stack.append((Int(left[node]), depth + 1)); stack.append((Int(right[node]), depth + 1))
        }
        return deepest
    }
}
