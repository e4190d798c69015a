internal import CBoostedTreesKernels
import Dispatch

/// Gradient and hessian sums per bin, for every feature, over the rows of one leaf.
///
/// Bins of feature `f` occupy `offsets[f]..<offsets[f + 1]` of the flat arrays; bin 0 of each
/// feature is the missing-value bin. The gradient and hessian of a bin sit side by side
/// (`sums[b].x`, `sums[b].y`) so that adding a row costs one 16-byte update per feature; counts
/// are exact. Sums are accumulated in `Double`, row by row in the leaf's row order, and a
/// feature's bins are only ever touched by one task, so the result does not depend on the thread
/// count.
public struct Histogram: Sendable, Equatable {
    /// Gradient sum (`x`) and hessian sum (`y`) per bin.
    public var sums: [SIMD2<Double>]
    /// Row count per bin.
    public var counts: [Int32]

    /// An all-zero histogram of `binCount` bins.
    public init(binCount: Int) {
        sums = [SIMD2<Double>](repeating: .zero, count: binCount)
        counts = [Int32](repeating: 0, count: binCount)
    }

    /// Fills the histogram of `features` over `rows` (indices into the dataset, `nil` for every
    /// row in order). Other features' bins are left untouched.
    /// - Parameters:
    ///   - gradientPairs: (gradient, hessian) of every dataset row, indexed by row.
    ///   - offsets: first flat bin of each feature (`featureCount + 1` entries).
    public mutating func build(from data: BinnedDataset, rows: UnsafeBufferPointer<Int32>?,
                               gradientPairs: UnsafeBufferPointer<SIMD2<Float>>,
                               features: [Int], offsets: [Int], threadCount: Int) {
        let plan = _FeaturePlan(features: features, offsets: offsets, taskCount: threadCount)
        sums.withUnsafeMutableBufferPointer { s in
            counts.withUnsafeMutableBufferPointer { c in
                let sumsOut = _SendablePointer(s.baseAddress!), countsOut = _SendablePointer(c.baseAddress!)
                _FeaturePlan.perform(taskCount: plan.taskCount) { task in
                    Histogram._accumulate(data: data, rows: rows, gradientPairs: gradientPairs,
                                          features: plan.features(of: task), sums: sumsOut.pointer,
                                          counts: countsOut.pointer)
                }
            }
        }
    }

    /// In place: `self = self - sibling` on the bins of `features`: the histogram of a leaf's
    /// other child when `self` is the parent's.
    public mutating func subtract(_ sibling: Histogram, features: [Int], offsets: [Int]) {
        let plan = _FeaturePlan(features: features, offsets: offsets, taskCount: 1)
        sums.withUnsafeMutableBufferPointer { s in
            counts.withUnsafeMutableBufferPointer { c in
                sibling.sums.withUnsafeBufferPointer { siblingSums in
                    sibling.counts.withUnsafeBufferPointer { siblingCounts in
                        Histogram._subtract(features: plan.features(of: 0), sums: s.baseAddress!, counts: c.baseAddress!,
                                            siblingSums: siblingSums.baseAddress!, siblingCounts: siblingCounts.baseAddress!)
                    }
                }
            }
        }
    }

    /// Zeroes, then accumulates the bins of `features` over `rows` (all rows when `nil`).
    ///
    /// Reads each row's bins contiguously (`BinnedDataset` is row-major) and adds the row's
    /// (gradient, hessian) to one bin of every feature in `features` (`CBoostedTreesKernels`).
    /// When `knownCounts` is given (the counts of these rows, e.g. of every row, which do not
    /// change between trees), counts are copied from it instead of being counted.
    static func _accumulate(data: BinnedDataset, rows: UnsafeBufferPointer<Int32>?,
                            gradientPairs: UnsafeBufferPointer<SIMD2<Float>>, features: _FeatureSlice,
                            sums: UnsafeMutablePointer<SIMD2<Double>>, counts: UnsafeMutablePointer<Int32>,
                            knownCounts: UnsafePointer<Int32>? = nil) {
        let featureCount = features.count
        guard featureCount > 0 else { return }
        let columns = features.columns, starts = features.starts
        for k in 0..<featureCount {
            let start = starts[k], width = features.ends[k] - start
            (sums + start).update(repeating: .zero, count: width)
            if let knownCounts {
                (counts + start).update(from: knownCounts + start, count: width)
            } else {
                (counts + start).update(repeating: 0, count: width)
            }
        }
        let pairs = gradientPairs.baseAddress!
        // The C kernel: rows in the order given (every row when `rows` is nil), counting them
        // unless the counts were copied from `knownCounts`.
        data.bins.withUnsafeBufferPointer { bins in
            UnsafeRawPointer(pairs).withMemoryRebound(to: Float.self, capacity: 2 * data.rowCount) { floats in
                UnsafeMutableRawPointer(sums).withMemoryRebound(to: Double.self, capacity: 2 * (features.ends[featureCount - 1])) { doubles in
                    odml_histogram_accumulate_rows(bins.baseAddress, data.featureCount, rows?.baseAddress, rows?.count ?? data.rowCount,
                                                   floats, columns, starts, featureCount, features.uniformStride ?? 0, doubles,
                                                   knownCounts == nil ? counts : nil)
                }
            }
        }
    }

    /// `sums -= siblingSums`, `counts -= siblingCounts` on the bins of `features`.
    static func _subtract(features: _FeatureSlice, sums: UnsafeMutablePointer<SIMD2<Double>>,
                          counts: UnsafeMutablePointer<Int32>, siblingSums: UnsafePointer<SIMD2<Double>>,
                          siblingCounts: UnsafePointer<Int32>) {
        for k in 0..<features.count {
            for bin in features.starts[k]..<features.ends[k] {
                sums[bin] -= siblingSums[bin]
                counts[bin] &-= siblingCounts[bin]
            }
        }
    }
}
