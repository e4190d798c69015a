import Dispatch

/// Gradient and hessian sums per bin, for every feature, over the rows of one leaf.
///
/// Bins of feature `f` occupy `offsets[f]..<offsets[f + 1]` of the flat arrays; bin 0 of each
/// feature is the missing-value bin. Sums are accumulated in `Double`, row by row in the leaf's
/// row order, one feature per task, so the result does not depend on the thread count.
public struct Histogram: Sendable, Equatable {
    /// Sum of gradients per bin.
    public var gradients: [Double]
    /// Sum of hessians per bin.
    public var hessians: [Double]
    /// Row count per bin.
    public var counts: [Int32]

    /// An all-zero histogram of `binCount` bins.
    public init(binCount: Int) {
        gradients = [Double](repeating: 0, count: binCount)
        hessians = [Double](repeating: 0, count: binCount)
        counts = [Int32](repeating: 0, count: binCount)
    }

    /// Fills the histogram of `features` over `rows` (indices into the dataset). Other features'
    /// bins are left untouched.
    /// - Parameters:
    ///   - orderedGradients: gradient of `rows[i]` at index `i` (gathered by the caller).
    ///   - orderedHessians: hessian of `rows[i]` at index `i`.
    ///   - offsets: first flat bin of each feature (`featureCount + 1` entries).
    public mutating func build(from data: BinnedDataset, rows: UnsafeBufferPointer<Int32>, isContiguousFromZero: Bool,
                               orderedGradients: UnsafeBufferPointer<Float>, orderedHessians: UnsafeBufferPointer<Float>,
                               features: [Int], offsets: [Int], threadCount: Int) {
        let rowCount = data.rowCount
        gradients.withUnsafeMutableBufferPointer { g in
        hessians.withUnsafeMutableBufferPointer { h in
        counts.withUnsafeMutableBufferPointer { c in
        data.bins.withUnsafeBufferPointer { bins in
            let gOut = _SendablePointer(g.baseAddress!), hOut = _SendablePointer(h.baseAddress!)
            let cOut = _SendablePointer(c.baseAddress!)
            let binBase = _SendablePointer(UnsafeMutablePointer(mutating: bins.baseAddress!))
            let rowBase = _SendablePointer(UnsafeMutablePointer(mutating: rows.baseAddress!))
            let gIn = _SendablePointer(UnsafeMutablePointer(mutating: orderedGradients.baseAddress!))
            let hIn = _SendablePointer(UnsafeMutablePointer(mutating: orderedHessians.baseAddress!))
            let n = rows.count
            let work: @Sendable (Int) -> Void = { (feature: Int) in
                let start = offsets[feature], width = offsets[feature + 1] - start
                let gb = gOut.pointer + start, hb = hOut.pointer + start, cb = cOut.pointer + start
                for b in 0..<width { gb[b] = 0; hb[b] = 0; cb[b] = 0 }
                let column = binBase.pointer + feature * rowCount
                if isContiguousFromZero {
                    for i in 0..<n {
                        let b = Int(column[i])
                        gb[b] += Double(gIn.pointer[i]); hb[b] += Double(hIn.pointer[i]); cb[b] &+= 1
                    }
                } else {
                    let r = rowBase.pointer
                    for i in 0..<n {
                        let b = Int(column[Int(r[i])])
                        gb[b] += Double(gIn.pointer[i]); hb[b] += Double(hIn.pointer[i]); cb[b] &+= 1
                    }
                }
            }
            if threadCount > 1 && features.count > 1 {
                // Features are dealt to `threadCount` tasks in fixed contiguous chunks.
                let tasks = min(threadCount, features.count)
                DispatchQueue.concurrentPerform(iterations: tasks) { task in
                    let lower = features.count * task / tasks, upper = features.count * (task + 1) / tasks
                    for index in lower..<upper { work(features[index]) }
                }
            } else {
                for feature in features { work(feature) }
            }
        }}}}
    }

    /// `self = parent - sibling` on the bins of `features`: the histogram of a leaf's other child.
    public mutating func subtract(parent: Histogram, sibling: Histogram, features: [Int], offsets: [Int]) {
        for feature in features {
            for b in offsets[feature]..<offsets[feature + 1] {
                gradients[b] = parent.gradients[b] - sibling.gradients[b]
                hessians[b] = parent.hessians[b] - sibling.hessians[b]
                counts[b] = parent.counts[b] - sibling.counts[b]
            }
        }
    }

    /// In place: `self = self - sibling` on the bins of `features`.
    public mutating func subtract(_ sibling: Histogram, features: [Int], offsets: [Int]) {
        gradients.withUnsafeMutableBufferPointer { g in
        hessians.withUnsafeMutableBufferPointer { h in
        counts.withUnsafeMutableBufferPointer { c in
            for feature in features {
                for b in offsets[feature]..<offsets[feature + 1] {
                    g[b] -= sibling.gradients[b]
                    h[b] -= sibling.hessians[b]
                    c[b] -= sibling.counts[b]
                }
            }
        }}}
    }
}
