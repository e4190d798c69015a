/// Grows one tree leaf-wise on a binned dataset: repeatedly splits the leaf whose best split has
/// the largest gain, until `maximumLeafCount` leaves or no leaf can be split.
///
/// Each leaf owns a contiguous segment of a row-index buffer. After a split, the histogram of the
/// smaller child is built from its rows and the larger child's is the parent's minus it (the
/// parent's storage is reused). Buffers persist across trees, so growing a tree allocates only
/// the tree itself.
public final class TreeLearner {
    /// Where the training rows of a leaf lie in `rows` after `grow`.
    public struct LeafSegment: Sendable, Equatable {
        /// The leaf's node index in the tree.
        public var node: Int
        /// First index in `rows`.
        public var start: Int
        /// Number of rows.
        public var count: Int
    }

    struct _Leaf {
        var node: Int
        var start: Int
        var count: Int
        var gradient: Double
        var hessian: Double
        var depth: Int
        var slot: Int
        var split: SplitCandidate
    }

    let data: BinnedDataset
    let finder: SplitFinder
    let maximumLeafCount: Int
    let maximumDepth: Int
    let learningRate: Double
    let threadCount: Int
    /// First flat bin of each feature (`featureCount + 1` entries).
    public let offsets: [Int]
    var pool: [Histogram]
    var freeSlots: [Int] = []
    /// Row indices; after `grow`, each leaf's rows lie in its `LeafSegment`.
    public private(set) var rows: [Int32]
    var scratch: [Int32]
    var orderedGradients: [Float]
    var orderedHessians: [Float]
    /// Leaf segments of the last grown tree.
    public private(set) var segments: [LeafSegment] = []

    /// A learner for `data` with the given growth limits.
    /// - Parameters:
    ///   - maximumDepth: depth limit (root at depth 0); `<= 0` means none.
    ///   - threadCount: threads for histogram building (results do not depend on it).
    public init(data: BinnedDataset, finder: SplitFinder, maximumLeafCount: Int, maximumDepth: Int,
                learningRate: Double, threadCount: Int) {
        self.data = data
        var finder = finder
        finder.isCategorical = (0..<data.featureCount).map(data.mapper.isCategorical)
        self.finder = finder
        self.maximumLeafCount = maximumLeafCount
        self.maximumDepth = maximumDepth
        self.learningRate = learningRate
        self.threadCount = threadCount
        var offsets = [0]
        for feature in 0..<data.featureCount { offsets.append(offsets[feature] + data.mapper.binCount(of: feature)) }
        self.offsets = offsets
        pool = (0..<maximumLeafCount).map { _ in Histogram(binCount: offsets[data.featureCount]) }
        rows = [Int32](repeating: 0, count: data.rowCount)
        scratch = rows
        orderedGradients = [Float](repeating: 0, count: data.rowCount)
        orderedHessians = orderedGradients
    }

    /// Grows a tree on `gradients`/`hessians` (one per dataset row) over `bag` (all rows when
    /// `nil`), considering only `features`.
    public func grow(gradients: [Float], hessians: [Float], bag: [Int32]?, features: [Int]) -> Tree {
        let rowCount: Int
        if let bag {
            rowCount = bag.count
            rows.withUnsafeMutableBufferPointer { r in for i in 0..<bag.count { r[i] = bag[i] } }
        } else {
            rowCount = data.rowCount
            rows.withUnsafeMutableBufferPointer { r in for i in 0..<rowCount { r[i] = Int32(i) } }
        }
        freeSlots = Array((0..<maximumLeafCount).reversed())
        var tree = Tree()
        var gradientSum = 0.0, hessianSum = 0.0
        rows.withUnsafeBufferPointer { r in
            for i in 0..<rowCount { gradientSum += Double(gradients[Int(r[i])]); hessianSum += Double(hessians[Int(r[i])]) }
        }
        let rootSlot = freeSlots.removeLast()
        buildHistogram(slot: rootSlot, start: 0, count: rowCount, contiguous: bag == nil,
                       gradients: gradients, hessians: hessians, features: features)
        let root = tree.appendLeaf(value: learningRate * finder.leafOutput(gradient: gradientSum, hessian: hessianSum),
                                   cover: Double(rowCount), hessianSum: hessianSum)
        var leaves = [_Leaf(node: root, start: 0, count: rowCount, gradient: gradientSum, hessian: hessianSum, depth: 0,
                            slot: rootSlot, split: bestSplit(slot: rootSlot, depth: 0, features: features,
                                                             gradient: gradientSum, hessian: hessianSum, count: rowCount))]
        while leaves.count < maximumLeafCount {
            var chosen = -1
            var bestGain = 0.0
            for (index, leaf) in leaves.enumerated() where leaf.split.isValid && (chosen < 0 || leaf.split.gain > bestGain) {
                chosen = index
                bestGain = leaf.split.gain
            }
            if chosen < 0 { break }
            let parent = leaves[chosen]
            let split = parent.split
            partition(start: parent.start, count: parent.count, split: split)
            let leftNode = tree.appendLeaf(value: learningRate * finder.leafOutput(gradient: split.leftGradient, hessian: split.leftHessian),
                                           cover: Double(split.leftCount), hessianSum: split.leftHessian)
            let rightNode = tree.appendLeaf(value: learningRate * finder.leafOutput(gradient: split.rightGradient, hessian: split.rightHessian),
                                            cover: Double(split.rightCount), hessianSum: split.rightHessian)
            tree.split(node: parent.node, feature: split.feature,
                       threshold: data.mapper.threshold(feature: split.feature, bin: split.thresholdBin),
                       defaultLeft: split.defaultLeft, gain: split.gain, leftChild: leftNode, rightChild: rightNode,
                       isCategorical: split.isCategorical)
            var left = _Leaf(node: leftNode, start: parent.start, count: split.leftCount, gradient: split.leftGradient,
                             hessian: split.leftHessian, depth: parent.depth + 1, slot: -1, split: SplitCandidate())
            var right = _Leaf(node: rightNode, start: parent.start + split.leftCount, count: split.rightCount,
                              gradient: split.rightGradient, hessian: split.rightHessian, depth: parent.depth + 1,
                              slot: -1, split: SplitCandidate())
            let canSplitFurther = (maximumDepth <= 0 || parent.depth + 1 < maximumDepth) && leaves.count + 1 < maximumLeafCount
            if canSplitFurther {
                let smallSlot = freeSlots.removeLast()
                let leftIsSmaller = left.count <= right.count
                let small = leftIsSmaller ? left : right
                buildHistogram(slot: smallSlot, start: small.start, count: small.count, contiguous: false,
                               gradients: gradients, hessians: hessians, features: features)
                pool[parent.slot].subtract(pool[smallSlot], features: features, offsets: offsets)
                left.slot = leftIsSmaller ? smallSlot : parent.slot
                right.slot = leftIsSmaller ? parent.slot : smallSlot
                left.split = bestSplit(slot: left.slot, depth: left.depth, features: features,
                                       gradient: left.gradient, hessian: left.hessian, count: left.count)
                right.split = bestSplit(slot: right.slot, depth: right.depth, features: features,
                                        gradient: right.gradient, hessian: right.hessian, count: right.count)
            } else {
                freeSlots.append(parent.slot)
            }
            leaves[chosen] = left
            leaves.append(right)
        }
        segments = leaves.map { LeafSegment(node: $0.node, start: $0.start, count: $0.count) }
        return tree
    }

    func bestSplit(slot: Int, depth: Int, features: [Int], gradient: Double, hessian: Double, count: Int) -> SplitCandidate {
        if maximumDepth > 0 && depth >= maximumDepth { return SplitCandidate() }
        return finder.bestSplit(histogram: pool[slot], offsets: offsets, features: features,
                                gradient: gradient, hessian: hessian, count: count)
    }

    func buildHistogram(slot: Int, start: Int, count: Int, contiguous: Bool,
                        gradients: [Float], hessians: [Float], features: [Int]) {
        let contiguousFromZero = contiguous && start == 0 && count == data.rowCount
        rows.withUnsafeBufferPointer { r in
            let segment = UnsafeBufferPointer(rebasing: r[start..<(start + count)])
            if contiguousFromZero {
                gradients.withUnsafeBufferPointer { g in
                    hessians.withUnsafeBufferPointer { h in
                        pool[slot].build(from: data, rows: segment, isContiguousFromZero: true, orderedGradients: g,
                                         orderedHessians: h, features: features, offsets: offsets, threadCount: threadCount)
                    }
                }
                return
            }
            orderedGradients.withUnsafeMutableBufferPointer { og in
                orderedHessians.withUnsafeMutableBufferPointer { oh in
                    gradients.withUnsafeBufferPointer { g in
                        hessians.withUnsafeBufferPointer { h in
                            for i in 0..<count {
                                let row = Int(segment[i])
                                og[i] = g[row]
                                oh[i] = h[row]
                            }
                        }
                    }
                    let threads = count * features.count >= 65_536 ? threadCount : 1
                    pool[slot].build(from: data, rows: segment, isContiguousFromZero: false,
                                     orderedGradients: UnsafeBufferPointer(rebasing: og[0..<count]),
                                     orderedHessians: UnsafeBufferPointer(rebasing: oh[0..<count]),
                                     features: features, offsets: offsets, threadCount: threads)
                }
            }
        }
    }

    /// Stable partition of `rows[start ..< start + count]`: rows going left first.
    func partition(start: Int, count: Int, split: SplitCandidate) {
        let column = split.feature * data.rowCount
        let threshold = UInt8(split.thresholdBin)
        let missingLeft = split.defaultLeft
        let categorical = split.isCategorical   // one-vs-rest: only bin `threshold` goes left
        data.bins.withUnsafeBufferPointer { bins in
            rows.withUnsafeMutableBufferPointer { r in
                scratch.withUnsafeMutableBufferPointer { s in
                    var leftCount = 0, rightCount = 0
                    for i in start..<(start + count) {
                        let row = r[i]
                        let b = bins[column + Int(row)]
                        let goLeft = b == 0 ? missingLeft : (categorical ? b == threshold : b <= threshold)
                        if goLeft { r[start + leftCount] = row; leftCount += 1 } else { s[rightCount] = row; rightCount += 1 }
                    }
                    for i in 0..<rightCount { r[start + leftCount + i] = s[i] }
                }
            }
        }
    }
}
