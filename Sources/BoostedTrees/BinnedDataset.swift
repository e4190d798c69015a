internal import CBoostedTreesKernels
import Dispatch

/// The training matrix after binning, stored row-major (`bins[r * featureCount + f]`) so that
/// histogram building reads each row's bins from one place and adds the row to every feature's
/// histogram at once (LightGBM's "row-wise" layout).
public struct BinnedDataset: Sendable {
    /// The mapper that produced the bins.
    public let mapper: BinMapper
    /// Row-major bins, `rowCount * featureCount`.
    public let bins: [UInt8]
    /// Number of rows.
    public let rowCount: Int
    /// Number of features.
    public var featureCount: Int { mapper.featureCount }

    /// Bins `matrix` with `mapper`, using up to `threadCount` threads (contiguous row blocks).
    public init(matrix: FeatureMatrix, mapper: BinMapper, threadCount: Int = 1) {
        let rows = matrix.rowCount, features = matrix.featureCount
        // Every feature's bounds padded with +∞ to one power-of-two width (at least one pad): a
        // branch-free search of the same steps for every value (`odml_bin_rows`).
        var powerOfTwo = 1
        while powerOfTwo <= mapper.upperBounds.map(\.count).max() ?? 0 { powerOfTwo <<= 1 }
        let width = powerOfTwo
        var padded = [Float](repeating: .infinity, count: max(1, features) * width)
        for (feature, bounds) in mapper.upperBounds.enumerated() {
            padded.replaceSubrange(feature * width..<feature * width + bounds.count, with: bounds)
        }
        var keys = [Int32](repeating: 0, count: padded.count)
        odml_bin_order_keys(padded, padded.count, &keys)
        var bins = [UInt8](repeating: 0, count: rows * features)
        bins.withUnsafeMutableBufferPointer { output in
            let out = _SendablePointer(output.baseAddress!)
            matrix.values.withUnsafeBufferPointer { input in
                let source = _SendablePointer(UnsafeMutablePointer(mutating: input.baseAddress!))
                keys.withUnsafeBufferPointer { keys in
                    let keyBase = _SendablePointer(UnsafeMutablePointer(mutating: keys.baseAddress!))
                    let tasks = max(1, min(threadCount, rows / 4096))
                    let work: @Sendable (Int) -> Void = { task in
                        let first = rows * task / tasks, end = rows * (task + 1) / tasks
                        odml_bin_rows(source.pointer + first * features, end - first, features, keyBase.pointer, width,
                                      out.pointer + first * features)
                    }
                    if tasks > 1 {
                        DispatchQueue.concurrentPerform(iterations: tasks) { work($0) }
                    } else {
                        work(0)
                    }
                }
            }
        }
        self.mapper = mapper
        self.bins = bins
        self.rowCount = rows
    }

    /// The bin of `feature` in `row`.
    @inlinable public func bin(row: Int, feature: Int) -> UInt8 { bins[row * featureCount + feature] }
}

/// A raw pointer that may cross into `concurrentPerform` tasks that write disjoint ranges.
struct _SendablePointer<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}
