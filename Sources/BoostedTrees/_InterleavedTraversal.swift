/// Single-row evaluation that walks `laneCount` trees at once, without data-dependent branches.
///
/// Trees are dealt to the lanes so that the lanes' expected walks (cover-weighted path lengths)
/// are about equally long, each lane walking its trees one after the other in tree order.
/// Nodes are laid out breadth-first per tree with the two children of a split adjacent (left
/// first), so a step is `node = child + (goesRight ? 1 : 0)`. A leaf's node is a copy of the
/// root split of the lane's next tree (the "exit" of the leaf; after a lane's last tree, a node
/// leading to the sink, node 0, which leads to itself), so a lane runs through its trees
/// without testing for leaves, and the lanes' chains of dependent loads overlap in the
/// processor. Every step stores the node's index in the slot it reads its key from: the exit of
/// tree `t` reads slot `t` of the exit slots, which holds a copy of the lane's next tree's root
/// key, so once every lane has reached the sink the exit slots hold the exit of every tree in
/// tree order, whose leaf values are added in that order: the sums are bit-identical to
/// `TreeEnsemble._accumulateByTraversal`. (A split's slot is its feature's row key, overwritten
/// harmlessly.)
///
/// Comparisons are on unsigned row keys that order like the `Float` values (`-0` equal to
/// `+0`): each feature has two keys per row, one where `NaN` sorts below everything (read by
/// splits that send missing values left) and one where it sorts above (splits that send them
/// right). A `NaN` threshold becomes the lowest key, so only missing values sent left go left,
/// as in the classic traversal. A categorical split reads a key of its own per row: 0 when
/// the value is its category (or missing and sent left), 1 otherwise, against threshold 0.
///
/// Nodes are 8 bytes (threshold key, slot, child), so `_InterleavedTraversal` holds ensembles
/// of fewer than 65,535 nodes whose features and trees fit 16-bit slots; `init` returns `nil`
/// for the others. On the 100-tree, 31-leaf benchmark model it evaluates a row in about half
/// the QuickScorer's time.
final class _InterleavedTraversal: Sendable {
    /// Lanes walked at once.
    static let laneCount = 8

    /// Per node: slot (bits 0–15), child (16–31), threshold key (32–63).
    let nodes: [UInt64]
    /// Per node: the value of the leaf whose exit it is (0 for the others).
    let values: [Double]
    /// First node of each lane (0, the sink, for lanes without trees).
    let laneRoots: [UInt16]
    /// Per tree: the row key its exit compares (the root key of the lane's next tree, or the
    /// sink's), copied to the tree's exit slot every row.
    let exitKeySources: [UInt16]
    /// Per distinct categorical test (feature, category, missing direction): the feature.
    let categoricalFeatures: [Int32]
    /// Per categorical test: the category.
    let categories: [Float]
    /// Per categorical test: missing values go left.
    let categoricalMissingLeft: [Bool]
    /// Features read (the largest split feature + 1).
    let featureCount: Int
    let treeCount: Int

    /// Slots: two row keys per feature, one per categorical test, the sink's, one per tree (its
    /// exit slot).
    var slotCount: Int { sinkSlot + 1 + treeCount }
    /// The sink's slot, after the row keys.
    var sinkSlot: Int { 2 * featureCount + categories.count }

    /// Compiles `ensemble`; `nil` when it is too large for 16-bit indices or its child
    /// indices do not form trees.
    init?(_ ensemble: TreeEnsemble) {
        let trees = ensemble.treeCount, lanes = Self.laneCount
        var maximumFeature = -1
        for split in ensemble.feature where split >= 0 { maximumFeature = max(maximumFeature, Int(split)) }
        let features = maximumFeature + 1
        // One key per distinct categorical test.
        var tests: [Int32] = [], categories: [Float] = [], missingLeft: [Bool] = []
        struct Test: Hashable { var feature: Int32, category: UInt32, missingLeft: Bool }
        var testIndex: [Int: Int] = [:]   // node -> test
        var seenTests: [Test: Int] = [:]
        for node in ensemble.isCategorical.indices where ensemble.isCategorical[node] && ensemble.feature[node] >= 0 {
            let name = Test(feature: ensemble.feature[node], category: (ensemble.threshold[node] + 0).bitPattern,
                            missingLeft: ensemble.defaultLeft[node])
            if let known = seenTests[name] { testIndex[node] = known; continue }
            seenTests[name] = tests.count
            testIndex[node] = tests.count
            tests.append(ensemble.feature[node]); categories.append(ensemble.threshold[node])
            missingLeft.append(ensemble.defaultLeft[node])
        }
        let sinkSlot = 2 * features + tests.count
        /// The row key a split reads and the threshold key it compares with.
        func test(_ node: Int) -> (key: Int, threshold: UInt32) {
            if let categorical = testIndex[node] { return (2 * features + categorical, 0) }
            return (2 * Int(ensemble.feature[node]) + (ensemble.defaultLeft[node] ? 0 : 1), Self.thresholdKey(ensemble.threshold[node]))
        }
        func exitSlot(_ tree: Int) -> Int { sinkSlot + 1 + tree }
        guard ensemble.feature.count < Int(UInt16.max), exitSlot(trees) <= Int(UInt16.max) else { return nil }
        // Breadth-first order of each tree (checks that the indices form trees).
        var order: [[Int]] = []
        for tree in 0..<trees {
            let base = Int(ensemble.treeStarts[tree]), size = Int(ensemble.treeStarts[tree + 1]) - base
            var queue = [0], seen = [Bool](repeating: false, count: size), head = 0
            seen[0] = true
            while head < queue.count {
                let source = base + queue[head]
                if ensemble.feature[source] >= 0 {
                    for child in [Int(ensemble.left[source]), Int(ensemble.right[source])] {
                        guard child > 0, child < size, !seen[child] else { return nil }
                        seen[child] = true
                        queue.append(child)
                    }
                }
                head += 1
            }
            order.append(queue)
        }
        // Deal the trees to the lanes, longest expected walk first, each to the lane with the
        // shortest total so far; a lane walks its trees in tree order.
        var laneOfTree = [Int](repeating: 0, count: trees), laneTotals = [Double](repeating: 0, count: lanes)
        let costs = (0..<trees).map { Self.expectedSteps(ensemble, tree: $0) }
        for tree in (0..<trees).sorted(by: { (costs[$0], $1) > (costs[$1], $0) }) {
            let lane = laneTotals.indices.min(by: { (laneTotals[$0], $0) < (laneTotals[$1], $1) })!
            laneOfTree[tree] = lane
            laneTotals[lane] += costs[tree]
        }
        var successor = [Int?](repeating: nil, count: trees), laneFirst = [Int?](repeating: nil, count: lanes)
        var laneLast = [Int?](repeating: nil, count: lanes)
        for tree in 0..<trees {
            let lane = laneOfTree[tree]
            if let last = laneLast[lane] { successor[last] = tree } else { laneFirst[lane] = tree }
            laneLast[lane] = tree
        }
        // Node 0 is the sink; then every tree's nodes in breadth-first order (a leaf's position
        // holds its exit).
        var index: [[Int]] = [], next = 1   // per tree: source node -> position
        for tree in 0..<trees {
            var positions = [Int](repeating: 0, count: order[tree].count)
            for source in order[tree] { positions[source] = next; next += 1 }
            index.append(positions)
        }
        func pack(_ threshold: UInt32, _ slot: Int, _ child: Int) -> UInt64 {
            UInt64(slot) | UInt64(child) << 16 | UInt64(threshold) << 32
        }
        var nodes = [UInt64](repeating: 0, count: next), values = [Double](repeating: 0, count: next)
        nodes[0] = pack(.max, sinkSlot, 0)
        /// The node a lane steps onto after leaving a leaf of `tree` (its slot is `tree`'s exit
        /// slot, which holds a copy of row key `key`).
        func exit(after tree: Int) -> (threshold: UInt32, key: Int, child: Int) {
            guard let successor = successor[tree] else { return (.max, sinkSlot, 0) }
            let root = Int(ensemble.treeStarts[successor])
            // A single-leaf successor: record, then step onto that leaf's own exit.
            if ensemble.feature[root] < 0 { return (.max, sinkSlot, index[successor][0]) }
            let (key, threshold) = test(root)
            return (threshold, key, index[successor][Int(ensemble.left[root])])
        }
        for tree in 0..<trees {
            let base = Int(ensemble.treeStarts[tree])
            for source in order[tree] {
                let node = base + source, placed = index[tree][source]
                let split = Int(ensemble.feature[node])
                if split < 0 {
                    let exit = exit(after: tree)
                    nodes[placed] = pack(exit.threshold, exitSlot(tree), exit.child)
                    values[placed] = ensemble.value[node]
                } else {
                    let (key, threshold) = test(node)
                    nodes[placed] = pack(threshold, key, index[tree][Int(ensemble.left[node])])
                }
            }
        }
        self.nodes = nodes
        self.values = values
        self.exitKeySources = (0..<trees).map { UInt16(exit(after: $0).key) }
        self.categoricalFeatures = tests
        self.categories = categories
        self.categoricalMissingLeft = missingLeft
        self.laneRoots = laneFirst.map { $0.map { UInt16(index[$0][0]) } ?? 0 }
        self.featureCount = features
        self.treeCount = trees
    }

    /// Steps a lane spends on `tree`: its cover-weighted mean leaf depth plus the exit step
    /// (its leaf count when the covers are zero or not finite).
    static func expectedSteps(_ ensemble: TreeEnsemble, tree: Int) -> Double {
        let base = Int(ensemble.treeStarts[tree])
        var weighted = 0.0, total = 0.0, leaves = 0.0
        var stack = [(node: 0, depth: 0)]
        while let (node, depth) = stack.popLast() {
            let index = base + node
            if ensemble.feature[index] < 0 {
                weighted += Double(ensemble.cover[index]) * Double(depth)
                total += Double(ensemble.cover[index])
                leaves += 1
                continue
            }
            stack.append((Int(ensemble.left[index]), depth + 1))
            stack.append((Int(ensemble.right[index]), depth + 1))
        }
        let mean = weighted / total
        return (total > 0 && mean.isFinite ? mean : leaves) + 1
    }

    /// The key of a non-`NaN` value: unsigned keys compare like the values compare as `Float`s.
    @inline(__always) static func key(_ x: Float) -> UInt32 {
        let bits = (x + 0).bitPattern   // `+ 0` turns -0 into +0
        // Negative values: every bit flipped; the others: the sign bit set.
        return bits ^ (UInt32(bitPattern: Int32(bitPattern: bits) >> 31) | 0x8000_0000)
    }

    /// The key a split compares with: a `NaN` threshold sends every value right.
    static func thresholdKey(_ threshold: Float) -> UInt32 {
        threshold.isNaN ? 0 : key(threshold)
    }

    /// Adds every tree's leaf value for `row` to `scores[t % classCount]`. Allocates nothing.
    func accumulate(row: UnsafePointer<Float>, into scores: UnsafeMutablePointer<Double>, classCount: Int) {
        nodes.withUnsafeBufferPointer { nodes in
        values.withUnsafeBufferPointer { values in
        laneRoots.withUnsafeBufferPointer { laneRoots in
        exitKeySources.withUnsafeBufferPointer { exitKeySources in
        // Per slot: the row key, and the last node that named the slot. Two buffers, each small
        // enough for the stack (one of both would be heap-allocated at every call).
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: slotCount) { keys in
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: slotCount) { records in
            let key = keys.baseAddress!, record = records.baseAddress!, node = nodes.baseAddress!
            for feature in 0..<featureCount {
                let x = row[feature]
                let k = Self.key(x), missing = x.isNaN
                key[2 * feature] = missing ? 0 : k
                key[2 * feature + 1] = missing ? .max : k
            }
            for test in 0..<categories.count {
                let x = row[Int(categoricalFeatures[test])]
                key[2 * featureCount + test] = x.isNaN ? (categoricalMissingLeft[test] ? 0 : 1) : (x == categories[test] ? 0 : 1)
            }
            key[sinkSlot] = 0   // the sink's (and exits' `.max` thresholds compare with any key)
            let exitKeys = key + sinkSlot + 1, exitRecords = record + sinkSlot + 1
            for tree in 0..<treeCount { exitKeys[tree] = key[Int(exitKeySources[tree])] }
            @inline(__always) func step(_ n: Int) -> Int {
                let word = node[n]
                let target = Int(truncatingIfNeeded: word & 0xFFFF)
                let right = UInt32(truncatingIfNeeded: word >> 32) < key[target] ? 1 : 0
                record[target] = UInt16(truncatingIfNeeded: n)
                return Int(truncatingIfNeeded: (word >> 16) & 0xFFFF) &+ right
            }
            let root = laneRoots.baseAddress!
            var n0 = Int(root[0]), n1 = Int(root[1]), n2 = Int(root[2]), n3 = Int(root[3])
            var n4 = Int(root[4]), n5 = Int(root[5]), n6 = Int(root[6]), n7 = Int(root[7])
            // Four rounds (one step of every lane each) between two tests for the end of the walk,
            // written out: a loop counter would take a register the eight lanes need.
            repeat {
                n0 = step(n0); n1 = step(n1); n2 = step(n2); n3 = step(n3)
                n4 = step(n4); n5 = step(n5); n6 = step(n6); n7 = step(n7)
                n0 = step(n0); n1 = step(n1); n2 = step(n2); n3 = step(n3)
                n4 = step(n4); n5 = step(n5); n6 = step(n6); n7 = step(n7)
                n0 = step(n0); n1 = step(n1); n2 = step(n2); n3 = step(n3)
                n4 = step(n4); n5 = step(n5); n6 = step(n6); n7 = step(n7)
                n0 = step(n0); n1 = step(n1); n2 = step(n2); n3 = step(n3)
                n4 = step(n4); n5 = step(n5); n6 = step(n6); n7 = step(n7)
            } while n0 | n1 | n2 | n3 | n4 | n5 | n6 | n7 != 0
            let value = values.baseAddress!
            @inline(__always) func exit(of tree: Int) -> Int { Int(exitRecords[tree]) }
            if classCount == 1 {
                // One accumulator in a register (same additions in the same order).
                var total = scores[0]
                for tree in 0..<treeCount { total += value[exit(of: tree)] }
                scores[0] = total
            } else {
                var classIndex = 0
                for tree in 0..<treeCount {
                    scores[classIndex] += value[exit(of: tree)]
                    classIndex += 1
                    if classIndex == classCount { classIndex = 0 }
                }
            }
        }}}}}}
    }
}
