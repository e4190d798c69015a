import Foundation
import OnDeviceML
import Testing

/// `odml export` as a user runs it: the formats in the help, a written file per format, and one
/// error line (and no file) for what cannot be exported.
@Suite struct ExportCommandTests {
    func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("odml-export-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// A `cycle-gbt` file with one two-leaf period tree; `categorical` makes its split categorical.
    func gbtFile(in directory: URL, categorical: Bool = false) throws -> String {
        let names = TabularFeatureBuilder.features.map(\.name)
        let ensemble = try TreeEnsemble(treeStarts: [0, 3], feature: [2, -1, -1], threshold: [5, 0, 0], left: [1, -1, -1],
                                        right: [2, -1, -1], value: [0, -1, 1], cover: [2, 1, 1], defaultLeft: [true, false, false],
                                        isCategorical: [categorical, false, false])
        let model = GradientBoostedModel(ensemble: ensemble, objective: .poisson, baseScores: [2.5], featureNames: names)
        let url = directory.appendingPathComponent(categorical ? "categorical.odml" : "gbt.odml")
        try GBTCyclePredictor(remaining: model).save(to: url)
        return url.path
    }

    @Test func helpListsTheFormatsAndMatchesSnapshot() throws {
        let result = try ODMLProcess.run(["export", "--help"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("onnx, tflite, coreml"))
        try Snapshot.expectMatch(result.standardOutput, named: "export-help")
    }

    @Test(arguments: [("onnx", "onnx"), ("tflite", "tflite"), ("coreml", "mlmodel")])
    func everyFormatWritesItsFile(format: String, fileExtension: String) throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let out = directory.appendingPathComponent("model.\(fileExtension)").path
        let result = try ODMLProcess.run(["export", try gbtFile(in: directory), "--format", format, "--out", out, "--json"])
        #expect(result.exitCode == 0, "\(result.standardError)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(summary["format"] as? String == format)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(summary["bytes"] as? Int == bytes.count)
        #expect((summary["outputs"] as? [[String: Any]])?.first?["name"] as? String == "period_raw")
        if format == "tflite" { #expect(Array(bytes[4..<8]) == Array("TFL3".utf8)) }
    }

    @Test func categoricalSplitIsOneErrorLineAndNoFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = try gbtFile(in: directory, categorical: true)
        let out = directory.appendingPathComponent("model.tflite").path
        let result = try ODMLProcess.run(["export", model, "--format", "tflite", "--out", out])
        #expect(result.exitCode != 0)
        #expect(result.standardError == "Error: \(model): period_raw tree 0 node 0: a categorical split (feature 2 == 5.0); "
            + "export supports numerical splits only; TFLite cannot express it, so the model is not exported\n")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test func rulesFileHasNothingToExport() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let model = directory.appendingPathComponent("rules.odml")
        try ModelFile(kind: ModelKind.cycleRules.name).write(to: model)
        let result = try ODMLProcess.run(["export", model.path, "--format", "coreml", "--out", directory.appendingPathComponent("x").path])
        #expect(result.exitCode != 0)
        #expect(result.standardError == "Error: \(model.path): model kind \"cycle-rules\" has no learned parameters to export\n")
    }

    @Test func unknownFormatIsRejected() throws {
        let result = try ODMLProcess.run(["export", "model.odml", "--format", "keras", "--out", "x"])
        #expect(result.exitCode != 0)
        #expect(result.standardError.hasPrefix("Error: "))
        #expect(result.standardError.contains("keras"))
    }
}
