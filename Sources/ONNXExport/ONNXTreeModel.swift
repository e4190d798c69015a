import BoostedTrees
import ModelFiles

/// Boosted tree ensembles in exportable form: one or more heads, each an ensemble whose raw
/// score for class `k` is `baseScores[k]` plus the leaf values of trees `t ≡ k (mod classCount)`
/// (the layout of `BoostedTrees.TreeEnsemble` and of the model file's `TreeEnsembleSection`).
///
/// The exported graph reads `features` of shape `NF` (`[batch, featureCount]`, `NaN` = missing)
/// and writes each head's raw scores `[batch, classCount]`.
public struct ONNXTreeModel: Sendable {
    /// One ensemble and how its trees map to outputs.
    public struct Head: Sendable {
        /// Output tensor name, for example `"period_raw"`.
        public var name: String
        /// Name of the arg-max label output of a classifier head (three or more classes).
        public var labelName: String
        /// The trees (absolute child indices, `x <= threshold` goes left).
        public var ensemble: TreeEnsembleSection
        /// Raw scores per row; tree `t` adds to score `t % classCount`.
        public var classCount: Int
        /// Starting raw score per class (`classCount` values).
        public var baseScores: [Float]
        /// What the output holds (the output's doc string).
        public var documentation: String

        /// A head named `name`; `labelName` defaults to `"<name>_label"`.
        public init(name: String, labelName: String? = nil, ensemble: TreeEnsembleSection, classCount: Int, baseScores: [Float],
                    documentation: String = "") {
            self.name = name
            self.labelName = labelName ?? name + "_label"
            self.ensemble = ensemble
            self.classCount = classCount
            self.baseScores = baseScores
            self.documentation = documentation
        }
    }

    /// Number of input columns.
    public var featureCount: Int
    /// Heads in output order.
    public var heads: [Head]

    /// A model from its heads.
    /// - Throws: `ONNXExportError.invalidSection` for a malformed ensemble, a categorical split, a
    ///   split on a column outside `0..<featureCount`, or base scores that do not match `classCount`.
    public init(featureCount: Int, heads: [Head]) throws {
        for head in heads {
            do {
                try head.ensemble.validate(name: head.name)
            } catch let error as ModelFileError {
                throw ONNXExportError.invalidSection(name: head.name, reason: error.description)
            }
            guard head.classCount > 0, head.baseScores.count == head.classCount else {
                throw ONNXExportError.invalidSection(name: head.name,
                                                     reason: "\(head.baseScores.count) base scores for \(head.classCount) classes")
            }
            if let node = head.ensemble.categorical.firstIndex(of: 1) {
                throw ONNXExportError.invalidSection(name: head.name, reason: "node \(node) is a categorical split; ONNX export supports numerical splits only")
            }
            if let bad = head.ensemble.feature.first(where: { $0 >= featureCount }) {
                throw ONNXExportError.invalidSection(name: head.name, reason: "splits on column \(bad), the input has \(featureCount) columns")
            }
        }
        self.featureCount = featureCount
        self.heads = heads
    }

    /// Raw scores computed by OnDeviceML (`BoostedTrees.GradientBoostedModel.predictRaw`, sums in
    /// `Double`, `NaN` follows `defaultLeft`), the reference the ONNX graph must match.
    /// - Parameters:
    ///   - input: `[rows, featureCount]` row-major.
    ///   - rows: `N`.
    /// - Returns: per head, `[rows, classCount]` row-major.
    /// - Throws: `ONNXExportError.inputMismatch` for a wrong input size.
    public func referenceOutputs(input: [Float], rows: Int) throws -> [String: [Float]] {
        guard rows > 0, input.count == rows * featureCount else {
            throw ONNXExportError.inputMismatch(expected: "\(rows) x \(featureCount) values", found: "\(input.count) values")
        }
        var outputs: [String: [Float]] = [:]
        for head in heads {
            let model = GradientBoostedModel(ensemble: try _treeEnsemble(head.ensemble, name: head.name),
                                             objective: head.classCount == 1 ? .squaredError : .multiclassSoftmax(classCount: head.classCount),
                                             baseScores: head.baseScores.map(Double.init),
                                             featureNames: (0..<featureCount).map { "f\($0)" })
            let matrix = try FeatureMatrix(values: input, rowCount: rows, featureCount: featureCount)
            outputs[head.name] = model.predictRaw(matrix).map(Float.init)
        }
        return outputs
    }
}

/// A file section (absolute children, trees anywhere) as `BoostedTrees.TreeEnsemble` (each tree's
/// reachable nodes contiguous, pre-order, children relative to the tree's first node).
func _treeEnsemble(_ section: TreeEnsembleSection, name: String) throws -> TreeEnsemble {
    var starts: [Int32] = [0]
    var feature: [Int32] = [], threshold: [Float] = [], left: [Int32] = [], right: [Int32] = []
    var value: [Double] = [], cover: [Double] = [], defaultLeft: [Bool] = []
    for root in section.treeStarts {
        let base = feature.count
        var order: [Int] = []
        var stack = [Int(root)]
        while let node = stack.popLast() {
            order.append(node)
            if section.feature[node] >= 0 { stack += [Int(section.right[node]), Int(section.left[node])] }
        }
        let position = Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, Int32($0)) })
        for node in order {
            let isLeaf = section.feature[node] < 0
            feature.append(section.feature[node])
            threshold.append(section.threshold[node])
            left.append(isLeaf ? -1 : position[Int(section.left[node])]!)
            right.append(isLeaf ? -1 : position[Int(section.right[node])]!)
            value.append(Double(section.value[node]))
            cover.append(Double(section.cover[node]))
            defaultLeft.append(section.defaultLeft[node] == 1)
        }
        starts.append(Int32(base + order.count))
    }
    do {
        return try TreeEnsemble(treeStarts: starts, feature: feature, threshold: threshold, left: left, right: right,
                                value: value, cover: cover, defaultLeft: defaultLeft)
    } catch let error as BoostedTreesError {
        throw ONNXExportError.invalidSection(name: name, reason: error.description)
    }
}
