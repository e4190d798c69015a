extension SplitFinder {
    /// Scans the one-vs-rest splits of categorical `feature` (flat bins `start ..< end`, bin
    /// `start` missing): each category alone on the left, every other category on the right,
    /// missing values tried on both sides like numerical splits (right first). Same gain,
    /// minimum-data and minimum-hessian rules as `bestSplit`; updates `best` when a candidate's
    /// gain exceeds `bestGain`. (Generic over the histogram's count type, so it does not depend on it.)
    func _scanCategorical<Count: BinaryInteger>(feature: Int, start: Int, end: Int, g: UnsafeBufferPointer<Double>,
                                                h: UnsafeBufferPointer<Double>, c: UnsafeBufferPointer<Count>,
                          gradient: Double, hessian: Double, count: Int, parentScore: Double,
                          best: inout SplitCandidate, bestGain: inout Double) {
        let missingG = g[start], missingH = h[start], missingC = Int(c[start])
        for b in (start + 1)..<end {
            for side in 0..<(missingC > 0 ? 2 : 1) {
                let missingLeft = side == 1
                let lg = missingLeft ? g[b] + missingG : g[b]
                let lh = missingLeft ? h[b] + missingH : h[b]
                let lc = missingLeft ? Int(c[b]) + missingC : Int(c[b])
                let rc = count - lc
                if lc < minimumDataInLeaf || rc < minimumDataInLeaf { continue }
                let rh = hessian - lh
                if lh < minimumSumHessian || rh < minimumSumHessian { continue }
                let rg = gradient - lg
                let gain = leafScore(gradient: lg, hessian: lh) + leafScore(gradient: rg, hessian: rh) - parentScore
                if gain > bestGain {
                    bestGain = gain
                    best = SplitCandidate(feature: feature, thresholdBin: b - start, defaultLeft: missingC > 0 ? missingLeft : lc >= rc,
                                          gain: gain, leftGradient: lg, leftHessian: lh, leftCount: lc,
                                          rightGradient: rg, rightHessian: rh, rightCount: rc, isCategorical: true)
                }
            }
        }
    }
}
