/// All nodes of all trees of an ensemble, as parallel arrays (struct of arrays).
///
/// Node `i` is a leaf when `feature[i] == -1`; then `left[i] == right[i] == -1` and `value[i]` is
/// its output. Otherwise it sends a sample to `left[i]` when `x[feature[i]] <= threshold[i]`, to
/// `right[i]` when greater, and to `left[i]` (when `defaultLeft[i] == 1`) or `right[i]` (when 0)
/// when the value is missing (NaN). A categorical split (`categorical[i] == 1`) sends a sample left
/// when `x[feature[i]] == threshold` (a category code), right for any other value, and missing
/// values by `defaultLeft[i]`. Child indices are absolute and always greater than the parent's
/// index, so walking a tree always terminates; `treeStarts[t]` is the root of tree `t`.
/// Every per-node array has `nodeCount` elements; `treeStarts` has `treeCount`.
package struct TreeEnsembleSection: Sendable, Equatable {
    /// Index of each tree's root node; shape `[treeCount]`.
    package var treeStarts: [Int32]
    /// Split feature (column index) per node, `-1` for a leaf; shape `[nodeCount]`.
    package var feature: [Int32]
    /// Split threshold per node: go left when `x <= threshold`; shape `[nodeCount]`.
    package var threshold: [Float]
    /// Left child (absolute node index), `-1` for a leaf; shape `[nodeCount]`.
    package var left: [Int32]
    /// Right child (absolute node index), `-1` for a leaf; shape `[nodeCount]`.
    package var right: [Int32]
    /// Leaf value; internal nodes may hold the node's mean value; shape `[nodeCount]`.
    package var value: [Float]
    /// Node weight (hessian sum or sample count), needed by TreeSHAP; shape `[nodeCount]`.
    package var cover: [Float]
    /// `1` when a missing value goes left, `0` when it goes right; shape `[nodeCount]`.
    package var defaultLeft: [UInt8]
    /// `1` for a categorical (one-vs-rest, `x == threshold`) split, `0` otherwise; shape `[nodeCount]`.
    /// Only the compact layout stores categorical splits.
    package var categorical: [UInt8]

    /// An ensemble from its arrays (`categorical` defaults to all-numerical splits); the structure
    /// is checked when the file is encoded (see `validate(name:)`).
    package init(treeStarts: [Int32], feature: [Int32], threshold: [Float], left: [Int32], right: [Int32],
                value: [Float], cover: [Float], defaultLeft: [UInt8], categorical: [UInt8]? = nil) {
        self.treeStarts = treeStarts
        self.feature = feature
        self.threshold = threshold
        self.left = left
        self.right = right
        self.value = value
        self.cover = cover
        self.defaultLeft = defaultLeft
        self.categorical = categorical ?? [UInt8](repeating: 0, count: feature.count)
    }

    /// An ensemble with no trees.
    package init() {
        self.init(treeStarts: [], feature: [], threshold: [], left: [], right: [], value: [], cover: [], defaultLeft: [])
    }

    /// Number of trees.
    package var treeCount: Int { treeStarts.count }
    /// Number of nodes over all trees.
    package var nodeCount: Int { feature.count }
    /// Whether any split is categorical.
    package var hasCategoricalSplits: Bool { categorical.contains(1) }

    /// Checks array lengths and the structural rules in the type's documentation.
    /// - Throws: `ModelFileError.shapeMismatch` for arrays of the wrong length,
    ///   `ModelFileError.malformedSection` for a rule that does not hold (with the node index).
    package func validate(name: String) throws {
        let nodeCount = feature.count
        let arrays: [(String, Int)] = [("threshold", threshold.count), ("left", left.count), ("right", right.count),
                                       ("value", value.count), ("cover", cover.count), ("defaultLeft", defaultLeft.count),
                                       ("categorical", categorical.count)]
        for (arrayName, count) in arrays where count != nodeCount {
            throw ModelFileError.shapeMismatch(section: name,
                                               detail: "'\(arrayName)' has \(count) elements, 'feature' has \(nodeCount)")
        }
        guard nodeCount <= Int(Int32.max) else {
            throw ModelFileError.malformedSection(section: name, reason: "\(nodeCount) nodes exceed the Int32 index range")
        }
        for (tree, root) in treeStarts.enumerated() where root < 0 || Int(root) >= nodeCount {
            throw ModelFileError.malformedSection(section: name,
                                                  reason: "tree \(tree) starts at node \(root), outside 0..<\(nodeCount)")
        }
        for node in 0..<nodeCount {
            let split = feature[node]
            let leftChild = left[node]
            let rightChild = right[node]
            if split == -1 {
                guard leftChild == -1, rightChild == -1 else {
                    throw ModelFileError.malformedSection(section: name,
                                                          reason: "leaf node \(node) has children \(leftChild), \(rightChild); expected -1, -1")
                }
            } else {
                guard split >= 0 else {
                    throw ModelFileError.malformedSection(section: name,
                                                          reason: "node \(node) splits on feature \(split); expected -1 (leaf) or >= 0")
                }
                let leftIsValid = Int(leftChild) > node && Int(leftChild) < nodeCount
                guard leftIsValid, Int(rightChild) > node, Int(rightChild) < nodeCount else {
                    throw ModelFileError.malformedSection(section: name,
                                                          reason: "node \(node) has child \(leftIsValid ? rightChild : leftChild); children must lie in \(node + 1)..<\(nodeCount)")
                }
                guard !threshold[node].isNaN else {
                    throw ModelFileError.malformedSection(section: name, reason: "node \(node) has a NaN threshold")
                }
            }
            guard categorical[node] <= 1, categorical[node] == 0 || split >= 0 else {
                throw ModelFileError.malformedSection(section: name,
                                                      reason: "node \(node) has categorical \(categorical[node]); expected 0 or 1, and 0 for a leaf")
            }
            guard defaultLeft[node] <= 1 else {
                throw ModelFileError.malformedSection(section: name,
                                                      reason: "node \(node) has defaultLeft \(defaultLeft[node]); expected 0 or 1")
            }
        }
    }
}
