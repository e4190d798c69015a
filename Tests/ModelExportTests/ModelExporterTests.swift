import BoostedTrees
import Cycles
import Foundation
import ModelFiles
import NeuralNet
import TensorCore
import Testing
@testable import ModelExport
import CyclesLab

/// What every format shares: kinds come from the registry, and what a format cannot express is a
/// typed error, never a different model.
struct ModelExporterTests {
    @Test(arguments: ExportFormat.allCases)
    func unknownKindIsATypedError(format: ExportFormat) throws {
        #expect(throws: ModelExportError.unknownKind(kind: "elaro", known: ModelKindRegistry.kinds.map(\.name))) {
            try ModelExporter.export(ModelFile(kind: "elaro"), format: format)
        }
    }

    @Test(arguments: ExportFormat.allCases)
    func rulesHaveNothingToExport(format: ExportFormat) throws {
        #expect(throws: ModelExportError.nothingToExport(kind: "cycle-rules")) {
            try ModelExporter.export(ModelFile(kind: ModelKind.cycleRules.name), format: format)
        }
    }

    @Test(arguments: ExportFormat.allCases)
    func categoricalSplitsAreRefusedByEveryFormat(format: ExportFormat) throws {
        var layout = try TinyModels.gbtLayout()
        var ensemble = layout.heads[1].model.ensemble
        let node = Int(ensemble.treeStarts[2])
        ensemble.isCategorical[node] = true
        layout.heads[1].model.ensemble = ensemble
        do {
            _ = try ModelExporter.export(.trees(layout), kind: "tiny-gbt", format: format)
            Issue.record("a categorical split was exported to \(format)")
        } catch let error as ModelExportError {
            guard case let .unsupported(errorFormat, part, reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(errorFormat == format)
            #expect(part == "ovulation_raw tree 2 node 0")
            #expect(reason.contains("categorical split"))
            #expect(error.description.contains("cannot express it"))
        }
    }

    @Test func misshapenHeadIsRejectedByTheLayout() throws {
        var generator = SeededGenerator(seed: 1)
        let lstm = LSTM(inputSize: 5, hiddenSize: 4, using: &generator)
        let head = RecurrentNetworkLayout.Head(name: "mood_logits", layer: Linear(inputSize: 5, outputSize: 3, using: &generator))
        #expect(throws: ModelFileError.shapeMismatch(section: "mood_logits", detail: "head input size 5, expected the LSTM hidden size 4")) {
            try RecurrentNetworkLayout(lstm: lstm, heads: [head])
        }
    }

    @Test func splitOutsideTheInputIsRejectedByTheLayout() throws {
        let layout = try TinyModels.gbtLayout()
        #expect(throws: ModelFileError.shapeMismatch(section: "period_raw", detail: "splits on column 5, the input has 5 columns")) {
            try TreeModelLayout(featureCount: 5, heads: layout.heads)
        }
    }

    @Test(arguments: ExportFormat.allCases)
    func exportIsDeterministicAndWritesItsBytes(format: ExportFormat) throws {
        let first = try ModelExporter.export(.recurrent(TinyModels.lstmLayout()), kind: "tiny-lstm", format: format)
        let second = try ModelExporter.export(.recurrent(TinyModels.lstmLayout()), kind: "tiny-lstm", format: format)
        #expect(first.data == second.data)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("export-\(UUID().uuidString).\(format.fileExtension)")
        defer { try? FileManager.default.removeItem(at: url) }
        try first.write(to: url)
        #expect(try Data(contentsOf: url) == first.data)
    }

    @Test func referenceOutputsRejectAMisshapenInput() throws {
        let layout = ModelLayout.trees(try TinyModels.gbtLayout())
        #expect(throws: ModelExportError.inputMismatch(expected: "shape [batch, 6]", found: "shape [2, 5] with 10 values")) {
            try layout.referenceOutputs(input: [Float](repeating: 0, count: 10), shape: [2, 5])
        }
    }
}
