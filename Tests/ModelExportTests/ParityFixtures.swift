import Cycles
import Foundation
import Testing
@testable import ModelExport
import CyclesLab

/// The committed exports of the tiny models and the outputs another runtime computed on them.
///
/// `Fixtures/<name>.<ext>` (the export) and `<name>.input.json` (sample rows) are written by the
/// parity suites with `ODML_REGENERATE_FIXTURES=1`; `<name>.<runtime>.json` by the peer scripts
/// under `Benchmarks/peers/` run on those very files (see `Fixtures/README.md`), so no Python runs
/// at test time.
enum ParityFixtures {
    static let regenerate = ProcessInfo.processInfo.environment["ODML_REGENERATE_FIXTURES"] == "1"
    static let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    /// Worst allowed |ours − theirs| / max(1, |ours|).
    static let tolerance = 1e-5

    /// The tiny model called `name` (`tiny-lstm` or `tiny-gbt`).
    static func layout(_ name: String) throws -> ModelLayout {
        name == "tiny-lstm" ? .recurrent(try TinyModels.lstmLayout()) : .trees(try TinyModels.gbtLayout())
    }

    /// The sample rows of the tiny model called `name`.
    static func sample(_ name: String, layout: ModelLayout) -> (values: [Float], shape: [Int]) {
        layout.sampleInput(rows: name == "tiny-lstm" ? 60 : 200, seed: 11)
    }

    /// Checks that today's `format` export of `name` is the committed file, then compares OnDeviceML's
    /// outputs on the committed rows with `<name>.<runtime>.json`; returns that document's other keys.
    /// With `ODML_REGENERATE_FIXTURES=1`, writes the export and the rows instead.
    @discardableResult
    static func check(_ name: String, format: ExportFormat, runtime: String) throws -> [String: Any] {
        let layout = try layout(name)
        let exported = try ModelExporter.export(layout, kind: name, format: format)
        let sample = sample(name, layout: layout)
        if regenerate {
            try exported.write(to: sourceDirectory.appendingPathComponent("\(name).\(format.fileExtension)"))
            let input: [String: Any] = ["input": exported.input.name, "input_shape": sample.shape,
                                        "input_values": sample.values.map { $0.isNaN ? "nan" : "\($0)" }]
            try JSONSerialization.data(withJSONObject: input, options: [.sortedKeys])
                .write(to: sourceDirectory.appendingPathComponent("\(name).input.json"))
            return [:]
        }
        let committed = try Data(contentsOf: try fixture(name, format.fileExtension))
        #expect(committed == exported.data, "the \(format) export of \(name) changed: regenerate the fixtures (Fixtures/README.md)")

        let input = try JSONSerialization.jsonObject(with: Data(contentsOf: try fixture("\(name).input", "json"))) as! [String: Any]
        let values = (input["input_values"] as! [String]).map { Float($0)! }
        #expect(values.count == sample.values.count)
        #expect(zip(values, sample.values).allSatisfy { $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) })
        let ours = try layout.referenceOutputs(input: values, shape: input["input_shape"] as! [Int])

        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: try fixture("\(name).\(runtime)", "json"))) as! [String: Any]
        let outputs = document["outputs"] as! [String: [String: Any]]
        #expect(Set(outputs.keys) == Set(exported.outputs.map(\.name)))
        var compared = 0
        for (outputName, expected) in ours {
            let theirs = try #require(outputs[outputName]?["values"] as? [String], "\(runtime) has no \(outputName)").map { Double($0)! }
            #expect(theirs.count == expected.count, "\(outputName)")
            let worst = zip(expected, theirs).map { abs(Double($0) - $1) / max(1, abs(Double($0))) }.max() ?? .infinity
            #expect(worst <= tolerance, "\(name) \(outputName) (\(runtime)): worst difference \(worst)")
            compared += expected.count
        }
        #expect(compared > 0)
        for label in exported.outputs where label.elementType == .int64 {
            let raw = label.name.replacingOccurrences(of: "_label", with: "_raw")
            let labels = try #require(outputs[label.name]?["values"] as? [Int])
            let scores = try #require(ours[raw])
            let classes = scores.count / labels.count
            for (row, chosen) in labels.enumerated() {
                let rowScores = scores[(row * classes)..<((row + 1) * classes)]
                #expect(rowScores.max()! - rowScores[row * classes + chosen] <= 1e-5, "\(label.name) row \(row)")
            }
        }
        return document
    }

    /// The URL of a committed fixture.
    static func fixture(_ name: String, _ fileExtension: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: fileExtension, subdirectory: "Fixtures"),
                     "missing fixture \(name).\(fileExtension): see Fixtures/README.md")
    }
}
