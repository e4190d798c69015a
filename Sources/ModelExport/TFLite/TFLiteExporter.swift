import Cycles
import CyclesLab
import Foundation
import TensorCore

/// Exports model layouts to TensorFlow Lite (`.tflite`, read by the LiteRT interpreter), builtin
/// operators only, float32 throughout, written with `_FlatBufferBuilder` from the TFLite schema.
///
/// - A `RecurrentNetworkLayout` becomes `SUB`/`DIV` (normalisation), one
///   `UNIDIRECTIONAL_SEQUENCE_LSTM` per layer (time-major, batch 1) and a `FULLY_CONNECTED`
///   per head. Input `features` `[steps, 1, F]` (steps chosen at run time), outputs
///   `<head>_logits` `[steps, 1, O]`. The LSTM state lives in variable tensors
///   (`lstm.<layer>.output_state`, `.cell_state`): reset them before each sequence (LiteRT:
///   `Interpreter.resetVariableTensors()`, Python `reset_all_variables()`); they start at zero.
/// - A `TreeModelLayout` becomes the GEMM formulation of each ensemble (Hummingbird's "GEMM"
///   strategy, one tree per batch of a `BATCH_MATMUL`), see `export(_:graphName:metadata:)` for trees.
///   Input `features` `[batch, F]`, outputs as `TreeModelLayout.outputs`.
enum TFLiteExporter {
    /// The largest constant the exporter writes: FlatBuffers offsets are 32-bit, so a whole `.tflite`
    /// file stays under 2 GiB; half of it for one tensor leaves room for the rest.
    static let maximumConstantBytes = 1 << 30

    /// The `.tflite` model of a recurrent network (see the type's documentation).
    static func export(_ network: RecurrentNetworkLayout, graphName: String, metadata: [String: String]) throws -> ExportedModel {
        var graph = _TFLiteGraph()
        let featureCount = network.featureCount, hidden = network.lstm.hiddenSize
        let input = graph.addTensor("features", shape: [1, 1, featureCount], dynamic: [0])
        graph.markInput(input, name: "features")
        var current = input
        if let mean = network.featureMean {
            let constant = graph.addConstant("normalisation.mean", shape: [featureCount], floats: mean)
            let centred = graph.addTensor("features_centred", shape: [1, 1, featureCount], dynamic: [0])
            graph.addOperator(.sub, inputs: [current, constant], outputs: [centred], options: .sub)
            current = centred
        }
        if let scale = network.featureScale {
            let constant = graph.addConstant("normalisation.scale", shape: [featureCount], floats: scale)
            let normalised = graph.addTensor("features_normalised", shape: [1, 1, featureCount], dynamic: [0])
            graph.addOperator(.div, inputs: [current, constant], outputs: [normalised], options: .div)
            current = normalised
        }
        // NeuralNet.LSTM stores the gate blocks i, f, g, o; the TFLite operator takes one tensor per
        // gate (input, forget, cell, output) and one bias per gate (b_ih + b_hh).
        let gates = [(0, "input"), (1, "forget"), (2, "cell"), (3, "output")]
        for (index, layer) in network.lstm.layers.enumerated() {
            let prefix = "lstm.\(index)", columns = index == 0 ? featureCount : hidden
            let inputWeights = layer.weightIH.scalars, recurrentWeights = layer.weightHH.scalars
            let biasIH = layer.biasIH.scalars, biasHH = layer.biasHH.scalars
            func block(_ values: [Float], _ gate: Int, _ size: Int) -> [Float] { Array(values[(gate * size)..<((gate + 1) * size)]) }
            var inputs = [current]
            inputs += gates.map { gate, name in
                graph.addConstant("\(prefix).input_to_\(name)_weights", shape: [hidden, columns],
                                  floats: block(inputWeights, gate, hidden * columns))
            }
            inputs += gates.map { gate, name in
                graph.addConstant("\(prefix).recurrent_to_\(name)_weights", shape: [hidden, hidden],
                                  floats: block(recurrentWeights, gate, hidden * hidden))
            }
            inputs += [Int32](repeating: _TFLiteGraph.omitted, count: 3)   // peephole weights
            inputs += gates.map { gate, name in
                graph.addConstant("\(prefix).\(name)_gate_bias", shape: [hidden],
                                  floats: zip(block(biasIH, gate, hidden), block(biasHH, gate, hidden)).map { $0 + $1 })
            }
            inputs += [Int32](repeating: _TFLiteGraph.omitted, count: 2)   // projection weights and bias
            inputs.append(graph.addTensor("\(prefix).output_state", shape: [1, hidden], isVariable: true))
            inputs.append(graph.addTensor("\(prefix).cell_state", shape: [1, hidden], isVariable: true))
            inputs += [Int32](repeating: _TFLiteGraph.omitted, count: 4)   // layer-normalisation coefficients
            let output = graph.addTensor("\(prefix).hidden", shape: [1, 1, hidden], dynamic: [0])
            graph.addOperator(.unidirectionalSequenceLSTM, inputs: inputs, outputs: [output],
                              options: .unidirectionalSequenceLSTM(activation: .tanh, timeMajor: true))
            current = output
        }
        var outputs: [TensorDescription] = []
        for head in network.heads {
            let layer = head.layer
            let weight = graph.addConstant("\(head.name).weight", shape: [layer.outputSize, layer.inputSize], floats: layer.weight.scalars)
            let bias = graph.addConstant("\(head.name).bias", shape: [layer.outputSize], floats: layer.bias.scalars)
            let output = graph.addTensor(head.name, shape: [1, 1, layer.outputSize], dynamic: [0])
            graph.addOperator(.fullyConnected, inputs: [current, weight, bias], outputs: [output], options: .fullyConnected(keepNumDims: true))
            graph.markOutput(output, name: head.name)
            outputs.append(TensorDescription(name: head.name, shape: [.symbolic("steps"), .fixed(1), .fixed(layer.outputSize)],
                                             documentation: head.documentation))
        }
        let documentation = network.documentation + " TFLite: batch 1, input [steps, 1, F]; the LSTM state is held in variable " +
            "tensors lstm.<layer>.output_state and .cell_state, which must be reset to zero before each sequence " +
            "(Interpreter.resetVariableTensors())."
        let inputDescription = TensorDescription(name: "features", shape: [.symbolic("steps"), .fixed(1), .fixed(featureCount)],
                                                 documentation: network.input.documentation)
        return try _exported(graph, graphName: graphName, input: inputDescription, outputs: outputs, documentation: documentation, metadata: metadata)
    }

    /// The `.tflite` model of boosted tree ensembles, per head (`_TreeMatrices` gives the
    /// constants; T trees padded to I internal nodes and L leaves each, N rows):
    /// ```
    /// x [N, F] ─ GATHER(node features) → v [N, T·I]
    /// goes left = LESS_EQUAL(v, thresholds) OR (NOT_EQUAL(v, v) AND default-left)    (NOT_EQUAL(v, v): v is NaN)
    /// ─ CAST float ─ RESHAPE [N, T, I] ─ TRANSPOSE [T, N, I] ─ BATCH_MATMUL(paths [T, I, L]) → [T, N, L]
    /// ─ EQUAL(left turns [T, 1, L]) → reached leaf ─ CAST float ─ TRANSPOSE [N, T, L] ─ RESHAPE [N, T·L]
    /// ─ FULLY_CONNECTED(leaf values [K, T·L], base scores [K]) → raw scores [N, K]   (─ ARG_MAX → label [N] for K ≥ 3)
    /// ```
    /// `paths[t, i, l]` is +1 when leaf `l` lies under node `i`'s left child, −1 under its right
    /// child, 0 otherwise; the product counts the left turns taken towards each leaf minus the
    /// wrong right turns, which equals the leaf's number of left turns only for the leaf the row
    /// reaches. Every comparison and count is exact in float32; the leaf values of the T reached
    /// leaves are summed in float32 by `FULLY_CONNECTED`.
    static func export(_ trees: TreeModelLayout, graphName: String, metadata: [String: String]) throws -> ExportedModel {
        var graph = _TFLiteGraph()
        let input = graph.addTensor("features", shape: [1, trees.featureCount], dynamic: [0])
        graph.markInput(input, name: "features")
        let transposeFirstTwo = graph.addConstant("transpose_first_two_axes", shape: [3], int32s: [1, 0, 2])
        for head in trees.heads {
            let (treeCount, nodes, leaves) = _TreeMatrices.dimensions(of: head.model.ensemble)
            let pathBytes = treeCount * nodes * leaves * MemoryLayout<Float>.size
            guard pathBytes <= maximumConstantBytes else {
                throw ModelExportError.unsupported(
                    format: .tflite, part: head.name,
                    reason: "the dense form of \(treeCount) trees of up to \(nodes) splits and \(leaves) leaves needs \(pathBytes) bytes of path matrix, over the \(maximumConstantBytes)-byte limit of a FlatBuffers file")
            }
            let matrices = _TreeMatrices(head.model.ensemble)
            let name = head.name
            func tensor(_ suffix: String, type: _TFLiteSchema.TensorType = .float32, _ shape: [Int], dynamic: Int) -> Int32 {
                graph.addTensor("\(name).\(suffix)", type: type, shape: shape, dynamic: [dynamic])
            }
            let featureIndex = graph.addConstant("\(name).node_features", shape: [treeCount * nodes], int32s: matrices.featureIndex)
            let thresholds = graph.addConstant("\(name).node_thresholds", shape: [treeCount * nodes], floats: matrices.thresholds)
            let defaultLeft = graph.addConstant("\(name).node_default_left", shape: [treeCount * nodes], bools: matrices.defaultLeft)
            let paths = graph.addConstant("\(name).paths", shape: [treeCount, nodes, leaves], floats: matrices.paths)
            let leftTurns = graph.addConstant("\(name).leaf_left_turns", shape: [treeCount, 1, leaves], floats: matrices.leftTurns)
            let leafShape = graph.addConstant("\(name).leaf_shape", shape: [2], int32s: [-1, Int32(treeCount * leaves)])
            let nodeShape = graph.addConstant("\(name).node_shape", shape: [3], int32s: [-1, Int32(treeCount), Int32(nodes)])
            let classWeights = graph.addConstant("\(name).leaf_values", shape: [head.classCount, treeCount * leaves],
                                                 floats: matrices.classWeights(classCount: head.classCount))
            let baseScores = graph.addConstant("\(name).base_scores", shape: [head.classCount],
                                               floats: head.model.baseScores.map { Float($0) })

            let values = tensor("node_inputs", [1, treeCount * nodes], dynamic: 0)
            graph.addOperator(.gather, inputs: [input, featureIndex], outputs: [values], options: .gather(axis: 1))
            let lessEqual = tensor("less_equal", type: .bool, [1, treeCount * nodes], dynamic: 0)
            graph.addOperator(.lessEqual, inputs: [values, thresholds], outputs: [lessEqual], options: .lessEqual)
            let missing = tensor("missing", type: .bool, [1, treeCount * nodes], dynamic: 0)
            graph.addOperator(.notEqual, inputs: [values, values], outputs: [missing], options: .notEqual)
            let missingLeft = tensor("missing_left", type: .bool, [1, treeCount * nodes], dynamic: 0)
            graph.addOperator(.logicalAnd, inputs: [missing, defaultLeft], outputs: [missingLeft], options: .logicalAnd)
            let goesLeft = tensor("goes_left", type: .bool, [1, treeCount * nodes], dynamic: 0)
            graph.addOperator(.logicalOr, inputs: [lessEqual, missingLeft], outputs: [goesLeft], options: .logicalOr)
            let goesLeftFloat = tensor("goes_left_float", [1, treeCount * nodes], dynamic: 0)
            graph.addOperator(.cast, inputs: [goesLeft], outputs: [goesLeftFloat], options: .cast(from: .bool, to: .float32))
            let byTree = tensor("goes_left_by_tree", [1, treeCount, nodes], dynamic: 0)
            graph.addOperator(.reshape, inputs: [goesLeftFloat, nodeShape], outputs: [byTree],
                              options: .reshape(newShape: [-1, Int32(treeCount), Int32(nodes)]))
            let treeMajor = tensor("goes_left_tree_major", [treeCount, 1, nodes], dynamic: 1)
            graph.addOperator(.transpose, inputs: [byTree, transposeFirstTwo], outputs: [treeMajor], options: .transpose)
            let turns = tensor("turns", [treeCount, 1, leaves], dynamic: 1)
            graph.addOperator(.batchMatMul, inputs: [treeMajor, paths], outputs: [turns], options: .batchMatMul)
            let reached = tensor("reached", type: .bool, [treeCount, 1, leaves], dynamic: 1)
            graph.addOperator(.equal, inputs: [turns, leftTurns], outputs: [reached], options: .equal)
            let reachedFloat = tensor("reached_float", [treeCount, 1, leaves], dynamic: 1)
            graph.addOperator(.cast, inputs: [reached], outputs: [reachedFloat], options: .cast(from: .bool, to: .float32))
            let rowMajor = tensor("reached_row_major", [1, treeCount, leaves], dynamic: 0)
            graph.addOperator(.transpose, inputs: [reachedFloat, transposeFirstTwo], outputs: [rowMajor], options: .transpose)
            let flat = tensor("reached_flat", [1, treeCount * leaves], dynamic: 0)
            graph.addOperator(.reshape, inputs: [rowMajor, leafShape], outputs: [flat],
                              options: .reshape(newShape: [-1, Int32(treeCount * leaves)]))
            let scores = graph.addTensor(name, shape: [1, head.classCount], dynamic: [0])
            graph.addOperator(.fullyConnected, inputs: [flat, classWeights, baseScores], outputs: [scores],
                              options: .fullyConnected(keepNumDims: false))
            if head.hasLabel {
                let axis = graph.addConstant("\(name).class_axis", shape: [1], int32s: [1])
                let label = graph.addTensor(head.labelName, type: .int64, shape: [1], dynamic: [0])
                graph.addOperator(.argMax, inputs: [scores, axis], outputs: [label], options: .argMax(outputType: .int64))
                graph.markOutput(label, name: head.labelName)
            }
            graph.markOutput(scores, name: name)
        }
        return try _exported(graph, graphName: graphName, input: trees.input, outputs: trees.outputs, documentation: trees.documentation,
                         metadata: metadata)
    }

    /// The encoded model; `metadata` is appended to the description as `key=value` lines.
    /// - Throws: `ModelExportError.unsupported` when the constants exceed what a FlatBuffers file holds.
    private static func _exported(_ graph: _TFLiteGraph, graphName: String, input: TensorDescription, outputs: [TensorDescription],
                                  documentation: String, metadata: [String: String]) throws -> ExportedModel {
        guard graph.constantByteCount <= 2 * maximumConstantBytes - (1 << 24) else {
            throw ModelExportError.unsupported(format: .tflite, part: graphName,
                                               reason: "\(graph.constantByteCount) bytes of constants, over the 2 GiB a FlatBuffers file holds")
        }
        let lines = ["producer=OnDeviceML \(OnDeviceMLVersion.current)"] + metadata.keys.sorted().map { "\($0)=\(metadata[$0]!)" }
        let bytes = graph.encoded(subgraphName: graphName, description: documentation + "\n" + lines.joined(separator: "\n"))
        return ExportedModel(format: .tflite, data: Data(bytes), input: input, outputs: outputs, operators: graph.operatorNames,
                             documentation: documentation)
    }
}
