import BoostedTrees
import Explanations

extension Attribution {
    /// TreeSHAP contributions of one row of a boosted-trees model, for one class's raw score.
    ///
    /// - Parameters:
    ///   - explainer: a `TreeSHAP` workspace for the model (reuse one per thread).
    ///   - row: the row, `model.featureCount` values (NaN for missing, shown as not logged).
    ///   - features: one descriptor per feature (default: the model's feature names, group `other`).
    ///   - classIndex: which class's raw score to explain (0 for regression and binary models).
    ///   - baselineValues: reference values for the directions (e.g. training means), if known.
    public init(treeSHAP explainer: inout TreeSHAP, row: [Float], features: [FeatureDescriptor]? = nil,
                classIndex: Int = 0, baselineValues: [Double?]? = nil) throws {
        let model = explainer.model
        guard row.count == model.featureCount else {
            throw ExplanationError.lengthMismatch(what: "row", expected: model.featureCount, found: row.count)
        }
        guard (0..<model.classCount).contains(classIndex) else {
            throw ExplanationError.invalidParameter(name: "classIndex", expected: "0..<\(model.classCount)", found: "\(classIndex)")
        }
        var values = [Double](repeating: 0, count: explainer.valuesPerRow)
        row.withUnsafeBufferPointer { r in values.withUnsafeMutableBufferPointer { explainer.values(row: r, into: $0) } }
        let stride = model.featureCount + 1, start = classIndex * stride
        try self.init(shapValues: Array(values[start..<(start + model.featureCount)]),
                      expectedValue: values[start + model.featureCount],
                      features: features ?? model.featureNames.map { FeatureDescriptor(key: $0, group: .other) },
                      values: row.map { $0.isNaN ? nil : Double($0) }, baselineValues: baselineValues)
    }
}
