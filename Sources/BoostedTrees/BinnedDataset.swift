import Dispatch

/// The training matrix after binning, stored column-major (`bins[f * rowCount + r]`) so that
/// histogram building reads one feature's bins contiguously.
public struct BinnedDataset: Sendable {
    /// The mapper that produced the bins.
    public let mapper: BinMapper
    /// Column-major bins, `featureCount * rowCount`.
    public let bins: [UInt8]
    /// Number of rows.
    public let rowCount: Int
    /// Number of features.
    public var featureCount: Int { mapper.featureCount }

    /// Bins `matrix` with `mapper`, using up to `threadCount` threads (one column per task).
    public init(matrix: FeatureMatrix, mapper: BinMapper, threadCount: Int = 1) {
        let rows = matrix.rowCount, features = matrix.featureCount
        var bins = [UInt8](repeating: 0, count: rows * features)
        bins.withUnsafeMutableBufferPointer { output in
            let out = _SendablePointer(output.baseAddress!)
            matrix.values.withUnsafeBufferPointer { input in
                let source = _SendablePointer(UnsafeMutablePointer(mutating: input.baseAddress!))
                let work: @Sendable (Int) -> Void = { (feature: Int) in
                    let bounds = mapper.upperBounds[feature]
                    bounds.withUnsafeBufferPointer { b in
                        let column = out.pointer + feature * rows
                        for row in 0..<rows {
                            let x = source.pointer[row * features + feature]
                            if x.isNaN { column[row] = 0; continue }
                            var low = 0, high = b.count
                            while low < high {
                                let middle = (low + high) >> 1
                                if b[middle] < x { low = middle + 1 } else { high = middle }
                            }
                            column[row] = UInt8(truncatingIfNeeded: low + 1)
                        }
                    }
                }
                if threadCount > 1 {
                    DispatchQueue.concurrentPerform(iterations: features) { work($0) }
                } else {
                    for feature in 0..<features { work(feature) }
                }
            }
        }
        self.mapper = mapper
        self.bins = bins
        self.rowCount = rows
    }
}

/// A raw pointer that may cross into `concurrentPerform` tasks that write disjoint ranges.
struct _SendablePointer<T>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<T>
    init(_ pointer: UnsafeMutablePointer<T>) { self.pointer = pointer }
}
