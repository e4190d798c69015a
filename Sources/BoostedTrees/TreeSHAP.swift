import Dispatch

/// Exact path-dependent TreeSHAP (Lundberg, Erion & Lee 2018; Lundberg et al. 2020,
/// Algorithm 2): the Shapley values of every feature for the model's raw score, where a
/// feature that is "absent" follows both children of a split weighted by their training cover.
///
/// One recursion per tree tracks, along the current root-to-node path, each unique feature's
/// fraction of "zero" paths (cover ratio) and "one" paths (1 if the row follows the split, 0
/// otherwise) with the permutation weights of every subset size; at a leaf, "unwinding" a
/// feature from the path gives its weight, and its contribution is that weight times
/// `(one − zero) · leaf value`. Runs in `O(L D²)` per tree. The values of a row sum to its raw
/// score minus the expected value (the cover-weighted mean raw score).
///
/// Trees whose leaves have few unique features (all trees of usual boosted models) use Fast
/// TreeSHAP v2 (Yang 2021): per-leaf tables computed once per ensemble (see
/// `_FastTreeSHAPTables`) reduce a row's cost to `O(L D)` per tree; the others use the recursion
/// above. Both give the same values up to rounding.
///
/// A `TreeSHAP` holds its workspace; reuse one per thread.
public struct TreeSHAP {
    struct _PathElement {
        var feature: Int
        var zeroFraction: Double
        var oneFraction: Double
        var weight: Double
    }

    /// The explained model.
    public let model: GradientBoostedModel
    /// Expected raw score per class (the SHAP base value).
    public let expectedValues: [Double]
    var path: [_PathElement]
    /// `1 / k` for `k` in `0...` the longest path (`[0]` unused), for `_unwoundSum`.
    let reciprocals: [Double]

    /// When to use the Fast TreeSHAP v2 tables.
    enum _TableUse {
        /// Once the ensemble has explained enough rows (see `_EnsembleCache`).
        case automatic
        /// From the first row.
        case always
        /// Never: the classic recursion on every tree.
        case never
    }

    let tableUse: _TableUse
    /// Fast TreeSHAP v2 tables of the model's ensemble (`nil`: the recursion for every tree).
    var tables: _FastTreeSHAPTables?
    /// Per node of the current tree: 1 when the row goes left (the tabulated path's workspace).
    var decisions: [UInt8] = [0]

    /// Prepares the workspace for `model`.
    public init(model: GradientBoostedModel) {
        self.init(model: model, tableUse: .automatic)
    }

    /// Prepares the workspace for `model`, with the tables used as `tableUse` says.
    init(model: GradientBoostedModel, tableUse: _TableUse) {
        self.model = model
        self.tableUse = tableUse
        let basics = model.ensemble._cache.treeSHAPBasics(for: model.ensemble)
        let depth = basics.maximumDepth + 2
        path = [_PathElement](repeating: _PathElement(feature: -1, zeroFraction: 0, oneFraction: 0, weight: 0),
                              count: (depth + 1) * (depth + 2) / 2 + depth + 2)
        reciprocals = (0...(depth + 2)).map { $0 == 0 ? 0 : 1 / Double($0) }
        var expected = model.baseScores
        for (tree, expectation) in basics.treeExpectations.enumerated() { expected[tree % model.classCount] += expectation }
        expectedValues = expected
        if tableUse == .always { _useTables(model.ensemble._cache.shapTables(for: model.ensemble, rows: .max)) }
    }

    /// Switches to `tables` (when given) and sizes the decision workspace for them.
    mutating func _useTables(_ tables: _FastTreeSHAPTables?) {
        guard let tables else { return }
        self.tables = tables
        decisions = [UInt8](repeating: 0, count: max(1, tables.largestTree))
    }

    /// Number of values per row: `classCount × (featureCount + 1)`.
    public var valuesPerRow: Int { model.classCount * (model.featureCount + 1) }

    /// SHAP values of one row into `values`, laid out per class `k`: features at
    /// `k * (F + 1) + f` and the expected value at `k * (F + 1) + F` (LightGBM's `pred_contrib`
    /// layout).
    public mutating func values(row: UnsafeBufferPointer<Float>, into values: UnsafeMutableBufferPointer<Double>) {
        if tables == nil && tableUse == .automatic { _useTables(model.ensemble._cache.shapTables(for: model.ensemble, rows: 1)) }
        let stride = model.featureCount + 1
        let classes = model.classCount
        for i in 0..<(classes * stride) { values[i] = 0 }
        for k in 0..<classes { values[k * stride + model.featureCount] = expectedValues[k] }
        let ensemble = model.ensemble
        ensemble.feature.withUnsafeBufferPointer { feature in
        ensemble.threshold.withUnsafeBufferPointer { threshold in
        ensemble.left.withUnsafeBufferPointer { left in
        ensemble.right.withUnsafeBufferPointer { right in
        ensemble.value.withUnsafeBufferPointer { value in
        ensemble.cover.withUnsafeBufferPointer { cover in
        ensemble.defaultLeft.withUnsafeBufferPointer { defaultLeft in
        ensemble.isCategorical.withUnsafeBufferPointer { isCategorical in
        path.withUnsafeMutableBufferPointer { path in
        reciprocals.withUnsafeBufferPointer { reciprocals in
            var context = _Context(feature: feature.baseAddress!, threshold: threshold.baseAddress!, left: left.baseAddress!,
                                   right: right.baseAddress!, value: value.baseAddress!, cover: cover.baseAddress!,
                                   defaultLeft: defaultLeft.baseAddress!, isCategorical: isCategorical.baseAddress!,
                                   row: row.baseAddress!, phi: values.baseAddress!,
                                   reciprocal: reciprocals.baseAddress!, base: 0)
            for tree in 0..<ensemble.treeCount {
                context.base = Int(ensemble.treeStarts[tree])
                context.phi = values.baseAddress! + (tree % classes) * stride
                if let tables, tables.tabulated[tree] { continue }
                TreeSHAP._recurse(&context, node: 0, parentPath: path.baseAddress!, uniqueDepth: 0,
                                  parentZero: 1, parentOne: 1, parentFeature: -1)
            }
            if let tables {
                decisions.withUnsafeMutableBufferPointer { decisions in
                    tables._accumulate(context, treeStarts: ensemble.treeStarts, classCount: classes, stride: stride,
                                       phi: values.baseAddress!, decisions: decisions.baseAddress!)
                }
            }
        }}}}}}}}}}
    }

    struct _Context {
        let feature: UnsafePointer<Int32>
        let threshold: UnsafePointer<Float>
        let left: UnsafePointer<Int32>
        let right: UnsafePointer<Int32>
        let value: UnsafePointer<Double>
        let cover: UnsafePointer<Double>
        let defaultLeft: UnsafePointer<Bool>
        let isCategorical: UnsafePointer<Bool>
        let row: UnsafePointer<Float>
        var phi: UnsafeMutablePointer<Double>
        let reciprocal: UnsafePointer<Double>
        var base: Int
    }

    static func _recurse(_ c: inout _Context, node: Int, parentPath: UnsafeMutablePointer<_PathElement>, uniqueDepth: Int,
                         parentZero: Double, parentOne: Double, parentFeature: Int) {
        // This node's path lives right after the parent's; copy the parent's elements.
        let path = parentPath + uniqueDepth + 1
        path.update(from: parentPath, count: uniqueDepth + 1)
        _extend(path, uniqueDepth: uniqueDepth, zero: parentZero, one: parentOne, feature: parentFeature)
        let n = c.base + node
        let split = c.feature[n]
        if split < 0 {
            if uniqueDepth == 0 { return }
            let leafValue = c.value[n]
            for i in 1...uniqueDepth {
                let weight = _unwoundSum(path, uniqueDepth: uniqueDepth, index: i, reciprocal: c.reciprocal)
                let element = path[i]
                c.phi[element.feature] += weight * (element.oneFraction - element.zeroFraction) * leafValue
            }
            return
        }
        let goLeft = TreeEnsemble._goesLeft(c.row[Int(split)], threshold: c.threshold[n], defaultLeft: c.defaultLeft[n],
                                            isCategorical: c.isCategorical[n])
        let hot = Int(goLeft ? c.left[n] : c.right[n]), cold = Int(goLeft ? c.right[n] : c.left[n])
        let nodeCover = c.cover[n]
        let hotZero = c.cover[c.base + hot] / nodeCover, coldZero = c.cover[c.base + cold] / nodeCover
        var incomingZero = 1.0, incomingOne = 1.0
        var depth = uniqueDepth
        // A feature already on the path is unwound and re-entered with its fractions combined.
        var previous = 0
        while previous <= depth && path[previous].feature != Int(split) { previous += 1 }
        if previous <= depth {
            incomingZero = path[previous].zeroFraction
            incomingOne = path[previous].oneFraction
            _unwind(path, uniqueDepth: depth, index: previous)
            depth -= 1
        }
        _recurse(&c, node: hot, parentPath: path, uniqueDepth: depth + 1,
                 parentZero: hotZero * incomingZero, parentOne: incomingOne, parentFeature: Int(split))
        _recurse(&c, node: cold, parentPath: path, uniqueDepth: depth + 1,
                 parentZero: coldZero * incomingZero, parentOne: 0, parentFeature: Int(split))
    }

    /// Adds a feature to the path and updates the subset-size weights.
    static func _extend(_ path: UnsafeMutablePointer<_PathElement>, uniqueDepth: Int, zero: Double, one: Double, feature: Int) {
        path[uniqueDepth] = _PathElement(feature: feature, zeroFraction: zero, oneFraction: one, weight: uniqueDepth == 0 ? 1 : 0)
        let inverseDenominator = 1 / Double(uniqueDepth + 1)
        let oneScale = one * inverseDenominator, zeroScale = zero * inverseDenominator
        var i = uniqueDepth - 1
        while i >= 0 {
            path[i + 1].weight += oneScale * path[i].weight * Double(i + 1)
            path[i].weight = zeroScale * path[i].weight * Double(uniqueDepth - i)
            i -= 1
        }
    }

    /// Removes element `index` from the path, undoing its `_extend`.
    static func _unwind(_ path: UnsafeMutablePointer<_PathElement>, uniqueDepth: Int, index: Int) {
        let one = path[index].oneFraction, zero = path[index].zeroFraction
        var next = path[uniqueDepth].weight
        let denominator = Double(uniqueDepth + 1)
        var i = uniqueDepth - 1
        while i >= 0 {
            if one != 0 {
                let saved = path[i].weight
                path[i].weight = next * denominator / (Double(i + 1) * one)
                next = saved - path[i].weight * zero * Double(uniqueDepth - i) / denominator
            } else {
                path[i].weight = path[i].weight * denominator / (zero * Double(uniqueDepth - i))
            }
            i -= 1
        }
        for j in index..<uniqueDepth {
            path[j].feature = path[j + 1].feature
            path[j].zeroFraction = path[j + 1].zeroFraction
            path[j].oneFraction = path[j + 1].oneFraction
        }
    }

    /// The total weight of the path if element `index` were unwound (without modifying it).
    /// Divisions are hoisted out of the loop (this is the hot loop: once per leaf and path
    /// element); `reciprocal[k]` is `1 / k` for `k` up to the path length.
    static func _unwoundSum(_ path: UnsafeMutablePointer<_PathElement>, uniqueDepth: Int, index: Int,
                            reciprocal: UnsafePointer<Double>) -> Double {
        let one = path[index].oneFraction, zero = path[index].zeroFraction
        var next = path[uniqueDepth].weight
        var total = 0.0
        let denominator = Double(uniqueDepth + 1)
        var i = uniqueDepth - 1
        if one != 0 {
            let scale = denominator / one, zeroScale = zero / denominator
            while i >= 0 {
                let weight = next * scale * reciprocal[i + 1]
                total += weight
                next = path[i].weight - weight * zeroScale * Double(uniqueDepth - i)
                i -= 1
            }
        } else {
            let scale = denominator / zero
            while i >= 0 {
                total += path[i].weight * scale * reciprocal[uniqueDepth - i]
                i -= 1
            }
        }
        return total
    }
}

extension GradientBoostedModel {
    /// SHAP values of one row: `classCount × (featureCount + 1)`, the last of each class block
    /// being the expected value (see `TreeSHAP.values(row:into:)`).
    public func shapValues(_ row: [Float]) -> [Double] {
        var explainer = TreeSHAP(model: self)
        var values = [Double](repeating: 0, count: explainer.valuesPerRow)
        row.withUnsafeBufferPointer { r in values.withUnsafeMutableBufferPointer { explainer.values(row: r, into: $0) } }
        return values
    }

    /// SHAP values of every row, shape `N × classCount × (featureCount + 1)`, over `threadCount`
    /// threads (one workspace each).
    public func shapValues(_ matrix: FeatureMatrix, threadCount: Int = 1) -> [Double] {
        // Count the whole batch at once: a large one builds the tables before the threads start.
        _ = ensemble._cache.shapTables(for: ensemble, rows: matrix.rowCount)
        let prototype = TreeSHAP(model: self)
        let perRow = prototype.valuesPerRow, width = matrix.featureCount, rows = matrix.rowCount
        var output = [Double](repeating: 0, count: rows * perRow)
        output.withUnsafeMutableBufferPointer { out in
            matrix.values.withUnsafeBufferPointer { values in
                let target = _SendablePointer(out.baseAddress!)
                let source = _SendablePointer(UnsafeMutablePointer(mutating: values.baseAddress!))
                let work: @Sendable (Int, Int) -> Void = { lower, upper in
                    var explainer = TreeSHAP(model: self)
                    for row in lower..<upper {
                        explainer.values(row: UnsafeBufferPointer(start: source.pointer + row * width, count: width),
                                         into: UnsafeMutableBufferPointer(start: target.pointer + row * perRow, count: perRow))
                    }
                }
                let tasks = max(1, min(threadCount, rows / 16))
                if tasks > 1 {
                    DispatchQueue.concurrentPerform(iterations: tasks) { task in work(rows * task / tasks, rows * (task + 1) / tasks) }
                } else {
                    work(0, rows)
                }
            }
        }
        return output
    }
}
