/// QuickScorer (Lucchese et al., SIGIR 2015): a tree ensemble evaluated feature by feature
/// instead of tree by tree, so single-row prediction has no data-dependent branches per node.
///
/// Each tree's leaves are numbered left to right and a row keeps one bit per leaf (`1` =
/// still reachable). A split node is "false" for a row when the row goes right; then every
/// leaf of its left subtree is unreachable, and ANDing the node's mask (zeros on those
/// leaves) into the tree's bits removes them. After every false node of every tree has been
/// applied, the lowest set bit of each tree is the leaf the classic traversal reaches.
///
/// The split nodes of each feature are sorted by threshold, so for a non-missing `x` the false
/// nodes (`threshold < x`) are a prefix of that list, found by one forward scan that stops at
/// the first `threshold >= x` (or at the list's `NaN` sentinel). A missing `x` applies the nodes
/// whose missing direction is right. Trees are processed in blocks of `blockSize` so the bits
/// fit a 1 KiB stack buffer; leaf values are added in tree order, so the sums are bit-identical
/// to the classic traversal.
final class _QuickScorer: Sendable {
    struct _Entry {
        var threshold: Float
        var tree: UInt32
        var mask: UInt64
    }

    /// Trees per block: 128 bitvectors of 8 bytes.
    static let blockSize = 128

    /// Per block, per feature: split nodes by increasing threshold, then a `NaN` sentinel.
    let entries: [_Entry]
    /// Per entry: the node sends missing values right.
    let missingGoesRight: [Bool]
    /// Start of each (block, feature) list in `entries`, `blockCount × featureCount + 1` values.
    let listStarts: [Int32]
    /// Leaf values of every tree, left to right.
    let leafValues: [Double]
    /// First leaf of each tree in `leafValues`.
    let leafStarts: [Int32]
    /// Features read (the largest split feature + 1).
    let featureCount: Int
    let treeCount: Int

    /// Compiles `ensemble`; `nil` when a tree has more than 64 leaves, a threshold is `NaN`, a
    /// split is categorical or the child indices do not form trees (the classic traversal
    /// handles those).
    init?(_ ensemble: TreeEnsemble) {
        guard !ensemble.hasCategoricalSplits else { return nil }
        let trees = ensemble.treeCount
        var maximumFeature = -1
        for split in ensemble.feature where split >= 0 { maximumFeature = max(maximumFeature, Int(split)) }
        for (index, split) in ensemble.feature.enumerated() where split >= 0 && ensemble.threshold[index].isNaN { return nil }
        let features = maximumFeature + 1
        let blocks = (trees + Self.blockSize - 1) / Self.blockSize
        // Per (block, feature): (threshold, tree in block, mask, missing goes right).
        var lists = [[(Float, UInt32, UInt64, Bool)]](repeating: [], count: blocks * features)
        var leafValues: [Double] = [], leafStarts: [Int32] = []
        leafValues.reserveCapacity(ensemble.feature.count)
        for tree in 0..<trees {
            let base = Int(ensemble.treeStarts[tree]), size = Int(ensemble.treeStarts[tree + 1]) - base
            leafStarts.append(Int32(leafValues.count))
            let firstLeaf = leafValues.count
            // Depth-first, left subtree first; a split node is revisited (`leftDone`) once its
            // left subtree's leaves are numbered. Revisiting a node means the indices do not form a tree.
            var seen = [Bool](repeating: false, count: size)
            var stack: [(node: Int, leftDone: Bool)] = [(0, false)]
            var leftEnd = [Int](repeating: -1, count: size)   // per split node: first leaf after its left subtree
            while let (node, leftDone) = stack.popLast() {
                guard node >= 0, node < size else { return nil }
                if leftDone {
                    leftEnd[node] = leafValues.count - firstLeaf
                    continue
                }
                guard !seen[node] else { return nil }
                seen[node] = true
                if ensemble.feature[base + node] < 0 {
                    leafValues.append(ensemble.value[base + node])
                    guard leafValues.count - firstLeaf <= 64 else { return nil }
                    continue
                }
                stack.append((Int(ensemble.right[base + node]), false))
                stack.append((node, true))
                stack.append((Int(ensemble.left[base + node]), false))
            }
            // Second pass for the masks: the left subtree of a node spans firstLeafOf(node) ..< leftEnd[node].
            var starts: [(node: Int, firstLeaf: Int)] = [(0, 0)]
            while let (node, first) = starts.popLast() {
                let split = ensemble.feature[base + node]
                if split < 0 { continue }
                let end = leftEnd[node]
                let leftBits: UInt64 = end - first >= 64 ? .max : ((1 << UInt64(end - first)) - 1) << UInt64(first)
                lists[(tree / Self.blockSize) * features + Int(split)].append(
                    (ensemble.threshold[base + node], UInt32(tree % Self.blockSize), ~leftBits, !ensemble.defaultLeft[base + node]))
                starts.append((Int(ensemble.left[base + node]), first))
                starts.append((Int(ensemble.right[base + node]), end))
            }
        }
        var entries: [_Entry] = [], missing: [Bool] = [], listStarts: [Int32] = []
        for list in lists {
            listStarts.append(Int32(entries.count))
            for (threshold, tree, mask, right) in list.sorted(by: { $0.0 < $1.0 }) {
                entries.append(_Entry(threshold: threshold, tree: tree, mask: mask))
                missing.append(right)
            }
            entries.append(_Entry(threshold: .nan, tree: 0, mask: .max))
            missing.append(false)
        }
        listStarts.append(Int32(entries.count))
        self.entries = entries
        self.missingGoesRight = missing
        self.listStarts = listStarts
        self.leafValues = leafValues
        self.leafStarts = leafStarts
        self.featureCount = features
        self.treeCount = trees
    }

    /// Adds every tree's leaf value for `row` to `scores[t % classCount]`. Allocates nothing.
    func accumulate(row: UnsafePointer<Float>, into scores: UnsafeMutablePointer<Double>, classCount: Int) {
        entries.withUnsafeBufferPointer { entries in
        missingGoesRight.withUnsafeBufferPointer { missing in
        listStarts.withUnsafeBufferPointer { listStarts in
        leafValues.withUnsafeBufferPointer { leafValues in
        leafStarts.withUnsafeBufferPointer { leafStarts in
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: Self.blockSize) { bits in
            let entry = entries.baseAddress!, values = leafValues.baseAddress!, bit = bits.baseAddress!
            var classIndex = 0
            var first = 0
            var list = 0
            while first < treeCount {
                let count = min(Self.blockSize, treeCount - first)
                for tree in 0..<count { bit[tree] = .max }
                for feature in 0..<featureCount {
                    let x = row[feature]
                    var index = Int(listStarts[list])
                    if x.isNaN {
                        let end = Int(listStarts[list + 1]) - 1
                        while index < end {
                            if missing[index] { bit[Int(entry[index].tree)] &= entry[index].mask }
                            index += 1
                        }
                    } else {
                        while entry[index].threshold < x {
                            bit[Int(entry[index].tree)] &= entry[index].mask
                            index += 1
                        }
                    }
                    list += 1
                }
                if classCount == 1 {
                    // One accumulator in a register (same additions in the same order).
                    var total = scores[0]
                    for tree in 0..<count { total += values[Int(leafStarts[first + tree]) + bit[tree].trailingZeroBitCount] }
                    scores[0] = total
                } else {
                    for tree in 0..<count {
                        scores[classIndex] += values[Int(leafStarts[first + tree]) + bit[tree].trailingZeroBitCount]
                        classIndex += 1
                        if classIndex == classCount { classIndex = 0 }
                    }
                }
                first += count
            }
        }}}}}}
    }
}
