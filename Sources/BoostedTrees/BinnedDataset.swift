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
        // All bounds in one buffer: feature f's are boundValues[boundStarts[f] ..< boundStarts[f + 1]].
        var starts = [0]
        for f in 0..<features { starts.append(starts[f] + mapper.upperBounds[f].count) }
        let boundStarts = starts
        let boundValues = mapper.upperBounds.flatMap { $0 } + [.infinity]  // never read: keeps the buffer non-empty
        var bins = [UInt8](repeating: 0, count: rows * features)
        bins.withUnsafeMutableBufferPointer { output in
            let out = _SendablePointer(output.baseAddress!)
            matrix.values.withUnsafeBufferPointer { input in
                let source = _SendablePointer(UnsafeMutablePointer(mutating: input.baseAddress!))
                boundValues.withUnsafeBufferPointer { bounds in
                    let boundBase = _SendablePointer(UnsafeMutablePointer(mutating: bounds.baseAddress!))
                    let tasks = max(1, min(threadCount, rows / 4096))
                    let work: @Sendable (Int) -> Void = { task in
                        for row in (rows * task / tasks)..<(rows * (task + 1) / tasks) {
                            for feature in 0..<features {
                                let x = source.pointer[row * features + feature]
                                var bin = 0
                                if !x.isNaN {
                                    // First bound >= x (the bound count if none), branch-free.
                                    let b = boundBase.pointer + boundStarts[feature]
                                    var n = boundStarts[feature + 1] - boundStarts[feature]
                                    var low = 0
                                    if n > 0 {
                                        while n > 1 {
                                            let half = n >> 1
                                            let isBelow = b[low + half] < x
                                            low &+= half & -Int(unsafeBitCast(isBelow, to: UInt8.self))
                                            n -= half
                                        }
                                        low &+= Int(unsafeBitCast(b[low] < x, to: UInt8.self))
                                    }
                                    bin = low + 1
                                }
                                out.pointer[row * features + feature] = UInt8(truncatingIfNeeded: bin)
                            }
                        }
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
