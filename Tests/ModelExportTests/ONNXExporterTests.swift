import Foundation
import ModelFiles
import NeuralNet
import SwiftProtobuf
import TensorCore
import Testing
@testable import ModelExport
import Cycles
import CyclesLab

/// Structure of the exported graphs, parsed back with swift-protobuf.
struct ONNXExporterTests {
    @Test func lstmGraphParsesBackWithItsStructure() throws {
        let exported = try Self.export(.recurrent(TinyModels.lstmLayout()))
        let model = try Onnx_ModelProto(serializedBytes: exported.data)
        #expect(model.irVersion == 8)
        #expect(model.producerName == "OnDeviceML")
        #expect(model.opsetImport.map(\.domain) == [""])
        #expect(model.opsetImport.first?.version == 17)
        #expect(model.graph.node.map(\.opType) == ["Sub", "Div", "LSTM", "Squeeze", "LSTM", "Squeeze",
                                                   "MatMul", "Add", "MatMul", "Add", "MatMul", "Add"])
        #expect(model.graph.input.map(\.name) == ["features"])
        #expect(model.graph.output.map(\.name) == ["period_logits", "ovulation_logits", "mood_logits"])
        let outputDims = model.graph.output.map { $0.type.tensorType.shape.dim.map { $0.dimParam.isEmpty ? String($0.dimValue) : $0.dimParam } }
        #expect(outputDims == [["steps", "batch", "7"], ["steps", "batch", "1"], ["steps", "batch", "3"]])
        let initializers = Dictionary(uniqueKeysWithValues: model.graph.initializer.map { ($0.name, $0) })
        #expect(initializers["lstm.0.W"]?.dims == [1, 16, 5])
        #expect(initializers["lstm.1.W"]?.dims == [1, 16, 4])
        #expect(initializers["lstm.0.R"]?.dims == [1, 16, 4])
        #expect(initializers["lstm.0.B"]?.dims == [1, 32])
        #expect(initializers["period_logits.weight_transposed"]?.dims == [4, 7])
        let lstmNode = try #require(model.graph.node.first { $0.opType == "LSTM" })
        #expect(lstmNode.attribute.first { $0.name == "hidden_size" }?.i == 4)
        #expect(lstmNode.input == ["features_normalised", "lstm.0.W", "lstm.0.R", "lstm.0.B"])
    }

    @Test func lstmGatesAreReorderedToONNXOrder() throws {
        let layout = try TinyModels.lstmLayout()
        let model = try Onnx_ModelProto(serializedBytes: try Self.export(.recurrent(layout)).data)
        let hidden = TinyModels.lstmHiddenSize, columns = TinyModels.lstmFeatureCount
        let pytorch = layout.lstm.layers[0].weightIH.scalars
        let onnxW = try #require(model.graph.initializer.first { $0.name == "lstm.0.W" }).floatValues
        let block = hidden * columns
        // ONNX block order i, o, f, c takes PyTorch blocks i, f, g, o = 0, 3, 1, 2.
        for (onnxBlock, pytorchBlock) in [(0, 0), (1, 3), (2, 1), (3, 2)] {
            #expect(Array(onnxW[(onnxBlock * block)..<((onnxBlock + 1) * block)])
                == Array(pytorch[(pytorchBlock * block)..<((pytorchBlock + 1) * block)]))
        }
        let onnxB = try #require(model.graph.initializer.first { $0.name == "lstm.0.B" }).floatValues
        let biasHH = layout.lstm.layers[0].biasHH.scalars
        #expect(Array(onnxB[(4 * hidden + hidden)..<(4 * hidden + 2 * hidden)]) == Array(biasHH[(3 * hidden)..<(4 * hidden)]))
    }

    @Test func treeGraphParsesBackWithItsStructure() throws {
        let layout = try TinyModels.gbtLayout()
        let exported = try Self.export(.trees(layout))
        let model = try Onnx_ModelProto(serializedBytes: exported.data)
        #expect(model.opsetImport.map(\.domain) == ["", "ai.onnx.ml"])
        #expect(model.graph.node.map(\.opType) == ["TreeEnsembleRegressor", "TreeEnsembleRegressor", "TreeEnsembleClassifier"])
        #expect(model.graph.node.allSatisfy { $0.domain == "ai.onnx.ml" })
        #expect(model.graph.output.map(\.name) == ["period_raw", "ovulation_raw", "energy_label", "energy_raw"])
        #expect(exported.operators == ["ai.onnx.ml.TreeEnsembleRegressor", "ai.onnx.ml.TreeEnsembleRegressor",
                                       "ai.onnx.ml.TreeEnsembleClassifier"])
        for (node, head) in zip(model.graph.node, layout.heads) {
            let section = head.model.ensemble, name = head.name
            let attributes = Dictionary(uniqueKeysWithValues: node.attribute.map { ($0.name, $0) })
            let nodeCount = section.feature.count, leafCount = section.feature.filter { $0 < 0 }.count
            for key in ["nodes_treeids", "nodes_nodeids", "nodes_featureids", "nodes_truenodeids", "nodes_falsenodeids",
                        "nodes_missing_value_tracks_true"] {
                #expect(attributes[key]?.ints.count == nodeCount, "\(name) \(key)")
            }
            #expect(attributes["nodes_modes"]?.strings.filter { $0 == Data("LEAF".utf8) }.count == leafCount)
            let weights = head.hasLabel ? "class_weights" : "target_weights"
            #expect(attributes[weights]?.floats.count == leafCount)
            #expect(Set(attributes["nodes_treeids"]?.ints ?? []) == Set((0..<Int64(section.treeCount)).map { $0 }))
        }
        let energy = Dictionary(uniqueKeysWithValues: model.graph.node[2].attribute.map { ($0.name, $0) })
        #expect(energy["classlabels_int64s"]?.ints == [0, 1, 2])
        #expect(energy["base_values"]?.floats == [0.125, -0.5, 0.0625])
    }

    @Test func exportIsDeterministic() throws {
        let first = try Self.export(.trees(TinyModels.gbtLayout())).data
        let second = try Self.export(.trees(TinyModels.gbtLayout())).data
        #expect(first == second)
    }

    static func export(_ layout: ModelLayout) throws -> ExportedModel {
        try ModelExporter.export(layout, kind: "cycle-test", format: .onnx)
    }
}

extension Onnx_TensorProto {
    /// The float values of a raw-data tensor.
    var floatValues: [Float] {
        stride(from: 0, to: rawData.count, by: 4).map { offset in
            Float(bitPattern: rawData[rawData.startIndex + offset..<rawData.startIndex + offset + 4].withUnsafeBytes {
                UInt32(littleEndian: $0.loadUnaligned(as: UInt32.self))
            })
        }
    }
}
