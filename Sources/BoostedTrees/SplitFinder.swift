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

    /// Output `−T(G) / (H + λ₂)` of a leaf (before shrinkage).
    @inlinable public func leafOutput(gradient: Double, hessian: Double) -> Double {
        -thresholded(gradient) / (hessian + l2)
    }

    /// The best split of a leaf with totals (`gradient`, `hessian`, `count`) over `features`.
    public func bestSplit(histogram: Histogram, offsets: [Int], features: [Int],
                          gradient: Double, hessian: Double, count: Int) -> SplitCandidate {
        var best = SplitCandidate()
        guard count >= 2 * minimumDataInLeaf, hessian >= 2 * minimumSumHessian else { return best }
        let parentScore = leafScore(gradient: gradient, hessian: hessian)
        var bestGain = minimumGainToSplit
        histogram.gradients.withUnsafeBufferPointer { g in
        histogram.hessians.withUnsafeBufferPointer { h in
        histogram.counts.withUnsafeBufferPointer { c in
            for feature in features {
                if feature < isCategorical.count && isCategorical[feature] {
                    _scanCategorical(feature: feature, start: offsets[feature], end: offsets[feature + 1], g: g, h: h, c: c,
                                     gradient: gradient, hessian: hessian, count: count, parentScore: parentScore,
                                     best: &best, bestGain: &bestGain)
                    continue
                }
                let start = offsets[feature], end = offsets[feature + 1]
                let missingG = g[start], missingH = h[start], missingC = Int(c[start])
                var leftG = 0.0, leftH = 0.0, leftC = 0
                // Thresholds 1 ..< last value bin: at least one value bin on each side.
                for b in (start + 1)..<(end - 1) {
                    leftG += g[b]; leftH += h[b]; leftC += Int(c[b])
                    for side in 0..<(missingC > 0 ? 2 : 1) {
                        let missingLeft = side == 1
                        let lg = missingLeft ? leftG + missingG : leftG
                        let lh = missingLeft ? leftH + missingH : leftH
                        let lc = missingLeft ? leftC + missingC : leftC
                        let rc = count - lc
                        if lc < minimumDataInLeaf || rc < minimumDataInLeaf { continue }
                        let rh = hessian - lh
                        if lh < minimumSumHessian || rh < minimumSumHessian { continue }
                        let rg = gradient - lg
                        let gain = leafScore(gradient: lg, hessian: lh) + leafScore(gradient: rg, hessian: rh) - parentScore
                        if gain > bestGain {
                            bestGain = gain
                            best = SplitCandidate(feature: feature, thresholdBin: b - start,
                                                  defaultLeft: missingC > 0 ? missingLeft : lc >= rc,
                                                  gain: gain, leftGradient: lg, leftHessian: lh, leftCount: lc,
                                                  rightGradient: rg, rightHessian: rh, rightCount: rc)
                        }
                    }
                }
            }
        }}}
        return best
    }
}
