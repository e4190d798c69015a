/// How a tree ensemble is stored in a file. In memory, an ensemble always holds every array of
/// `TreeEnsembleSection`.
package enum TreeEnsembleLayout: String, Sendable, Codable, CaseIterable {
    /// Every array as it is (25 bytes per node): lossless, numerical splits only.
    case structOfArrays
    /// 13 bytes per node: a leaf keeps its value and cover, a split its feature, threshold, cover,
    /// missing-value direction, kind (numerical or categorical) and the offset of its left child.
    /// It needs each split's right child directly after its left child, the left child at most
    /// 65,535 nodes after its parent, and split features below 32,768 (what `BoostedTrees` grows).
    /// Split nodes' own values are not stored: a reader sets each to the cover-weighted mean of its
    /// children's values. Predictions and TreeSHAP values use only leaf values and covers, so they
    /// are unchanged.
    case compact
}
