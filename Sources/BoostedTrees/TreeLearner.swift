internal import CBoostedTreesKernels

/// Grows one tree leaf-wise on a binned dataset: repeatedly splits the leaf whose best split has
/// the largest gain, until `maximumLeafCount` leaves or no leaf can be split.
///
/// Each leaf owns a contiguous segment of a row-index buffer. After a split, the histogram of the
/// smaller child is built from its rows and the larger child's is the parent's minus it (the
/// parent's storage is reused). Building, subtracting and the split search are dealt to
/// `threadCount` tasks by feature (each task owns a fixed chunk of the features), so the grown
/// tree does not depend on the thread count. Buffers persist across trees, so growing a tree
/// allocates only the tree itself and small per-tree bookkeeping.
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
    /// First flat bin of each feature (`featureCount + 1` entries): features lie `binStride`
    /// bins apart, the largest bin count of any feature, so that histogram building needs no
    /// per-feature lookup; a feature's bins past its own bin count stay zero.
    public let offsets: [Int]
    /// Past-the-end flat bin of each feature's own bins.
    let featureEnds: [Int]
    /// Bins of one histogram (all features).
    let binCount: Int
    /// `maximumLeafCount` histograms; slot `s` holds bins `s * binCount ..< (s + 1) * binCount`.
    let histogramSums: UnsafeMutablePointer<SIMD2<Double>>
    let histogramCounts: UnsafeMutablePointer<Int32>
    /// Bin counts over every dataset row (histogram layout): the root's counts when there is no bag.
    let allRowCounts: UnsafeMutablePointer<Int32>
    /// Per-task best splits of the two leaves handled by `_histogramsAndSplits`.
    let taskSplits: UnsafeMutablePointer<SplitCandidate>
    var freeSlots: [Int] = []
    /// For data too large for the caches (`_columnLayoutCellCount` bins or more), the bins
    /// again, column-major (`columnBins[f * rowCount + r]`), so that the partition reads one
    /// column instead of a cache line per row. Empty otherwise.
    let columnBins: [UInt8]
    /// Bin count from which the column layout is used.
    static let _columnLayoutCellCount = 1 << 24
    /// Row indices; after `grow`, each leaf's rows lie in its `LeafSegment`.
    public private(set) var rows: [Int32]
    var scratch: [Int32]
    /// (gradient, hessian) of every dataset row, for the tree being grown.
    var gradientPairs: [SIMD2<Float>]
    /// Leaf segments of the last grown tree.
    public private(set) var segments: [LeafSegment] = []

    /// A learner for `data` with the given growth limits.
    /// - Parameters:
    ///   - maximumDepth: depth limit (root at depth 0); `<= 0` means none.
    ///   - threadCount: threads for histograms and split search (results do not depend on it).
    public convenience init(data: BinnedDataset, finder: SplitFinder, maximumLeafCount: Int, maximumDepth: Int,
                            learningRate: Double, threadCount: Int) {
        self.init(data: data, finder: finder, maximumLeafCount: maximumLeafCount, maximumDepth: maximumDepth,
                  learningRate: learningRate, threadCount: threadCount,
                  usesColumnLayout: data.rowCount * data.featureCount >= TreeLearner._columnLayoutCellCount)
    }

    /// A learner that uses the column layout when `usesColumnLayout` (tests force either layout).
    init(data: BinnedDataset, finder: SplitFinder, maximumLeafCount: Int, maximumDepth: Int,
         learningRate: Double, threadCount: Int, usesColumnLayout usesColumns: Bool) {
        self.data = data
        var finder = finder
        finder.isCategorical = (0..<data.featureCount).map(data.mapper.isCategorical)
        self.finder = finder
        self.maximumLeafCount = maximumLeafCount
        self.maximumDepth = maximumDepth
        self.learningRate = learningRate
        self.threadCount = max(1, threadCount)
        let binStride = (0..<data.featureCount).map { data.mapper.binCount(of: $0) }.max() ?? 0
        offsets = (0...data.featureCount).map { $0 * binStride }
        featureEnds = (0..<data.featureCount).map { $0 * binStride + data.mapper.binCount(of: $0) }
        binCount = data.featureCount * binStride
        histogramSums = .allocate(capacity: maximumLeafCount * binCount)
        histogramSums.initialize(repeating: .zero, count: maximumLeafCount * binCount)
        histogramCounts = .allocate(capacity: maximumLeafCount * binCount)
        histogramCounts.initialize(repeating: 0, count: maximumLeafCount * binCount)
        let allRowCounts = UnsafeMutablePointer<Int32>.allocate(capacity: binCount)
        allRowCounts.initialize(repeating: 0, count: binCount)
        data.bins.withUnsafeBufferPointer { bins in
            for row in 0..<data.rowCount {
                for feature in 0..<data.featureCount {
                    allRowCounts[feature * binStride + Int(bins[row * data.featureCount + feature])] &+= 1
                }
            }
        }
        self.allRowCounts = allRowCounts
        taskSplits = .allocate(capacity: 2 * self.threadCount)
        taskSplits.initialize(repeating: SplitCandidate(), count: 2 * self.threadCount)
        var columnBins = [UInt8](repeating: 0, count: usesColumns ? data.rowCount * data.featureCount : 0)
        if usesColumns {
            columnBins.withUnsafeMutableBufferPointer { columns in
                data.bins.withUnsafeBufferPointer { bins in
                    for row in 0..<data.rowCount {
                        for feature in 0..<data.featureCount {
                            columns[feature * data.rowCount + row] = bins[row * data.featureCount + feature]
                        }
                    }
                }
            }
        }
        self.columnBins = columnBins
        rows = [Int32](repeating: 0, count: data.rowCount)
        scratch = rows
        gradientPairs = [SIMD2<Float>](repeating: .zero, count: data.rowCount)
    }

    deinit {
        histogramSums.deallocate()
        histogramCounts.deallocate()
        allRowCounts.deallocate()
        taskSplits.deallocate()
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
        gradientPairs.withUnsafeMutableBufferPointer { pairs in
            for row in 0..<data.rowCount { pairs[row] = SIMD2(gradients[row], hessians[row]) }
        }
        freeSlots = Array((0..<maximumLeafCount).reversed())
        let plan = _FeaturePlan(features: features, featureStarts: offsets.dropLast(), featureEnds: featureEnds[...],
                                taskCount: threadCount)
        var tree = Tree()
        var gradientSum = 0.0, hessianSum = 0.0
        rows.withUnsafeBufferPointer { r in
            for i in 0..<rowCount { gradientSum += Double(gradients[Int(r[i])]); hessianSum += Double(hessians[Int(r[i])]) }
        }
        let root = tree.appendLeaf(value: learningRate * finder.leafOutput(gradient: gradientSum, hessian: hessianSum),
                                   cover: Double(rowCount), hessianSum: hessianSum)
        var rootLeaf = _Leaf(node: root, start: 0, count: rowCount, gradient: gradientSum, hessian: hessianSum, depth: 0,
                             slot: freeSlots.removeLast(), split: SplitCandidate())
        rootLeaf.split = _histogramsAndSplits(build: rootLeaf, allRows: bag == nil, sibling: nil, plan: plan).built
        var leaves = [rootLeaf]
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
                left.slot = leftIsSmaller ? smallSlot : parent.slot
                right.slot = leftIsSmaller ? parent.slot : smallSlot
                let splits = _histogramsAndSplits(build: leftIsSmaller ? left : right, allRows: false,
                                                  sibling: leftIsSmaller ? right : left, plan: plan)
                left.split = leftIsSmaller ? splits.built : splits.sibling
                right.split = leftIsSmaller ? splits.sibling : splits.built
            } else {
                freeSlots.append(parent.slot)
            }
            leaves[chosen] = left
            leaves.append(right)
        }
        segments = leaves.map { LeafSegment(node: $0.node, start: $0.start, count: $0.count) }
        return tree
    }

    /// Builds the histogram of `build` (into its slot) from its rows (every dataset row in order
    /// when `allRows`), and, when `sibling` is given, turns the parent's histogram held in the
    /// sibling's slot into the sibling's by subtraction; returns both leaves' best splits. Each
    /// task does all three steps on its own chunk of the features; the chunks' best splits are
    /// then merged in feature order, as one scan over all features would.
    func _histogramsAndSplits(build: _Leaf, allRows: Bool, sibling: _Leaf?, plan: _FeaturePlan)
        -> (built: SplitCandidate, sibling: SplitCandidate) {
        // Below this much work (row-feature updates plus scanned bins) one task is cheaper.
        let work = build.count * plan.count + (sibling == nil ? 1 : 3) * binCount
        let tasks = work >= 65_536 ? plan.taskCount : 1
        let splitsBuilt = !_isAtDepthLimit(build.depth), splitsSibling = sibling.map { !_isAtDepthLimit($0.depth) } ?? false
        rows.withUnsafeBufferPointer { r in
            gradientPairs.withUnsafeBufferPointer { pairs in
                let leafRows = allRows ? nil : UnsafeBufferPointer(rebasing: r[build.start..<(build.start + build.count)])
                let builtSums = histogramSums + build.slot * binCount, builtCounts = histogramCounts + build.slot * binCount
                let knownCounts = allRows ? UnsafePointer(allRowCounts) : nil
                _FeaturePlan.perform(taskCount: tasks) { task in
                    let features = plan.features(of: task, in: tasks)
                    Histogram._accumulate(data: data, rows: leafRows, gradientPairs: pairs, features: features,
                                          sums: builtSums, counts: builtCounts, knownCounts: knownCounts)
                    taskSplits[2 * task] = splitsBuilt
                        ? finder._bestSplit(sums: builtSums, counts: builtCounts, features: features,
                                            gradient: build.gradient, hessian: build.hessian, count: build.count)
                        : SplitCandidate()
                    guard let sibling else { return }
                    let siblingSums = histogramSums + sibling.slot * binCount
                    let siblingCounts = histogramCounts + sibling.slot * binCount
                    Histogram._subtract(features: features, sums: siblingSums, counts: siblingCounts,
                                        siblingSums: builtSums, siblingCounts: builtCounts)
                    taskSplits[2 * task + 1] = splitsSibling
                        ? finder._bestSplit(sums: siblingSums, counts: siblingCounts, features: features,
                                            gradient: sibling.gradient, hessian: sibling.hessian, count: sibling.count)
                        : SplitCandidate()
                }
            }
        }
        var best = (built: taskSplits[0], sibling: sibling == nil ? SplitCandidate() : taskSplits[1])
        for task in 1..<max(1, tasks) {
            if SplitFinder._better(taskSplits[2 * task], than: best.built) { best.built = taskSplits[2 * task] }
            if sibling != nil, SplitFinder._better(taskSplits[2 * task + 1], than: best.sibling) {
                best.sibling = taskSplits[2 * task + 1]
            }
        }
        return best
    }

    func _isAtDepthLimit(_ depth: Int) -> Bool { maximumDepth > 0 && depth >= maximumDepth }

    /// Stable partition of `rows[start ..< start + count]`: rows going left first. Which side a
    /// row takes is `split.sendsLeft(bin:)` of its bin. Large segments are cut into one block per
    /// thread, each partitioned in place (its right rows set aside in `scratch`), then the blocks'
    /// left rows and right rows are joined in block order: the same order as one pass.
    func partition(start: Int, count: Int, split: SplitCandidate) {
        // Row-major: bins[row * stride + feature]; column layout: bins[feature * rowCount + row].
        let usesColumns = !columnBins.isEmpty
        let stride = usesColumns ? 1 : data.featureCount, feature = usesColumns ? split.feature * data.rowCount : split.feature
        let tasks = count >= 8_192 ? threadCount : 1
        var leftCounts = [Int](repeating: 0, count: tasks)
        // Which side each bin goes to, looked up per row by the C kernel.
        let goesLeft = (0...255).map { split.sendsLeft(bin: UInt8($0)) ? UInt8(1) : 0 }
        (usesColumns ? columnBins : data.bins).withUnsafeBufferPointer { bins in
            rows.withUnsafeMutableBufferPointer { r in
                scratch.withUnsafeMutableBufferPointer { s in
                    leftCounts.withUnsafeMutableBufferPointer { leftCounts in
                        goesLeft.withUnsafeBufferPointer { goesLeft in
                            _FeaturePlan.perform(taskCount: tasks) { task in
                                let lower = start + count * task / tasks, upper = start + count * (task + 1) / tasks
                                leftCounts[task] = odml_partition_rows(bins.baseAddress, stride, feature, r.baseAddress! + lower,
                                                                       upper - lower, goesLeft.baseAddress, r.baseAddress! + lower,
                                                                       s.baseAddress! + lower)
                            }
                        }
                    }
                    var destination = start
                    for task in 0..<tasks {
                        let lower = start + count * task / tasks
                        if destination != lower {
                            for i in 0..<leftCounts[task] { r[destination + i] = r[lower + i] }
                        }
                        destination += leftCounts[task]
                    }
                    for task in 0..<tasks {
                        let lower = start + count * task / tasks, upper = start + count * (task + 1) / tasks
                        let rightCount = upper - lower - leftCounts[task]
                        for i in 0..<rightCount { r[destination + i] = s[lower + i] }
                        destination += rightCount
                    }
                }
            }
        }
    }
}
