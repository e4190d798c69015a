/// Reading and writing LightGBM's text model format (`version=v4`), so that
/// `lightgbm.Booster(model_file=…)` and `shap.TreeExplainer` can load our models and we can load
/// theirs. Numerical splits are written with missing type NaN and the default-direction bit;
/// categorical splits as LightGBM's categorical decision (`decision_type` bit 0, `threshold` an
/// index into `cat_boundaries`, the category as a bit of the `cat_threshold` words, missing
/// type NaN). LightGBM sends a missing categorical value right whatever the split says (on
/// x86-64 its integer conversion of `NaN` is negative, and negative codes go right), so a
/// categorical split that sends missing values left cannot be written. The model's base scores
/// are folded into the first tree of each class, as LightGBM does. Reading accepts categorical
/// splits of one category.
extension GradientBoostedModel {
    /// The model as LightGBM text; throws `unsupportedExport` for a categorical split that sends
    /// missing values left (LightGBM cannot express it).
    public func lightGBMText() throws -> String {
        let classes = classCount
        let names = featureNames.map { $0.replacingOccurrences(of: " ", with: "_").replacingOccurrences(of: "=", with: "_") }
        var blocks: [String] = []
        for tree in 0..<ensemble.treeCount {
            blocks.append("Tree=\(tree)\n" + (try _lightGBMTreeBody(tree: tree, bias: tree < classes ? baseScores[tree % classes] : 0)) + "\n")
        }
        var text = "tree\nversion=v4\n"
        text += "num_class=\(classes)\nnum_tree_per_iteration=\(classes)\nlabel_index=0\n"
        text += "max_feature_idx=\(featureCount - 1)\n"
        text += "objective=\(objective.lightGBMName)\n"
        text += "feature_names=\(names.joined(separator: " "))\n"
        let infos = featureRanges.map { range -> String in
            guard range.count == 2, !range[0].isNaN, !range[1].isNaN else { return "none" }
            return "[\(Double(range[0])):\(Double(range[1]))]"
        }
        text += "feature_infos=\(infos.joined(separator: " "))\n"
        text += "tree_sizes=\(blocks.map { String($0.utf8.count) }.joined(separator: " "))\n\n"
        text += blocks.joined()
        text += "end of trees\n\nfeature_importances:\n"
        let importance = featureImportance
        for feature in importance.splitCount.indices.sorted(by: { importance.splitCount[$0] > importance.splitCount[$1] })
        where importance.splitCount[feature] > 0 {
            text += "\(names[feature])=\(importance.splitCount[feature])\n"
        }
        text += "\nparameters:\nend of parameters\n\npandas_categorical:null\n"
        return text
    }

    func _lightGBMTreeBody(tree: Int, bias: Double) throws -> String {
        let start = Int(ensemble.treeStarts[tree]), end = Int(ensemble.treeStarts[tree + 1])
        var splitNodes: [Int] = [], leaves: [Int] = []
        var internalIndex = [Int](repeating: 0, count: end - start), leafIndex = internalIndex
        for node in 0..<(end - start) {
            if ensemble.feature[start + node] >= 0 { internalIndex[node] = splitNodes.count; splitNodes.append(node) } else {
                leafIndex[node] = leaves.count; leaves.append(node)
            }
        }
        func child(_ node: Int32) -> String {
            let n = Int(node)
            return ensemble.feature[start + n] >= 0 ? "\(internalIndex[n])" : "\(-(leafIndex[n] + 1))"
        }
        func line(_ key: String, _ items: [String]) -> String { "\(key)=\(items.joined(separator: " "))\n" }
        // Categorical splits: one bitset of 32-bit words per split, holding its category.
        var categoryIndex = [Int](repeating: -1, count: end - start)
        var boundaries = [0], words: [UInt32] = []
        for node in splitNodes where ensemble.isCategorical[start + node] {
            let code = ensemble.threshold[start + node]
            guard code >= 0, code <= BinMapper._largestCategory, code.rounded(.towardZero) == code else {
                throw BoostedTreesError.unsupportedExport(format: "LightGBM text", reason:
                    "tree \(tree) node \(node): categorical split on category \(code), expected a non-negative integer code")
            }
            if ensemble.defaultLeft[start + node] {
                throw BoostedTreesError.unsupportedExport(format: "LightGBM text", reason:
                    "tree \(tree) node \(node): categorical split on feature \(ensemble.feature[start + node]) sends missing values "
                    + "left, LightGBM sends them right: give missing categories a code of their own before training")
            }
            let category = Int(code)
            var bitset = [UInt32](repeating: 0, count: category / 32 + 1)
            bitset[category / 32] = 1 << UInt32(category % 32)
            categoryIndex[node] = boundaries.count - 1
            words += bitset
            boundaries.append(words.count)
        }
        /// Missing type NaN (8), bit 1 the default direction, bit 0 categorical.
        func decisionType(_ node: Int) -> Int {
            let n = start + node
            return 8 | (ensemble.defaultLeft[n] ? 2 : 0) | (ensemble.isCategorical[n] ? 1 : 0)
        }
        var body = "num_leaves=\(leaves.count)\nnum_cat=\(boundaries.count - 1)\n"
        body += line("split_feature", splitNodes.map { "\(ensemble.feature[start + $0])" })
        body += line("split_gain", splitNodes.map { "\(ensemble.gain[start + $0])" })
        body += line("threshold", splitNodes.map {
            categoryIndex[$0] >= 0 ? "\(categoryIndex[$0])" : "\(Double(ensemble.threshold[start + $0]))"
        })
        body += line("decision_type", splitNodes.map { "\(decisionType($0))" })
        body += line("left_child", splitNodes.map { child(ensemble.left[start + $0]) })
        body += line("right_child", splitNodes.map { child(ensemble.right[start + $0]) })
        body += line("leaf_value", leaves.map { "\(ensemble.value[start + $0] + bias)" })
        body += line("leaf_weight", leaves.map { "\(ensemble.hessianSum[start + $0])" })
        body += line("leaf_count", leaves.map { "\(Int(ensemble.cover[start + $0]))" })
        body += line("internal_value", splitNodes.map { "\(ensemble.value[start + $0] + bias)" })
        body += line("internal_weight", splitNodes.map { "\(ensemble.hessianSum[start + $0])" })
        body += line("internal_count", splitNodes.map { "\(Int(ensemble.cover[start + $0]))" })
        if boundaries.count > 1 {
            body += line("cat_boundaries", boundaries.map { "\($0)" })
            body += line("cat_threshold", words.map { "\($0)" })
        }
        body += "is_linear=0\nshrinkage=1\n\n"
        return body
    }

    /// Parses a LightGBM text model (numerical splits and categorical splits of one category).
    /// Base scores are 0: LightGBM keeps
    /// them inside the first trees. Throws `malformedModelText` naming the line and field.
    public init(lightGBMText text: String) throws {
        var header: [String: (line: Int, value: String)] = [:]
        var trees: [[String: (line: Int, value: String)]] = []
        var lineNumber = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            let line = raw.trimmingCharacters(in: [" ", "\r"])
            if line == "end of trees" { break }
            guard let equals = line.firstIndex(of: "=") else { continue }
            let key = String(line[..<equals]), value = String(line[line.index(after: equals)...])
            if key == "Tree" { trees.append([:]); continue }
            if trees.isEmpty { header[key] = (lineNumber, value) } else { trees[trees.count - 1][key] = (lineNumber, value) }
        }
        func field(_ table: [String: (line: Int, value: String)], _ key: String) throws -> (line: Int, value: String) {
            guard let entry = table[key] else {
                throw BoostedTreesError.malformedModelText(line: lineNumber, field: key, expected: "a \(key)= line", found: "")
            }
            return entry
        }
        func numbers<T: LosslessStringConvertible>(_ table: [String: (line: Int, value: String)], _ key: String,
                                                    count: Int, as type: T.Type) throws -> [T] {
            let entry = try field(table, key)
            let items = entry.value.split(separator: " ").map(String.init)
            guard items.count == count else {
                throw BoostedTreesError.malformedModelText(line: entry.line, field: key, expected: "\(count) values",
                                                           found: "\(items.count) values")
            }
            return try items.map { item in
                guard let parsed = T(item) else {
                    throw BoostedTreesError.malformedModelText(line: entry.line, field: key, expected: "a number", found: item)
                }
                return parsed
            }
        }
        let classes = try numbers(header, "num_class", count: 1, as: Int.self)[0]
        let maxFeature = try numbers(header, "max_feature_idx", count: 1, as: Int.self)[0]
        let objectiveEntry = try field(header, "objective")
        guard let kind = ObjectiveKind(lightGBMName: objectiveEntry.value, classCount: classes) else {
            throw BoostedTreesError.malformedModelText(line: objectiveEntry.line, field: "objective",
                                                       expected: "regression, binary, multiclass or poisson", found: objectiveEntry.value)
        }
        let names = (header["feature_names"]?.value.split(separator: " ").map(String.init)) ?? (0...maxFeature).map { "Column_\($0)" }
        var ensemble = TreeEnsemble()
        for table in trees {
            let leafCount = try numbers(table, "num_leaves", count: 1, as: Int.self)[0]
            var tree = Tree()
            let leafValues = try numbers(table, "leaf_value", count: leafCount, as: Double.self)
            if leafCount <= 1 {
                let count = (try? numbers(table, "leaf_count", count: 1, as: Int.self)[0]) ?? 1
                let weight = (try? numbers(table, "leaf_weight", count: 1, as: Double.self)[0]) ?? 0
                tree.appendLeaf(value: leafValues[0], cover: Double(count), hessianSum: weight)
                ensemble.append(tree)
                continue
            }
            let splits = leafCount - 1
            let feature = try numbers(table, "split_feature", count: splits, as: Int.self)
            let threshold = try numbers(table, "threshold", count: splits, as: Double.self)
            let decision = try numbers(table, "decision_type", count: splits, as: Int.self)
            let left = try numbers(table, "left_child", count: splits, as: Int.self)
            let right = try numbers(table, "right_child", count: splits, as: Int.self)
            let gain = (try? numbers(table, "split_gain", count: splits, as: Double.self)) ?? Array(repeating: 0, count: splits)
            let leafCounts = try numbers(table, "leaf_count", count: leafCount, as: Double.self)
            let internalCounts = try numbers(table, "internal_count", count: splits, as: Double.self)
            let internalValues = try numbers(table, "internal_value", count: splits, as: Double.self)
            let leafWeights = (try? numbers(table, "leaf_weight", count: leafCount, as: Double.self)) ?? Array(repeating: 0, count: leafCount)
            let internalWeights = (try? numbers(table, "internal_weight", count: splits, as: Double.self)) ?? Array(repeating: 0, count: splits)
            // Categorical splits: the single category of each bitset.
            var categories = [Float?](repeating: nil, count: splits)
            if decision.contains(where: { $0 & 1 != 0 }) {
                let catCount = try numbers(table, "num_cat", count: 1, as: Int.self)[0]
                let boundaries = try numbers(table, "cat_boundaries", count: catCount + 1, as: Int.self)
                let wordsEntry = try field(table, "cat_threshold")
                let words = try numbers(table, "cat_threshold", count: wordsEntry.value.split(separator: " ").count, as: UInt32.self)
                for (index, type) in decision.enumerated() where type & 1 != 0 {
                    let set = Int(threshold[index])
                    guard (0..<catCount).contains(set), boundaries[set] <= boundaries[set + 1], boundaries[set + 1] <= words.count else {
                        throw BoostedTreesError.malformedModelText(line: table["threshold"]!.line, field: "threshold",
                                                                   expected: "a category set in 0..<\(catCount)", found: "\(threshold[index])")
                    }
                    var members: [Int] = []
                    for word in boundaries[set]..<boundaries[set + 1] where words[word] != 0 {
                        for bit in 0..<32 where words[word] & (1 << UInt32(bit)) != 0 { members.append((word - boundaries[set]) * 32 + bit) }
                    }
                    guard members.count == 1 else {
                        throw BoostedTreesError.malformedModelText(line: wordsEntry.line, field: "cat_threshold",
                                                                   expected: "one category per split", found: "\(members.count) at split \(index)")
                    }
                    categories[index] = Float(members[0])
                }
            }
            for i in 0..<splits { tree.appendLeaf(value: internalValues[i], cover: internalCounts[i], hessianSum: internalWeights[i]) }
            for j in 0..<leafCount { tree.appendLeaf(value: leafValues[j], cover: leafCounts[j], hessianSum: leafWeights[j]) }
            for i in 0..<splits {
                func node(_ child: Int) throws -> Int {
                    let index = child >= 0 ? child : splits + (-child - 1)
                    guard (1..<(splits + leafCount)).contains(index) else {
                        throw BoostedTreesError.malformedModelText(line: table["left_child"]!.line, field: "left_child/right_child",
                                                                   expected: "child indices inside the tree", found: "\(child)")
                    }
                    return index
                }
                guard (0...maxFeature).contains(feature[i]) else {
                    throw BoostedTreesError.malformedModelText(line: table["split_feature"]!.line, field: "split_feature",
                                                               expected: "0...\(maxFeature)", found: "\(feature[i])")
                }
                if let category = categories[i] {
                    // LightGBM sends missing categorical values right.
                    tree.split(node: i, feature: feature[i], threshold: category, defaultLeft: false, gain: gain[i],
                               leftChild: try node(left[i]), rightChild: try node(right[i]), isCategorical: true)
                    continue
                }
                tree.split(node: i, feature: feature[i], threshold: Float(threshold[i]), defaultLeft: decision[i] & 2 != 0,
                           gain: gain[i], leftChild: try node(left[i]), rightChild: try node(right[i]))
            }
            ensemble.append(tree)
        }
        self.init(ensemble: ensemble, objective: kind, baseScores: [Double](repeating: 0, count: classes), featureNames: names)
    }
}

extension ObjectiveKind {
    /// The objective line LightGBM writes.
    public var lightGBMName: String {
        switch self {
        case .squaredError: return "regression"
        case .binaryLogLoss: return "binary sigmoid:1"
        case let .multiclassSoftmax(count): return "multiclass num_class:\(count)"
        case .poisson: return "poisson"
        }
    }

    /// Parses LightGBM's objective line.
    public init?(lightGBMName: String, classCount: Int) {
        switch lightGBMName.split(separator: " ").first.map(String.init) ?? "" {
        case "regression", "regression_l2", "l2": self = .squaredError
        case "binary": self = .binaryLogLoss
        case "multiclass", "softmax": self = .multiclassSoftmax(classCount: classCount)
        case "poisson": self = .poisson
        default: return nil
        }
    }
}
