import BoostedTrees

/// The GEMM form of a tree ensemble (Hummingbird's "GEMM" strategy), one block per tree, every
/// tree padded to the same number of internal nodes `I` and leaves `L` (at least 1 each).
///
/// Internal node `i` of tree `t` (in node order) splits on `featureIndex[t·I + i]` at
/// `thresholds[t·I + i]`; `paths[(t·I + i)·L + l]` is +1 when leaf `l` (in node order) lies under
/// its left child, −1 under its right child, 0 otherwise; `leftTurns[t·L + l]` counts the left
/// children on the way to leaf `l`. Padding nodes have all-zero paths; padding leaves have
/// `leftTurns = -1`, which no sum of ±1 reaches, so they are never selected.
struct _TreeMatrices {
    var treeCount: Int
    var nodesPerTree: Int
    var leavesPerTree: Int
    var featureIndex: [Int32]
    var thresholds: [Float]
    var defaultLeft: [Bool]
    var paths: [Float]
    var leftTurns: [Float]
    var leafValues: [Float]

    /// `(T, I, L)` of `ensemble`'s GEMM form, without building it.
    static func dimensions(of ensemble: TreeEnsemble) -> (trees: Int, nodes: Int, leaves: Int) {
        var nodes = 1, leaves = 1
        for tree in 0..<ensemble.treeCount {
            let range = Int(ensemble.treeStarts[tree])..<Int(ensemble.treeStarts[tree + 1])
            let splits = range.filter { ensemble.feature[$0] >= 0 }.count
            nodes = max(nodes, splits)
            leaves = max(leaves, range.count - splits)
        }
        return (ensemble.treeCount, nodes, leaves)
    }

    init(_ ensemble: TreeEnsemble) {
        (treeCount, nodesPerTree, leavesPerTree) = _TreeMatrices.dimensions(of: ensemble)
        var internalNodes: [[Int]] = [], leafNodes: [[Int]] = []
        for tree in 0..<treeCount {
            let range = Int(ensemble.treeStarts[tree])..<Int(ensemble.treeStarts[tree + 1])
            internalNodes.append(range.filter { ensemble.feature[$0] >= 0 }.map { $0 - range.lowerBound })
            leafNodes.append(range.filter { ensemble.feature[$0] < 0 }.map { $0 - range.lowerBound })
        }
        let (nodes, leaves) = (nodesPerTree, leavesPerTree)
        featureIndex = [Int32](repeating: 0, count: treeCount * nodes)
        thresholds = [Float](repeating: 0, count: treeCount * nodes)
        defaultLeft = [Bool](repeating: false, count: treeCount * nodes)
        paths = [Float](repeating: 0, count: treeCount * nodes * leaves)
        leftTurns = [Float](repeating: -1, count: treeCount * leaves)
        leafValues = [Float](repeating: 0, count: treeCount * leaves)
        for tree in 0..<treeCount {
            let start = Int(ensemble.treeStarts[tree])
            let nodeColumn = Dictionary(uniqueKeysWithValues: internalNodes[tree].enumerated().map { ($1, $0) })
            let leafColumn = Dictionary(uniqueKeysWithValues: leafNodes[tree].enumerated().map { ($1, $0) })
            for (column, node) in internalNodes[tree].enumerated() {
                featureIndex[tree * nodes + column] = ensemble.feature[start + node]
                thresholds[tree * nodes + column] = ensemble.threshold[start + node]
                defaultLeft[tree * nodes + column] = ensemble.defaultLeft[start + node]
            }
            // Depth-first walk carrying the (node column, went left) pairs of the current path.
            var stack: [(node: Int, path: [(Int, Bool)])] = [(0, [])]
            while let (node, path) = stack.popLast() {
                if ensemble.feature[start + node] >= 0 {
                    let column = nodeColumn[node]!
                    stack.append((Int(ensemble.right[start + node]), path + [(column, false)]))
                    stack.append((Int(ensemble.left[start + node]), path + [(column, true)]))
                } else {
                    let leaf = leafColumn[node]!
                    for (column, wentLeft) in path {
                        paths[(tree * nodes + column) * leaves + leaf] = wentLeft ? 1 : -1
                    }
                    leftTurns[tree * leaves + leaf] = Float(path.filter(\.1).count)
                    leafValues[tree * leaves + leaf] = Float(ensemble.value[start + node])
                }
            }
        }
    }

    /// The `[classCount, T·L]` weights that add each reached leaf's value to its tree's class
    /// (tree `t` adds to class `t % classCount`).
    func classWeights(classCount: Int) -> [Float] {
        var weights = [Float](repeating: 0, count: classCount * treeCount * leavesPerTree)
        for tree in 0..<treeCount {
            for leaf in 0..<leavesPerTree {
                weights[(tree % classCount) * treeCount * leavesPerTree + tree * leavesPerTree + leaf] = leafValues[tree * leavesPerTree + leaf]
            }
        }
        return weights
    }
}
