/// The best split found for one leaf.
public struct SplitCandidate: Sendable, Equatable {
    /// Feature index, or -1 when no valid split exists.
    public var feature: Int = -1
    /// Value bins `1...thresholdBin` go left.
    public var thresholdBin: Int = 0
    /// Where missing values (bin 0) go.
    public var defaultLeft: Bool = true
    /// Gain over not splitting (already net of `minimumGainToSplit`).
    public var gain: Double = 0
    /// Sums of the left child.
    public var leftGradient: Double = 0, leftHessian: Double = 0, leftCount: Int = 0
    /// Sums of the right child.
    public var rightGradient: Double = 0, rightHessian: Double = 0, rightCount: Int = 0
    /// The split sends the category in bin `thresholdBin` left and every other bin right.
    public var isCategorical: Bool = false

    /// `true` when this candidate can be applied.
    public var isValid: Bool { feature >= 0 }

    /// Whether a row whose bin of `feature` is `bin` goes to the left child.
    @inlinable public func sendsLeft(bin: UInt8) -> Bool {
        bin == 0 ? defaultLeft : (isCategorical ? Int(bin) == thresholdBin : Int(bin) <= thresholdBin)
    }
}

/// Scans histograms for the split with the largest regularised gain.
///
/// With `T(G) = sign(G) · max(|G| − λ₁, 0)`, a leaf's score is `T(G)² / (H + λ₂)` and its output
/// `−T(G) / (H + λ₂)`; a split's gain is `score(L) + score(R) − score(parent)`. Missing values are
/// tried on both sides and the better side becomes the learned default direction. Ties keep the
/// first candidate in (feature, threshold, missing-right-then-left) order, so results are
/// deterministic.
public struct SplitFinder: Sendable {
    /// L1 regularisation λ₁ of leaf outputs.
    public var l1: Double
    /// L2 regularisation λ₂ of leaf outputs.
    public var l2: Double
    /// Minimum rows in each child.
    public var minimumDataInLeaf: Int
    /// Minimum hessian sum in each child.
    public var minimumSumHessian: Double
    /// Minimum gain for a split to be taken.
    public var minimumGainToSplit: Double
    /// Per feature: categorical (scanned by `_scanCategorical`); empty means none.
    public var isCategorical: [Bool] = []

    public init(l1: Double, l2: Double, minimumDataInLeaf: Int, minimumSumHessian: Double, minimumGainToSplit: Double) {
        self.l1 = l1
        self.l2 = l2
        self.minimumDataInLeaf = minimumDataInLeaf
        self.minimumSumHessian = minimumSumHessian
        self.minimumGainToSplit = minimumGainToSplit
    }

    @inlinable func thresholded(_ gradient: Double) -> Double {
        guard l1 > 0 else { return gradient }
        let magnitude = abs(gradient) - l1
        return magnitude > 0 ? (gradient > 0 ? magnitude : -magnitude) : 0
    }

    /// Score `T(G)² / (H + λ₂)` of a leaf with sums `gradient`, `hessian`.
    @inlinable public func leafScore(gradient: Double, hessian: Double) -> Double {
        let t = thresholded(gradient)
        return t * t / (hessian + l2)
    }

    /// `leafScore` of two leaves in one vector division (the same values as two calls).
    @inline(__always) func _leafScores(gradients: SIMD2<Double>, hessians: SIMD2<Double>) -> SIMD2<Double> {
        let t = l1 > 0 ? SIMD2(thresholded(gradients.x), thresholded(gradients.y)) : gradients
        return t * t / (hessians + SIMD2(repeating: l2))
    }

    /// Output `−T(G) / (H + λ₂)` of a leaf (before shrinkage).
    @inlinable public func leafOutput(gradient: Double, hessian: Double) -> Double {
        -thresholded(gradient) / (hessian + l2)
    }

    /// The best split of a leaf with totals (`gradient`, `hessian`, `count`) over `features`.
    public func bestSplit(histogram: Histogram, offsets: [Int], features: [Int],
                          gradient: Double, hessian: Double, count: Int) -> SplitCandidate {
        let plan = _FeaturePlan(features: features, offsets: offsets, taskCount: 1)
        return histogram.sums.withUnsafeBufferPointer { sums in
            histogram.counts.withUnsafeBufferPointer { counts in
                _bestSplit(sums: sums.baseAddress!, counts: counts.baseAddress!, features: plan.features(of: 0),
                           gradient: gradient, hessian: hessian, count: count)
            }
        }
    }

    /// The best split over a run of features of a flat histogram. Scanning the features in
    /// chunks and keeping the first chunk's best among equal gains (`_better`) gives the same
    /// candidate as one scan over all of them.
    ///
    /// For a feature without missing values, the gains of all thresholds are computed first (no
    /// branch waits on a division) and then scanned; the winner's sums are re-added in the same
    /// order, so every value is the one a single pass would give.
    func _bestSplit(sums: UnsafePointer<SIMD2<Double>>, counts: UnsafePointer<Int32>, features: _FeatureSlice,
                    gradient: Double, hessian: Double, count: Int) -> SplitCandidate {
        guard count >= 2 * minimumDataInLeaf, hessian >= 2 * minimumSumHessian else { return SplitCandidate() }
        let parentScore = leafScore(gradient: gradient, hessian: hessian)
        var bestGain = minimumGainToSplit
        var bestFeature = -1, bestBin = 0, bestMissingLeft = false
        var categoricalBest = SplitCandidate(), bestIsCategorical = false
        for k in 0..<features.count {
            let start = features.starts[k], end = features.ends[k]
            let column = features.columns[k]
            if column < isCategorical.count && isCategorical[column] {
                if _scanCategorical(feature: column, start: start, end: end, sums: sums, counts: counts, gradient: gradient,
                                    hessian: hessian, count: count, parentScore: parentScore,
                                    best: &categoricalBest, bestGain: &bestGain) {
                    bestIsCategorical = true
                }
                continue
            }
            let missing = sums[start], missingCount = Int(counts[start])
            // Thresholds 1 ..< last value bin: at least one value bin on each side.
            guard end - start > 2 else { continue }
            if missingCount == 0 {
                withUnsafeTemporaryAllocation(of: Double.self, capacity: end - start) { gains in
                    var left = SIMD2<Double>.zero, leftCount = 0, thresholds = 0
                    for b in (start + 1)..<(end - 1) {
                        left += sums[b]; leftCount += Int(counts[b])
                        if count - leftCount < minimumDataInLeaf { break }  // only shrinks from here on
                        let rightHessian = hessian - left.y
                        let scores = _leafScores(gradients: SIMD2(left.x, gradient - left.x),
                                                 hessians: SIMD2(left.y, rightHessian))
                        let isAllowed = leftCount >= minimumDataInLeaf && left.y >= minimumSumHessian
                            && rightHessian >= minimumSumHessian
                        gains[thresholds] = isAllowed ? scores.x + scores.y - parentScore : -.infinity
                        thresholds += 1
                    }
                    for t in 0..<thresholds where gains[t] > bestGain {
                        bestGain = gains[t]; bestFeature = k; bestBin = t + 1; bestMissingLeft = false; bestIsCategorical = false
                    }
                }
                continue
            }
            var left = SIMD2<Double>.zero, leftCount = 0
            for b in (start + 1)..<(end - 1) {
                let bin = sums[b], binCount = Int(counts[b])
                left += bin; leftCount += binCount
                // An empty bin (no rows, zero sums) repeats the previous threshold's candidates.
                if binCount == 0 && bin == .zero && b > start + 1 { continue }
                // Missing values right, then left.
                for side in 0..<2 {
                    let missingLeft = side == 1
                    let l = missingLeft ? left + missing : left
                    let lc = missingLeft ? leftCount + missingCount : leftCount
                    if lc < minimumDataInLeaf || count - lc < minimumDataInLeaf { continue }
                    let rightHessian = hessian - l.y
                    if l.y < minimumSumHessian || rightHessian < minimumSumHessian { continue }
                    let scores = _leafScores(gradients: SIMD2(l.x, gradient - l.x), hessians: SIMD2(l.y, rightHessian))
                    let gain = scores.x + scores.y - parentScore
                    if gain > bestGain {
                        bestGain = gain; bestFeature = k; bestBin = b - start; bestMissingLeft = missingLeft; bestIsCategorical = false
                    }
                }
            }
        }
        if bestIsCategorical { return categoricalBest }
        guard bestFeature >= 0 else { return SplitCandidate() }
        let start = features.starts[bestFeature]
        var left = SIMD2<Double>.zero, leftCount = 0
        for b in (start + 1)...(start + bestBin) { left += sums[b]; leftCount += Int(counts[b]) }
        let missingCount = Int(counts[start])
        if bestMissingLeft { left = left + sums[start]; leftCount += missingCount }
        let rightCount = count - leftCount
        return SplitCandidate(feature: features.columns[bestFeature], thresholdBin: bestBin,
                              defaultLeft: missingCount > 0 ? bestMissingLeft : leftCount >= rightCount,
                              gain: bestGain, leftGradient: left.x, leftHessian: left.y, leftCount: leftCount,
                              rightGradient: gradient - left.x, rightHessian: hessian - left.y,
                              rightCount: rightCount)
    }

    /// Whether `candidate`, found on features after those of `current`, replaces it.
    static func _better(_ candidate: SplitCandidate, than current: SplitCandidate) -> Bool {
        candidate.isValid && (!current.isValid || candidate.gain > current.gain)
    }
}
