import Cycles
import CyclesLab
import Foundation
import SwiftProtobuf
import TensorCore

/// Exports model layouts to Core ML (`.mlmodel`, a `CoreML.Specification.Model` protobuf of
/// Apple's published specification, specification version 1: iOS 11 / macOS 10.13 and later).
///
/// - A `RecurrentNetworkLayout` becomes a `neuralNetwork`: a `bias` layer (−mean) and a `scale`
///   layer (1 / scale) for the normalisation, one `uniDirectionalLSTM` layer per LSTM layer
///   (activations sigmoid, tanh, tanh; sequence output) and an `innerProduct` layer per head.
///   Input `features` is declared `[F]` (float32) and, with the default rank-5 mapping, given at
///   run time as `[steps, 1, F, 1, 1]`; each output `<head>_logits` is `[steps, 1, O, 1, 1]`.
///   The cell clip is 50,000, which the cell state of a sequence shorter than 50,000 steps
///   cannot reach (|c_t| ≤ |c_{t−1}| + 1), so it changes nothing.
/// - A `TreeModelLayout` becomes a `pipeline` of one `treeEnsembleRegressor` per head on the
///   shared input `features` `[F]` (double): `BranchOnValueLessThanEqual` nodes whose
///   `missingValueTracksTrueChild` is the node's default direction, leaves adding to output
///   `t % classCount`, `basePredictionValue` = base scores, no post-evaluation transform. Each
///   output `<head>_raw` `[classCount]` (double) holds the raw scores; the arg-max label of a
///   multiclass head is left to the caller (Core ML's classifier would apply its own link).
///
/// Core ML may run a network on the GPU or the Neural Engine in float16; for results within
/// 1e-5 of OnDeviceML, load it with `MLModelConfiguration.computeUnits = .cpuOnly`.
enum CoreMLExporter {
    /// The specification version written (every layer and model type used exists since version 1).
    static let specificationVersion: Int32 = 1
    /// The cell clip of the LSTM layers (see the type's documentation).
    static let cellClipThreshold: Float = 50_000

    /// The `.mlmodel` of a recurrent network.
    static func export(_ network: RecurrentNetworkLayout, graphName: String, metadata: [String: String]) throws -> ExportedModel {
        let featureCount = network.featureCount, hidden = network.lstm.hiddenSize
        var layers: [CoreML_Specification_NeuralNetworkLayer] = []
        var current = "features"
        if let mean = network.featureMean {
            var layer = _layer("normalise_mean", input: current, outputs: ["features_centred"])
            layer.bias.shape = [UInt64(featureCount)]
            layer.bias.bias = _weights(mean.map { -$0 })
            layers.append(layer)
            current = "features_centred"
        }
        if let scale = network.featureScale {
            var layer = _layer("normalise_scale", input: current, outputs: ["features_normalised"])
            layer.scale.shapeScale = [UInt64(featureCount)]
            layer.scale.scale = _weights(scale.map { 1 / $0 })
            layer.scale.hasBias_p = false
            layers.append(layer)
            current = "features_normalised"
        }
        for (index, lstmLayer) in network.lstm.layers.enumerated() {
            let prefix = "lstm.\(index)", columns = index == 0 ? featureCount : hidden
            let inputWeights = lstmLayer.weightIH.scalars, recurrentWeights = lstmLayer.weightHH.scalars
            let biasIH = lstmLayer.biasIH.scalars, biasHH = lstmLayer.biasHH.scalars
            func block(_ values: [Float], _ gate: Int, _ size: Int) -> CoreML_Specification_WeightParams {
                _weights(Array(values[(gate * size)..<((gate + 1) * size)]))
            }
            func bias(_ gate: Int) -> CoreML_Specification_WeightParams {
                _weights((0..<hidden).map { biasIH[gate * hidden + $0] + biasHH[gate * hidden + $0] })
            }
            var parameters = CoreML_Specification_UniDirectionalLSTMLayerParams()
            parameters.inputVectorSize = UInt64(columns)
            parameters.outputVectorSize = UInt64(hidden)
            var sigmoid = CoreML_Specification_ActivationParams(), tanh = CoreML_Specification_ActivationParams()
            sigmoid.sigmoid = CoreML_Specification_ActivationSigmoid()
            tanh.tanh = CoreML_Specification_ActivationTanh()
            parameters.activations = [sigmoid, tanh, tanh]
            parameters.params.sequenceOutput = true
            parameters.params.hasBiasVectors_p = true
            parameters.params.forgetBias = false
            parameters.params.hasPeepholeVectors_p = false
            parameters.params.coupledInputAndForgetGate = false
            parameters.params.cellClipThreshold = cellClipThreshold
            // NeuralNet.LSTM gate blocks: i, f, g (Core ML's "block input"), o.
            var weights = CoreML_Specification_LSTMWeightParams()
            weights.inputGateWeightMatrix = block(inputWeights, 0, hidden * columns)
            weights.forgetGateWeightMatrix = block(inputWeights, 1, hidden * columns)
            weights.blockInputWeightMatrix = block(inputWeights, 2, hidden * columns)
            weights.outputGateWeightMatrix = block(inputWeights, 3, hidden * columns)
            weights.inputGateRecursionMatrix = block(recurrentWeights, 0, hidden * hidden)
            weights.forgetGateRecursionMatrix = block(recurrentWeights, 1, hidden * hidden)
            weights.blockInputRecursionMatrix = block(recurrentWeights, 2, hidden * hidden)
            weights.outputGateRecursionMatrix = block(recurrentWeights, 3, hidden * hidden)
            weights.inputGateBiasVector = bias(0)
            weights.forgetGateBiasVector = bias(1)
            weights.blockInputBiasVector = bias(2)
            weights.outputGateBiasVector = bias(3)
            parameters.weightParams = weights
            var layer = _layer(prefix, input: current, outputs: ["\(prefix).hidden", "\(prefix).h_out", "\(prefix).c_out"])
            layer.uniDirectionalLstm = parameters
            layers.append(layer)
            current = "\(prefix).hidden"
        }
        var outputs: [TensorDescription] = []
        for head in network.heads {
            var layer = _layer(head.name, input: current, outputs: [head.name])
            layer.innerProduct.inputChannels = UInt64(head.layer.inputSize)
            layer.innerProduct.outputChannels = UInt64(head.layer.outputSize)
            layer.innerProduct.hasBias_p = true
            layer.innerProduct.weights = _weights(head.layer.weight.scalars)
            layer.innerProduct.bias = _weights(head.layer.bias.scalars)
            layers.append(layer)
            outputs.append(TensorDescription(name: head.name, shape: [.symbolic("steps"), .fixed(1), .fixed(head.layer.outputSize), .fixed(1), .fixed(1)],
                                             documentation: head.documentation))
        }
        var neuralNetwork = CoreML_Specification_NeuralNetwork()
        neuralNetwork.layers = layers
        neuralNetwork.arrayInputShapeMapping = .rank5ArrayMapping
        var model = CoreML_Specification_Model()
        model.specificationVersion = specificationVersion
        model.description_p = _description(inputs: [("features", [featureCount], .float32, network.input.documentation)],
                                           outputs: network.heads.map { ($0.name, [$0.layer.outputSize], .float32, $0.documentation) },
                                           documentation: network.documentation, metadata: metadata)
        model.neuralNetwork = neuralNetwork
        let input = TensorDescription(name: "features", shape: [.symbolic("steps"), .fixed(1), .fixed(featureCount), .fixed(1), .fixed(1)],
                                      documentation: network.input.documentation)
        return try _exported(model, input: input, outputs: outputs, operators: layers.map(_layerType), documentation: network.documentation)
    }

    /// The `.mlmodel` of boosted tree ensembles.
    static func export(_ trees: TreeModelLayout, graphName: String, metadata: [String: String]) throws -> ExportedModel {
        var pipeline = CoreML_Specification_Pipeline()
        let featureInput = ("features", [trees.featureCount], CoreML_Specification_ArrayFeatureType.ArrayDataType.double,
                            trees.input.documentation)
        for head in trees.heads {
            let ensemble = head.model.ensemble
            var parameters = CoreML_Specification_TreeEnsembleParameters()
            parameters.numPredictionDimensions = UInt64(head.classCount)
            parameters.basePredictionValue = head.model.baseScores
            for tree in 0..<ensemble.treeCount {
                let start = Int(ensemble.treeStarts[tree]), end = Int(ensemble.treeStarts[tree + 1])
                for index in start..<end {
                    var node = CoreML_Specification_TreeEnsembleParameters.TreeNode()
                    node.treeID = UInt64(tree)
                    node.nodeID = UInt64(index - start)
                    if ensemble.feature[index] >= 0 {
                        node.nodeBehavior = .branchOnValueLessThanEqual
                        node.branchFeatureIndex = UInt64(ensemble.feature[index])
                        node.branchFeatureValue = Double(ensemble.threshold[index])
                        node.trueChildNodeID = UInt64(ensemble.left[index])
                        node.falseChildNodeID = UInt64(ensemble.right[index])
                        node.missingValueTracksTrueChild = ensemble.defaultLeft[index]
                    } else {
                        node.nodeBehavior = .leafNode
                        var evaluation = CoreML_Specification_TreeEnsembleParameters.TreeNode.EvaluationInfo()
                        evaluation.evaluationIndex = UInt64(tree % head.classCount)
                        evaluation.evaluationValue = ensemble.value[index]
                        node.evaluationInfo = [evaluation]
                    }
                    parameters.nodes.append(node)
                }
            }
            var regressor = CoreML_Specification_TreeEnsembleRegressor()
            regressor.treeEnsemble = parameters
            regressor.postEvaluationTransform = .noTransform
            var model = CoreML_Specification_Model()
            model.specificationVersion = specificationVersion
            model.description_p = _description(inputs: [featureInput], outputs: [(head.name, [head.classCount], .double, head.documentation)],
                                               documentation: "", metadata: [:])
            model.treeEnsembleRegressor = regressor
            pipeline.models.append(model)
            pipeline.names.append(head.name)
        }
        var model = CoreML_Specification_Model()
        model.specificationVersion = specificationVersion
        model.description_p = _description(inputs: [featureInput],
                                           outputs: trees.heads.map { ($0.name, [$0.classCount], .double, $0.documentation) },
                                           documentation: trees.documentation, metadata: metadata)
        model.pipeline = pipeline
        let outputs = trees.heads.map { head in
            TensorDescription(name: head.name, shape: [.fixed(head.classCount)], documentation: head.documentation)
        }
        let input = TensorDescription(name: "features", shape: [.fixed(trees.featureCount)], documentation: trees.input.documentation)
        return try _exported(model, input: input, outputs: outputs, operators: trees.heads.map { _ in "treeEnsembleRegressor" },
                             documentation: trees.documentation)
    }

    /// A layer named `name` reading `input`.
    private static func _layer(_ name: String, input: String, outputs: [String]) -> CoreML_Specification_NeuralNetworkLayer {
        var layer = CoreML_Specification_NeuralNetworkLayer()
        layer.name = name
        layer.input = [input]
        layer.output = outputs
        return layer
    }

    /// Float weights.
    private static func _weights(_ values: [Float]) -> CoreML_Specification_WeightParams {
        var weights = CoreML_Specification_WeightParams()
        weights.floatValue = values
        return weights
    }

    /// The specification's name of a layer's type.
    private static func _layerType(_ layer: CoreML_Specification_NeuralNetworkLayer) -> String {
        switch layer.layer {
        case .bias?: return "bias"
        case .scale?: return "scale"
        case .uniDirectionalLstm?: return "uniDirectionalLSTM"
        case .innerProduct?: return "innerProduct"
        case nil: return "none"
        }
    }

    /// A model description with multi-array features and the metadata.
    private static func _description(inputs: [(String, [Int], CoreML_Specification_ArrayFeatureType.ArrayDataType, String)],
                                     outputs: [(String, [Int], CoreML_Specification_ArrayFeatureType.ArrayDataType, String)],
                                     documentation: String, metadata: [String: String]) -> CoreML_Specification_ModelDescription {
        func feature(_ entry: (String, [Int], CoreML_Specification_ArrayFeatureType.ArrayDataType, String)) -> CoreML_Specification_FeatureDescription {
            var array = CoreML_Specification_ArrayFeatureType()
            array.shape = entry.1.map { Int64($0) }
            array.dataType = entry.2
            var type = CoreML_Specification_FeatureType()
            type.multiArrayType = array
            var description = CoreML_Specification_FeatureDescription()
            description.name = entry.0
            description.shortDescription = entry.3
            description.type = type
            return description
        }
        var description = CoreML_Specification_ModelDescription()
        description.input = inputs.map(feature)
        description.output = outputs.map(feature)
        if !documentation.isEmpty {
            description.metadata.shortDescription = documentation
            description.metadata.author = "OnDeviceML"
            description.metadata.versionString = OnDeviceMLVersion.current
            description.metadata.userDefined = metadata
        }
        return description
    }

    private static func _exported(_ model: CoreML_Specification_Model, input: TensorDescription, outputs: [TensorDescription],
                                  operators: [String], documentation: String) throws -> ExportedModel {
        do {
            return ExportedModel(format: .coreml, data: try model.serializedData(), input: input, outputs: outputs,
                                 operators: operators, documentation: documentation)
        } catch {
            throw ModelExportError.encodingFailed(format: .coreml, reason: "\(error)")
        }
    }
}
