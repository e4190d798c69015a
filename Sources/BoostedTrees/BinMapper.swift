/// Maps raw feature values to `UInt8` bins: quantile bins over the non-missing values, and
/// bin 0 reserved for `NaN` (missing). Bin `b >= 1` holds the values `x` with
/// `upperBounds[b - 2] < x <= upperBounds[b - 1]` (the last bin is open above), so a split
/// "bins `1...t` go left" is the raw-value test `x <= upperBounds[t - 1]`.
///
/// When a feature has at most `maximumBinCount - 1` distinct values, every distinct value gets
/// its own bin and the bounds lie between neighbours; otherwise bounds are greedy quantiles of
/// the sorted values (each bin holds about the same number of rows, a very frequent value gets a
/// bin to itself), always strictly between two distinct values.
///
/// A categorical feature gets one bin per category code seen in training, in increasing code
/// order (bounds halfway between neighbouring codes); a split on it sends one category left and
/// every other value right (see `threshold(feature:bin:)`).
public struct BinMapper: Sendable, Equatable {
    /// Per feature: increasing bin upper bounds (raw values); `upperBounds[f].count + 1` value bins.
    public let upperBounds: [[Float]]
    /// Per feature: smallest and largest non-missing training value (`nan` when all missing).
    public let ranges: [(minimum: Float, maximum: Float)]
    /// Per feature: the category codes of a categorical feature, increasing (bin `b` holds
    /// `categories[f][b - 1]`); empty for numerical features.
    public let categories: [[Float]]

    public static func == (lhs: BinMapper, rhs: BinMapper) -> Bool {
        lhs.upperBounds == rhs.upperBounds && lhs.categories == rhs.categories
            && lhs.ranges.map(\.minimum).elementsEqual(rhs.ranges.map(\.minimum)) { $0 == $1 || ($0.isNaN && $1.isNaN) }
            && lhs.ranges.map(\.maximum).elementsEqual(rhs.ranges.map(\.maximum)) { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }

    /// Number of features.
    public var featureCount: Int { upperBounds.count }

    /// Total bins of feature `feature`, including the missing-value bin 0.
    public func binCount(of feature: Int) -> Int { upperBounds[feature].count + 2 }

    /// `true` when `feature` is categorical.
    public func isCategorical(_ feature: Int) -> Bool { !categories[feature].isEmpty }

    /// Learns bins from `matrix` using at most `sampleRowCount` evenly spaced rows (categorical
    /// features read every row, checking each code).
    /// - Parameters:
    ///   - maximumBinCount: bins per feature including the missing bin, 3...256.
    ///   - categoricalFeatures: features holding category codes (non-negative integers or `NaN`).
    public init(fitting matrix: FeatureMatrix, maximumBinCount: Int = 256, sampleRowCount: Int = 200_000,
                categoricalFeatures: [Int] = []) throws {
        guard (3...256).contains(maximumBinCount) else {
            throw BoostedTreesError.invalidParameter(name: "maximumBinCount", value: "\(maximumBinCount)", expected: "3...256")
        }
        if let outside = categoricalFeatures.first(where: { !(0..<matrix.featureCount).contains($0) }) {
            throw BoostedTreesError.invalidParameter(name: "categoricalFeatures", value: "\(outside)",
                                                     expected: "feature indices in 0..<\(matrix.featureCount)")
        }
        let categorical = Set(categoricalFeatures)
        let valueBinLimit = maximumBinCount - 1
        let step = max(1, matrix.rowCount / max(1, sampleRowCount))
        var bounds: [[Float]] = []
        var ranges: [(Float, Float)] = []
        var column: [Float] = []
        column.reserveCapacity(matrix.rowCount / step + 1)
        var categories: [[Float]] = []
        for feature in 0..<matrix.featureCount {
            if categorical.contains(feature) {
                let codes = try BinMapper._categories(of: feature, in: matrix, limit: valueBinLimit)
                categories.append(codes)
                ranges.append(codes.isEmpty ? (.nan, .nan) : (codes[0], codes[codes.count - 1]))
                bounds.append((0..<max(0, codes.count - 1)).map { BinMapper._midpoint(codes[$0], codes[$0 + 1]) })
                continue
            }
            categories.append([])
            column.removeAll(keepingCapacity: true)
            var row = 0
            while row < matrix.rowCount {
                let x = matrix.values[row * matrix.featureCount + feature]
                if !x.isNaN { column.append(x) }
                row += step
            }
            column.sort()
            ranges.append(column.isEmpty ? (.nan, .nan) : (column[0], column[column.count - 1]))
            bounds.append(BinMapper._bounds(sorted: column, valueBinLimit: valueBinLimit))
        }
        self.upperBounds = bounds
        self.ranges = ranges
        self.categories = categories
    }

    /// Creates a mapper from known bounds (for tests and reloading); `categories` lists the codes
    /// of categorical features (empty for numerical ones; all numerical when `nil`).
    public init(upperBounds: [[Float]], ranges: [(minimum: Float, maximum: Float)], categories: [[Float]]? = nil) {
        self.upperBounds = upperBounds
        self.ranges = ranges
        self.categories = categories ?? upperBounds.map { _ in [] }
    }

    /// Largest category code: codes are exact in `Float` up to 2^24.
    static let _largestCategory: Float = 16_777_216

    /// The distinct codes of categorical `feature`, increasing; throws on a value that is not a
    /// code or when there are more than `limit`.
    static func _categories(of feature: Int, in matrix: FeatureMatrix, limit: Int) throws -> [Float] {
        var seen = Set<Float>()
        for row in 0..<matrix.rowCount {
            let x = matrix.values[row * matrix.featureCount + feature]
            if x.isNaN { continue }
            guard x >= 0, x <= _largestCategory, x.rounded(.towardZero) == x else {
                throw BoostedTreesError.invalidCategory(feature: feature, row: row, value: x)
            }
            seen.insert(x + 0)   // -0 is category 0
        }
        guard seen.count <= limit else {
            throw BoostedTreesError.tooManyCategories(feature: feature, count: seen.count, limit: limit)
        }
        return seen.sorted()
    }

    /// A value strictly between `low < high` that is `>= low` and `< high` in `Float`.
    static func _midpoint(_ low: Float, _ high: Float) -> Float {
        let middle = Float((Double(low) + Double(high)) / 2)
        return (middle >= low && middle < high) ? middle : low
    }

    /// Bound separating zero from its neighbours: zero always has a bin of its own (as in LightGBM).
    static let _zeroMargin: Float = 1e-35

    static func _bounds(sorted values: [Float], valueBinLimit: Int) -> [Float] {
        guard !values.isEmpty else { return [] }
        // Negative and positive values are binned separately, in proportion to their counts,
        // around a bin that holds zero: `(-margin, margin]`.
        let negativeEnd = values.firstIndex { $0 >= -_zeroMargin } ?? values.count
        let positiveStart = values.firstIndex { $0 > _zeroMargin } ?? values.count
        let negativeCount = negativeEnd, positiveCount = values.count - positiveStart
        guard negativeCount + positiveCount > 0 else { return [] }
        var bounds: [Float] = []
        if negativeCount > 0 {
            let share = Double(negativeCount) / Double(negativeCount + positiveCount)
            let negativeBins = max(1, Int(share * Double(valueBinLimit - 1)))
            bounds = _partBounds(sorted: values[..<negativeEnd], valueBinLimit: negativeBins)
            bounds.append(-_zeroMargin)
        }
        if positiveCount > 0 {
            bounds.append(_zeroMargin)
            let positiveBins = max(1, valueBinLimit - bounds.count)
            bounds += _partBounds(sorted: values[positiveStart...], valueBinLimit: positiveBins)
        }
        return bounds
    }

    /// Bounds strictly inside `values` (sorted) splitting them into at most `valueBinLimit` bins.
    static func _partBounds(sorted values: ArraySlice<Float>, valueBinLimit: Int) -> [Float] {
        guard !values.isEmpty, valueBinLimit > 1 else { return [] }
        var distinct: [Float] = []
        var counts: [Int] = []
        for x in values {
            if let last = distinct.last, last == x { counts[counts.count - 1] += 1 } else { distinct.append(x); counts.append(1) }
        }
        if distinct.count <= valueBinLimit {
            return (0..<(distinct.count - 1)).map { _midpoint(distinct[$0], distinct[$0 + 1]) }
        }
        // Quantile bounds, greedily: a value holding at least a bin's share of rows gets a bin of
        // its own; otherwise a bin closes once it holds its share of the rows not yet binned (or
        // half of it, just before a value that gets its own bin).
        var meanBinSize = Double(values.count) / Double(valueBinLimit)
        let isLarge = counts.map { Double($0) >= meanBinSize }
        var remainingBins = valueBinLimit - isLarge.filter { $0 }.count
        var remainingRows = zip(counts, isLarge).reduce(0) { $0 + ($1.1 ? 0 : $1.0) }
        meanBinSize = Double(remainingRows) / Double(max(1, remainingBins))
        var result: [Float] = []
        var inBin = 0
        for index in 0..<(distinct.count - 1) {
            if !isLarge[index] { remainingRows -= counts[index] }
            inBin += counts[index]
            if isLarge[index] || Double(inBin) >= meanBinSize || (isLarge[index + 1] && Double(inBin) >= max(1, meanBinSize / 2)) {
                result.append(_midpoint(distinct[index], distinct[index + 1]))
                if result.count >= valueBinLimit - 1 { break }
                inBin = 0
                if !isLarge[index] {
                    remainingBins -= 1
                    meanBinSize = Double(remainingRows) / Double(max(1, remainingBins))
                }
            }
        }
        return result
    }

    /// The bin of value `x` for `feature` (0 for `NaN`).
    @inlinable public func bin(of x: Float, feature: Int) -> UInt8 {
        if x.isNaN { return 0 }
        return UInt8(truncatingIfNeeded: BinMapper._firstIndex(notBelow: x, in: upperBounds[feature]) + 1)
    }

    /// Index of the first bound `>= x` (the bounds' count if none).
    @inlinable static func _firstIndex(notBelow x: Float, in bounds: [Float]) -> Int {
        var low = 0, high = bounds.count
        while low < high {
            let middle = (low + high) >> 1
            if bounds[middle] < x { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The raw threshold of the split "value bins `1...bin` go left"; for a categorical feature,
    /// the code of the category in `bin` (the split "bin `bin` goes left").
    public func threshold(feature: Int, bin: Int) -> Float {
        isCategorical(feature) ? categories[feature][bin - 1] : upperBounds[feature][bin - 1]
    }
}
