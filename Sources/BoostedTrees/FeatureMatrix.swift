/// A dense row-major table of `Float` features; `Float.nan` marks a missing value.
///
/// `values` has shape `NF` (row `r`, feature `f` at `values[r * featureCount + f]`).
public struct FeatureMatrix: Sendable, Equatable {
    /// Row-major values, `rowCount * featureCount` of them.
    public var values: [Float]
    /// Number of rows `N`.
    public let rowCount: Int
    /// Number of features `F`.
    public let featureCount: Int

    /// Wraps row-major `values` of shape `NF`; throws when the count does not match.
    public init(values: [Float], rowCount: Int, featureCount: Int) throws {
        guard values.count == rowCount * featureCount else {
            throw BoostedTreesError.shapeMismatch(what: "FeatureMatrix values (\(rowCount) rows x \(featureCount) features)",
                                                  expected: rowCount * featureCount, found: values.count)
        }
        self.values = values
        self.rowCount = rowCount
        self.featureCount = featureCount
    }

    /// Builds a matrix from rows of equal length.
    public init(rows: [[Float]]) throws {
        let width = rows.first?.count ?? 0
        var flat: [Float] = []
        flat.reserveCapacity(rows.count * width)
        for (index, row) in rows.enumerated() {
            guard row.count == width else {
                throw BoostedTreesError.shapeMismatch(what: "FeatureMatrix row \(index)", expected: width, found: row.count)
            }
            flat.append(contentsOf: row)
        }
        try self.init(values: flat, rowCount: rows.count, featureCount: width)
    }

    /// The features of row `index` (a copy).
    public func row(_ index: Int) -> [Float] {
        Array(values[(index * featureCount)..<((index + 1) * featureCount)])
    }

    /// The rows at `indices`, in that order.
    public func rows(_ indices: [Int]) -> FeatureMatrix {
        var flat: [Float] = []
        flat.reserveCapacity(indices.count * featureCount)
        for index in indices { flat.append(contentsOf: values[(index * featureCount)..<((index + 1) * featureCount)]) }
        // The count matches by construction.
        return try! FeatureMatrix(values: flat, rowCount: indices.count, featureCount: featureCount)
    }
}
