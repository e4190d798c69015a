/// Per-leaf tables for Fast TreeSHAP v2 (Yang 2021, arXiv:2109.09847): the part of exact
/// path-dependent TreeSHAP that does not depend on the row, computed once per ensemble.
///
/// For a leaf with value `v` whose path splits on the `D` unique features `k` with zero
/// fractions `z_k` (product of the cover ratios of the splits on `k`), a row gives one fractions
/// `o_k ∈ {0, 1}` (1 when it follows every split on `k` along the path); let `P` be the set of
/// features with `o_k = 1`. The leaf's TreeSHAP contribution to feature `j` is
///
///     v (o_j − z_j) Σ_{S ⊆ P∖{j}} w(|S|) Π_{k ∈ D∖{j}∖S} z_k,   w(s) = s! (D − s − 1)! / D!
///
/// With `A(Q) = v Σ_{S ⊆ Q} w(|S|) Π_{k ∈ D∖S} z_k` this is `−A(P)` when `j ∉ P` and
/// `(1 − z_j) / z_j · A(P∖{j})` when `j ∈ P`. `A` is tabulated for all `2^D` patterns, so a row
/// costs `O(D)` per leaf instead of the classic algorithm's `O(D²)`.
///
/// A tree is tabulated when every leaf has at most `maximumUniqueDepth` unique features, every
/// zero fraction is positive and finite, and the ensemble's tables stay within `maximumEntries`;
/// other trees use the classic recursion.
final class _FastTreeSHAPTables: Sendable {
    static let maximumUniqueDepth = 14
    static let maximumEntries = 1 << 21

    /// Per tree: whether its leaves are tabulated.
    let tabulated: [Bool]
    /// Per tree (`treeCount + 1`): first tabulated leaf (leaves with no split feature are left out).
    let treeLeafStarts: [Int32]
    /// Per leaf (`+ 1`): first of its unique features in `features` and `ratios`.
    let featureStarts: [Int32]
    /// Unique path features of each leaf, in order of first appearance from the root.
    let features: [Int32]
    /// `(1 − z_k) / z_k` per leaf feature.
    let ratios: [Double]
    /// Per leaf (`+ 1`): first of its path steps.
    let stepStarts: [Int32]
    /// Per path step: the split node (tree-relative).
    let stepNodes: [Int32]
    /// Per path step: 1 when the path goes left at that node, else 0.
    let stepGoesLeft: [UInt8]
    /// Per path step: `1 << k` for the step's unique feature `k`.
    let stepBits: [UInt32]
    /// Per leaf: first entry of its `2^D` table in `table`.
    let tableStarts: [Int]
    /// `A(P)` of every tabulated leaf, indexed by the pattern's bits.
    let table: [Double]
    /// Largest node count of a tree (the size of the per-row decision workspace).
    let largestTree: Int

    init(_ ensemble: TreeEnsemble) {
        var tabulated: [Bool] = [], treeLeafStarts: [Int32] = [0]
        var featureStarts: [Int32] = [0], features: [Int32] = [], ratios: [Double] = []
        var stepStarts: [Int32] = [0], stepNodes: [Int32] = [], stepGoesLeft: [UInt8] = [], stepBits: [UInt32] = []
        var tableStarts: [Int] = [], table: [Double] = []
        var largestTree = 0
        for tree in 0..<ensemble.treeCount {
            let base = Int(ensemble.treeStarts[tree]), size = Int(ensemble.treeStarts[tree + 1]) - base
            largestTree = max(largestTree, size)
            // Paths of every leaf: (node, goes left) from the root.
            var leaves: [(leaf: Int, steps: [(node: Int, goesLeft: Bool)])] = []
            var stack: [(node: Int, steps: [(node: Int, goesLeft: Bool)])] = [(0, [])]
            var usable = true
            var entries = 0
            while let (node, steps) = stack.popLast() {
                guard node >= 0, node < size, steps.count < size else { usable = false; break }
                if ensemble.feature[base + node] < 0 {
                    if !steps.isEmpty { leaves.append((node, steps)) }
                    continue
                }
                stack.append((Int(ensemble.right[base + node]), steps + [(node, false)]))
                stack.append((Int(ensemble.left[base + node]), steps + [(node, true)]))
            }
            // Unique features and zero fractions per leaf.
            var leafFeatures: [[Int32]] = [], leafZeros: [[Double]] = []
            if usable {
                for (_, steps) in leaves {
                    var unique: [Int32] = [], zeros: [Double] = []
                    for (node, goesLeft) in steps {
                        let split = ensemble.feature[base + node]
                        let child = Int(goesLeft ? ensemble.left[base + node] : ensemble.right[base + node])
                        let ratio = ensemble.cover[base + child] / ensemble.cover[base + node]
                        if let k = unique.firstIndex(of: split) { zeros[k] *= ratio } else { unique.append(split); zeros.append(ratio) }
                    }
                    guard unique.count <= Self.maximumUniqueDepth, zeros.allSatisfy({ $0 > 0 && $0.isFinite }) else { usable = false; break }
                    entries += 1 << unique.count
                    leafFeatures.append(unique); leafZeros.append(zeros)
                }
            }
            if !usable || table.count + entries > Self.maximumEntries {
                tabulated.append(false)
                treeLeafStarts.append(treeLeafStarts.last!)
                continue
            }
            tabulated.append(true)
            for (index, (leaf, steps)) in leaves.enumerated() {
                let unique = leafFeatures[index], zeros = leafZeros[index]
                features += unique
                ratios += zeros.map { (1 - $0) / $0 }
                featureStarts.append(Int32(features.count))
                for (node, goesLeft) in steps {
                    stepNodes.append(Int32(node))
                    stepGoesLeft.append(goesLeft ? 1 : 0)
                    stepBits.append(1 << UInt32(unique.firstIndex(of: ensemble.feature[base + node])!))
                }
                stepStarts.append(Int32(stepNodes.count))
                tableStarts.append(table.count)
                table += Self.patternTable(zeros: zeros, value: ensemble.value[base + leaf])
            }
            treeLeafStarts.append(Int32(featureStarts.count - 1))
        }
        self.tabulated = tabulated
        self.treeLeafStarts = treeLeafStarts
        self.featureStarts = featureStarts
        self.features = features
        self.ratios = ratios
        self.stepStarts = stepStarts
        self.stepNodes = stepNodes
        self.stepGoesLeft = stepGoesLeft
        self.stepBits = stepBits
        self.tableStarts = tableStarts
        self.table = table
        self.largestTree = largestTree
    }

    /// Adds the SHAP values of every tabulated tree for `context.row` to `phi` (class `t % classCount`
    /// of tree `t` at `phi + (t % classCount) * stride`). `decisions` holds `largestTree` flags.
    ///
    /// The per-leaf loops are branch-free (a row's pattern and the present/absent choice are
    /// data-dependent and would be mispredicted half the time): `b · x − (1 − b) · y` with
    /// `b ∈ {0, 1}` is exactly `x` or `−y`.
    func _accumulate(_ context: TreeSHAP._Context, treeStarts: [Int32], classCount: Int, stride: Int,
                     phi: UnsafeMutablePointer<Double>, decisions: UnsafeMutablePointer<UInt8>) {
        treeStarts.withUnsafeBufferPointer { treeStarts in
        treeLeafStarts.withUnsafeBufferPointer { treeLeafStarts in
        featureStarts.withUnsafeBufferPointer { featureStarts in
        features.withUnsafeBufferPointer { features in
        ratios.withUnsafeBufferPointer { ratios in
        stepStarts.withUnsafeBufferPointer { stepStarts in
        stepNodes.withUnsafeBufferPointer { stepNodes in
        stepGoesLeft.withUnsafeBufferPointer { stepGoesLeft in
        stepBits.withUnsafeBufferPointer { stepBits in
        tableStarts.withUnsafeBufferPointer { tableStarts in
        table.withUnsafeBufferPointer { table in
            let row = context.row
            for tree in 0..<tabulated.count where tabulated[tree] {
                let firstLeaf = Int(treeLeafStarts[tree]), endLeaf = Int(treeLeafStarts[tree + 1])
                if firstLeaf == endLeaf { continue }
                let base = Int(treeStarts[tree]), size = Int(treeStarts[tree + 1]) - base
                for node in 0..<size {
                    let n = base + node
                    let split = context.feature[n]
                    if split < 0 { continue }
                    decisions[node] = TreeEnsemble._goesLeft(row[Int(split)], threshold: context.threshold[n],
                                                             defaultLeft: context.defaultLeft[n],
                                                             isCategorical: context.isCategorical[n]) ? 1 : 0
                }
                let output = phi + (tree % classCount) * stride
                for leaf in firstLeaf..<endLeaf {
                    let featureStart = Int(featureStarts[leaf]), depth = Int(featureStarts[leaf + 1]) - featureStart
                    var pattern = UInt32((1 << depth) - 1)
                    for step in Int(stepStarts[leaf])..<Int(stepStarts[leaf + 1]) {
                        let mismatch = UInt32(decisions[Int(stepNodes[step])] ^ stepGoesLeft[step])
                        pattern &= ~(stepBits[step] & (0 &- mismatch))
                    }
                    let leafTable = table.baseAddress! + tableStarts[leaf]
                    let absent = leafTable[Int(pattern)]
                    for k in 0..<depth {
                        let present = Double((pattern >> UInt32(k)) & 1)
                        let feature = Int(features[featureStart + k])
                        output[feature] += present * (ratios[featureStart + k] * leafTable[Int(pattern ^ (1 << UInt32(k)))])
                            - (1 - present) * absent
                    }
                }
            }
        }}}}}}}}}}}
    }

    /// `A(P)` for every pattern `P` of `D = zeros.count` features (bit `k` set: `k ∈ P`).
    ///
    /// `Σ_{S ⊆ P} w(|S|) Π_{k ∈ P∖S} z_k` is `Σ_s w(s) c_s(P)` with `c_s(P)` the coefficient of
    /// `t^s` in `Π_{k ∈ P} (z_k + t)`, built pattern by pattern from the pattern without its
    /// highest bit; the features outside `P` contribute the factor `Π_{k ∉ P} z_k`.
    static func patternTable(zeros: [Double], value: Double) -> [Double] {
        let depth = zeros.count, patterns = 1 << depth
        // w(s) = s! (D − s − 1)! / D! for s < D (|S| = D needs j ∈ S, never used).
        var weights = [Double](repeating: 0, count: depth + 1)
        for s in 0..<depth {
            var w = 1.0 / Double(depth)
            // s! (D − 1 − s)! / (D − 1)! = 1 / C(D − 1, s)
            var binomial = 1.0
            for i in 0..<s { binomial = binomial * Double(depth - 1 - i) / Double(i + 1) }
            w /= binomial
            weights[s] = w
        }
        let width = depth + 1
        var coefficients = [Double](repeating: 0, count: patterns * width)
        coefficients[0] = 1
        var result = [Double](repeating: 0, count: patterns)
        result[0] = value * weights[0] * zeros.reduce(1, *)
        for pattern in 1..<patterns {
            let high = Int.bitWidth - 1 - pattern.leadingZeroBitCount
            let parent = pattern ^ (1 << high)
            let z = zeros[high]
            // (Σ c_s t^s)(z + t)
            var total = 0.0
            var previous = 0.0
            for s in 0..<width {
                let c = coefficients[parent * width + s] * z + previous
                previous = coefficients[parent * width + s]
                coefficients[pattern * width + s] = c
                total += weights[s] * c
            }
            var product = 1.0   // Π_{k ∉ P} z_k
            for k in 0..<depth where pattern & (1 << k) == 0 { product *= zeros[k] }
            result[pattern] = value * total * product
        }
        return result
    }
}
