import BoostedTrees
import CyclesLab
import Foundation
import ModelFiles
import NeuralNet
import TensorCore
import Testing
@testable import Cycles
@testable import CyclesLab

/// The registry is the one home of model kinds: each kind string is declared once, and a file of a
/// registered kind loads into its predictor and its layout.
struct ModelKindRegistryTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Sources")

    @Test func kindNamesAreUnique() {
        let names = ModelKindRegistry.kinds.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(names == ["cycle-gbt", "cycle-lstm", "cycle-rules", "cycle-calendar", "cycle-period-history"])
    }

    /// One name space: a kind's model name is what its predictor calls itself, the built-in
    /// models (the loop's and the lab's) are the registry's, and no two kinds share a model name.
    @Test func modelNamesAreTheRegistrysOwn() throws {
        let modelNames = ModelKindRegistry.kinds.map(\.modelName)
        #expect(Set(modelNames).count == modelNames.count)
        #expect(ModelKindRegistry.builtIns.map(\.modelName) == ["calendar", "period-history", "rules"])
        for kind in ModelKindRegistry.builtIns {
            let builtIn = try #require(ModelKindRegistry.builtIn(named: kind.modelName))
            #expect(builtIn.kind == kind && builtIn.predictor.name == kind.modelName)
        }
        #expect(ModelKindRegistry.builtIn(named: "gbt") == nil && ModelKindRegistry.builtIn(named: "cycle-rules") == nil)
        let root = Self.sources.deletingLastPathComponent()
        let gbt = try ModelKindRegistry.load(ModelFile.read(from: root.appendingPathComponent("Models/cycle-gbt.odml")))
        let lstm = try ModelKindRegistry.load(ModelFile.read(from: root.appendingPathComponent("Models/cycle-lstm.odml")))
        #expect(gbt.predictor.name == ModelKind.cycleGBT.modelName && lstm.predictor.name == ModelKind.cycleLSTM.modelName)
        #expect(Array(PredictorFactory.builtInNames.prefix(3)) == ModelKindRegistry.builtIns.map(\.modelName))
    }

    /// Fails when a kind string (`"cycle-…"`) is written as a literal anywhere in `Sources/` but
    /// in `ModelKindRegistry.swift`, or twice there: use `ModelKind.<kind>.name` instead.
    @Test func everyKindStringIsDeclaredOnceInTheRegistry() throws {
        let literal = try Regex(#""cycle-[a-z0-9-]+""#)
        var found: [String: [String]] = [:]
        let files = try #require(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        for case let url as URL in files where url.pathExtension == "swift" && !url.lastPathComponent.hasSuffix(".pb.swift") {
            let text = try String(contentsOf: url, encoding: .utf8)
            for line in text.split(separator: "\n") where !line.trimmingCharacters(in: .whitespaces).hasPrefix("///") {
                for match in line.matches(of: literal) {
                    found[String(line[match.range]), default: []].append(url.lastPathComponent)
                }
            }
        }
        #expect(!found.isEmpty, "no kind literal found under \(Self.sources.path)")
        for (kind, files) in found {
            #expect(files == ["ModelKindRegistry.swift"], "kind \(kind) is written in \(files); declare it once in ModelKindRegistry.swift")
        }
        #expect(Set(found.keys) == Set(ModelKindRegistry.kinds.map { "\"\($0.name)\"" }))
    }

    @Test func unknownKindIsATypedError() {
        #expect(throws: ModelFileError.invalidHeader(reason: "kind \"elaro\" is not one this build can load (known kinds: cycle-gbt, cycle-lstm, cycle-rules, cycle-calendar, cycle-period-history)")) {
            try ModelKindRegistry.load(ModelFile(kind: "elaro"))
        }
        #expect(throws: ModelFileError.invalidHeader(reason: "kind is \"cycle-rules\", expected \"cycle-lstm\"")) {
            try ModelKind.cycleLSTM.load(ModelFile(kind: "cycle-rules"))
        }
    }

    @Test func builtInFilesLoadTheirPredictorWithNothingToExport() throws {
        for (kind, predictor) in [(ModelKind.cycleRules, "rules"), (ModelKind.cycleCalendar, "calendar")] {
            let loaded = try ModelKindRegistry.load(ModelFile(kind: kind.name))
            #expect(loaded.kind == kind)
            #expect(loaded.predictor.name == predictor)
            let layout = try ModelLayout(loaded)
            #expect(layout.family == "built-in" && layout.input == nil && layout.outputs.isEmpty)
        }
    }

    @Test func lstmFileLoadsItsNetworkAsTheLayout() throws {
        var generator = SeededGenerator(seed: 3)
        let network = LSTMCyclePredictor.Network(featureCount: DailyFeatureBuilder.featureCount, hiddenSize: 4, using: &generator)
        let count = DailyFeatureBuilder.featureCount
        let predictor = try LSTMCyclePredictor(network: network, featureMean: [Float](repeating: 1, count: count),
                                               featureScale: [Float](repeating: 2, count: count))
        let loaded = try ModelKindRegistry.load(predictor.modelFile())
        #expect(loaded.kind == .cycleLSTM && loaded.predictor.name == "lstm")
        guard case let .recurrent(layout) = try ModelLayout(loaded) else {
            Issue.record("a cycle-lstm file did not give a recurrent layout")
            return
        }
        #expect(layout.lstm.layers[0].weightIH == network.lstm.layers[0].weightIH)
        #expect(layout.featureMean == predictor.featureMean && layout.featureScale == predictor.featureScale)
        #expect(layout.heads.map(\.name) == ["period_logits", "ovulation_logits", "energy_logits", "mood_logits"])
        #expect(layout.outputs.map(\.shapeDescription) == ["[steps, batch, 61]", "[steps, batch, 1]", "[steps, batch, 3]", "[steps, batch, 3]"])
        #expect(layout.input.shapeDescription == "[steps, batch, \(count)]")
    }

    @Test func gbtFileLoadsItsEnsemblesAsTheLayout() throws {
        let names = TabularFeatureBuilder.features.map(\.name)
        let ensemble = try TreeEnsemble(treeStarts: [0, 3, 4], feature: [0, -1, -1, -1], threshold: [5, 0, 0, 0], left: [1, -1, -1, -1],
                                        right: [2, -1, -1, -1], value: [0, -1, 1, 0.5], cover: [2, 1, 1, 1],
                                        defaultLeft: [true, false, false, false])
        let remaining = GradientBoostedModel(ensemble: ensemble, objective: .poisson, baseScores: [2.5], featureNames: names)
        let loaded = try ModelKindRegistry.load(GBTCyclePredictor(remaining: remaining).modelFile())
        #expect(loaded.kind == .cycleGBT && loaded.predictor.name == "gbt")
        guard case let .trees(layout) = try ModelLayout(loaded) else {
            Issue.record("a cycle-gbt file did not give a tree layout")
            return
        }
        #expect(layout.featureCount == names.count)
        #expect(layout.heads.map(\.name) == ["period_raw"])
        #expect(layout.heads[0].model.ensemble == remaining.ensemble && layout.heads[0].model.baseScores == [2.5])
        #expect(layout.outputs.map(\.shapeDescription) == ["[batch, 1]"])
    }
}
