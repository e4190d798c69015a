import Foundation
import ModelFiles
import TensorCore

extension ONNXExporter {
    /// The graph of boosted tree ensembles: one `ai.onnx.ml` node per head on the shared
    /// `features` input `[batch, featureCount]`.
    ///
    /// A head with one or two raw scores becomes a `TreeEnsembleRegressor` (`n_targets` =
    /// `classCount`, output `[batch, classCount]`); a head with three or more becomes a
    /// `TreeEnsembleClassifier` whose scores output (`post_transform = NONE`) carries the raw
    /// scores and whose label output `labelName` (`int64 [batch]`) the arg-max class.
    /// (Two-class heads avoid the classifier because onnxruntime treats them as a binary
    /// special case.) Splits are `BRANCH_LEQ`; `nodes_missing_value_tracks_true` carries
    /// `defaultLeft`, so `NaN` inputs follow the same branch as in OnDeviceML. Leaf values and
    /// base scores are summed in `float` by the runtime.
    /// - Throws: `SwiftProtobuf.BinaryEncodingError` if the model cannot be serialized.
    public static func export(_ trees: ONNXTreeModel, graphName: String = "trees",
                              documentation: String = "", metadata: [String: String] = [:]) throws -> ONNXModel {
        var builder = _GraphBuilder(name: graphName)
        let input = ONNXTensorInfo(name: "features", shape: [.symbolic("batch"), .fixed(trees.featureCount)],
                                   documentation: "Raw features per row [batch, features]; NaN marks a missing value.")
        builder.addInput(input)
        var outputs: [ONNXTensorInfo] = []
        for head in trees.heads {
            let nodes = _FlatNodes(head.ensemble)
            let leafClasses = nodes.leafTrees.map { Int64(Int($0) % head.classCount) }
            var attributes = [
                _Attribute.ints("nodes_treeids", nodes.treeIDs), _Attribute.ints("nodes_nodeids", nodes.nodeIDs),
                _Attribute.ints("nodes_featureids", nodes.featureIDs), _Attribute.floats("nodes_values", nodes.thresholds),
                _Attribute.strings("nodes_modes", nodes.modes), _Attribute.ints("nodes_truenodeids", nodes.trueNodeIDs),
                _Attribute.ints("nodes_falsenodeids", nodes.falseNodeIDs),
                _Attribute.ints("nodes_missing_value_tracks_true", nodes.missingTracksTrue),
                _Attribute.floats("base_values", head.baseScores), _Attribute.string("post_transform", "NONE"),
            ]
            let scores = ONNXTensorInfo(name: head.name, shape: [.symbolic("batch"), .fixed(head.classCount)],
                                        documentation: head.documentation)
            if head.classCount <= 2 {
                attributes += [
                    _Attribute.int("n_targets", Int64(head.classCount)), _Attribute.string("aggregate_function", "SUM"),
                    _Attribute.ints("target_treeids", nodes.leafTrees), _Attribute.ints("target_nodeids", nodes.leafNodes),
                    _Attribute.ints("target_ids", leafClasses), _Attribute.floats("target_weights", nodes.leafValues),
                ]
                builder.addNode("TreeEnsembleRegressor", name: head.name, inputs: [input.name], outputs: [head.name],
                                domain: _GraphBuilder.machineLearningDomain, attributes: attributes)
                builder.addOutput(scores)
                outputs.append(scores)
            } else {
                attributes += [
                    _Attribute.ints("class_treeids", nodes.leafTrees), _Attribute.ints("class_nodeids", nodes.leafNodes),
                    _Attribute.ints("class_ids", leafClasses), _Attribute.floats("class_weights", nodes.leafValues),
                    _Attribute.ints("classlabels_int64s", (0..<Int64(head.classCount)).map { $0 }),
                ]
                let label = ONNXTensorInfo(name: head.labelName, elementType: .int64, shape: [.symbolic("batch")],
                                           documentation: "Arg-max class of \(head.name).")
                builder.addNode("TreeEnsembleClassifier", name: head.name, inputs: [input.name], outputs: [label.name, head.name],
                                domain: _GraphBuilder.machineLearningDomain, attributes: attributes)
                builder.addOutput(label)
                builder.addOutput(scores)
                outputs += [label, scores]
            }
        }
        let model = builder.model(producerVersion: OnDeviceMLVersion.current, documentation: documentation, metadata: metadata)
        return ONNXModel(serializedData: try model.serializedData(), input: input, outputs: outputs, documentation: documentation)
    }
}

/// An ensemble's reachable nodes as the parallel attribute lists of the ONNX tree operators.
/// Node ids are the section's absolute node indices (unique, so valid within each tree).
struct _FlatNodes {
    var treeIDs: [Int64] = [], nodeIDs: [Int64] = [], featureIDs: [Int64] = [], thresholds: [Float] = []
    var modes: [String] = [], trueNodeIDs: [Int64] = [], falseNodeIDs: [Int64] = [], missingTracksTrue: [Int64] = []
    var leafTrees: [Int64] = [], leafNodes: [Int64] = [], leafValues: [Float] = []

    init(_ ensemble: TreeEnsembleSection) {
        for (tree, root) in ensemble.treeStarts.enumerated() {
            var stack = [Int(root)]
            while let node = stack.popLast() {
                treeIDs.append(Int64(tree))
                nodeIDs.append(Int64(node))
                let split = ensemble.feature[node]
                if split >= 0 {
                    featureIDs.append(Int64(split))
                    thresholds.append(ensemble.threshold[node])
                    modes.append("BRANCH_LEQ")
                    trueNodeIDs.append(Int64(ensemble.left[node]))
                    falseNodeIDs.append(Int64(ensemble.right[node]))
                    missingTracksTrue.append(Int64(ensemble.defaultLeft[node]))
                    stack += [Int(ensemble.right[node]), Int(ensemble.left[node])]
                } else {
                    featureIDs.append(0)
                    thresholds.append(0)
                    modes.append("LEAF")
                    trueNodeIDs.append(0)
                    falseNodeIDs.append(0)
                    missingTracksTrue.append(0)
                    leafTrees.append(Int64(tree))
                    leafNodes.append(Int64(node))
                    leafValues.append(ensemble.value[node])
                }
            }
        }
    }
}
