extension SplitFinder {
    /// Scans the one-vs-rest splits of categorical `feature` (flat bins `start ..< end`, bin
    /// `start` missing): each category alone on the left, every other category on the right,
    /// missing values tried on both sides like numerical splits (right first). Same gain,
    /// minimum-data and minimum-hessian rules as `bestSplit`; replaces `best` (and returns `true`)
    /// when a candidate's gain exceeds `bestGain`.
    func _scanCategorical(feature: Int, start: Int, end: Int, sums: UnsafePointer<SIMD2<Double>>, counts: UnsafePointer<Int32>,
                          gradient: Double, hessian: Double, count: Int, parentScore: Double,
                          best: inout SplitCandidate, bestGain: inout Double) -> Bool {
        let missing = sums[start], missingC = Int(counts[start])
        var found = false
        for b in (start + 1)..<end {
            for side in 0..<(missingC > 0 ? 2 : 1) {
                let missingLeft = side == 1
                let l = missingLeft ? sums[b] + missing : sums[b]
                let lc = missingLeft ? Int(counts[b]) + missingC : Int(counts[b])
                let rc = count - lc
                if lc < minimumDataInLeaf || rc < minimumDataInLeaf { continue }
                let rh = hessian - l.y
                if l.y < minimumSumHessian || rh < minimumSumHessian { continue }
                let rg = gradient - l.x
                let gain = leafScore(gradient: l.x, hessian: l.y) + leafScore(gradient: rg, hessian: rh) - parentScore
                if gain > bestGain {
                    bestGain = gain
                    found = true
                    best = SplitCandidate(feature: feature, thresholdBin: b - start, defaultLeft: missingC > 0 ? missingLeft : lc >= rc,
                                          gain: gain, leftGradient: l.x, leftHessian: l.y, leftCount: lc,
                                          rightGradient: rg, rightHessian: rh, rightCount: rc, isCategorical: true)
                }
            }
        }
        return found
    }
}
