import BoostedTrees
import ModelFiles

/// Boosted tree ensembles as exporters read them: one or more heads on one feature row, each a
/// `GradientBoostedModel` whose raw score for class `k` is `baseScores[k]` plus the leaf values of
/// trees `t ≡ k (mod classCount)`.
///
/// The computation reads `features` of shape `NF` (`[batch, featureCount]`, `NaN` = missing, which
/// follows each node's default direction) and writes each head's raw scores `[batch, classCount]`
/// (before the objective's link), plus an arg-max label `[batch]` for heads of three or more classes.
public struct TreeModelLayout: Sendable {
    /// One ensemble and its outputs.
    package struct Head: Sendable {
        /// Name of the raw-score output, for example `"period_raw"`.
        package var name: String
        /// Name of the arg-max label output of a head with three or more classes.
        package var labelName: String
        /// The trees, objective and base scores.
        package var model: GradientBoostedModel
        /// What the output holds (the output's doc string).
        package var documentation: String

        /// A head named `name`; `labelName` defaults to `"<name without _raw>_label"`.
        package init(name: String, labelName: String? = nil, model: GradientBoostedModel, documentation: String = "") {
            self.name = name
            self.labelName = labelName ?? (name.hasSuffix("_raw") ? String(name.dropLast(4)) : name) + "_label"
            self.model = model
            self.documentation = documentation
        }

        /// Raw scores per row: tree `t` adds to score `t % classCount`.
        package var classCount: Int { model.classCount }
        /// Whether the head also has an arg-max label output (three or more classes).
        package var hasLabel: Bool { classCount >= 3 }
    }

    /// Number of input columns.
    package var featureCount: Int
    /// Heads in output order.
    package var heads: [Head]
    /// What the model computes and what stays outside it (the exported model's doc string).
    package var documentation: String

    /// A layout from its heads.
    /// - Throws: `ModelFileError.shapeMismatch` when there is no head, a head splits on a column
    ///   outside `0..<featureCount`, or its base scores do not match its class count.
    package init(featureCount: Int, heads: [Head], documentation: String = "") throws {
        guard !heads.isEmpty else { throw ModelFileError.shapeMismatch(section: "heads", detail: "a tree model needs at least one ensemble") }
        for head in heads {
            guard head.classCount > 0, head.model.baseScores.count == head.classCount else {
                throw ModelFileError.shapeMismatch(section: head.name, detail: "\(head.model.baseScores.count) base scores for \(head.classCount) classes")
            }
            if let bad = head.model.ensemble.feature.first(where: { $0 >= featureCount }) {
                throw ModelFileError.shapeMismatch(section: head.name, detail: "splits on column \(bad), the input has \(featureCount) columns")
            }
        }
        self.featureCount = featureCount
        self.heads = heads
        self.documentation = documentation
    }

    /// The input `features` `[batch, featureCount]`.
    package var input: TensorDescription {
        TensorDescription(name: "features", shape: [.symbolic("batch"), .fixed(featureCount)],
                          documentation: "Raw features per row [batch, features]; NaN marks a missing value.")
    }

    /// Per head its raw scores `[batch, classCount]`, preceded by its label `[batch]` (int64) when it has one.
    package var outputs: [TensorDescription] {
        heads.flatMap { head -> [TensorDescription] in
            let scores = TensorDescription(name: head.name, shape: [.symbolic("batch"), .fixed(head.classCount)],
                                           documentation: head.documentation)
            guard head.hasLabel else { return [scores] }
            return [TensorDescription(name: head.labelName, elementType: .int64, shape: [.symbolic("batch")],
                                      documentation: "Arg-max class of \(head.name)."), scores]
        }
    }
}
