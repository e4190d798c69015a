import Cycles
import Foundation
import Testing
@testable import Validation

@Suite struct ReportFilesTests {
    @Test func writesJSONMarkdownAndThreeCharts() throws {
        let directory = try TestSupport.temporaryDirectory()
        let file = try TestSupport.modelFile(bytes: 90_000, in: directory)
        let report = try TestSupport.validator(learningCurve: FixedLearningCurve(fineTunedAtSixMonths: 0.71))
            .validate([ValidationCandidate(predictor: RandomPredictor(), file: file)], on: TestSupport.dataset, data: TestSupport.description)
        let output = directory.appendingPathComponent("report")
        try report.write(to: output)
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(names == ValidationReport.fileNames.sorted())

        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("report.json"))) as? [String: Any])
        #expect(json["verdict"] as? String == "NO-GO")
        #expect(json["go"] as? Bool == false)
        let gates = try #require(json["gates"] as? [[String: Any]])
        #expect(gates.count == GateSpecification.defaults.count)
        #expect(gates.allSatisfy { $0["status"] != nil && $0["limit"] != nil && $0["method"] != nil && $0["comparison"] != nil })
        let models = try #require(json["models"] as? [[String: Any]])
        #expect(models.map { $0["name"] as? String } == ["rules", "random", "oracle"])
        #expect(models[1]["file_bytes"] as? Int == 90_000)
        let evaluation = try #require(models[1]["evaluation"] as? [String: Any])
        #expect(evaluation[CycleMetric.alertAccuracy] != nil)
        #expect(evaluation[CycleMetric.alertAccuracy + "_ci"] != nil)

        let markdown = try String(contentsOf: output.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.hasPrefix("# Validation report: NO-GO"))
        #expect(markdown.contains("| alert accuracy ≥ 60 % (CI lower bound) | random |"))
        #expect(markdown.contains("lower end of the 95 % interval"))
        for chart in ["accuracy-by-cycle-day.svg", "learning-curve.svg", "latency.svg"] {
            let svg = try String(contentsOf: output.appendingPathComponent(chart), encoding: .utf8)
            #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            #expect(svg.hasSuffix("</svg>\n"))
            #expect(svg.contains("<rect") || svg.contains("<polyline"))
        }
        let curve = try String(contentsOf: output.appendingPathComponent("learning-curve.svg"), encoding: .utf8)
        #expect(curve.contains("fine_tuned"))
    }

    @Test func tableShowsEveryModelAndEveryGate() throws {
        let report = try TestSupport.validator()
            .validate([ValidationCandidate(predictor: AlwaysWrongPredictor())], on: TestSupport.dataset, data: TestSupport.description)
        let table = report.modelTable
        #expect(table[0] == ["metric", "rules", "always-wrong", "oracle"])
        #expect(table[1][0] == "alert accuracy [95 % CI]")
        #expect(table[1][2].hasPrefix("0.0 %"))
        #expect(report.gateTable.count == 1 + GateSpecification.defaults.count)
        #expect(report.text.hasSuffix(report.summaryLine))
        #expect(report.summaryLine.hasPrefix("NO-GO: "))
    }

    @Test func writingIntoAFileFailsWithThePath() throws {
        let directory = try TestSupport.temporaryDirectory()
        let blocker = try TestSupport.modelFile(bytes: 1, in: directory, name: "not-a-directory")
        let report = ValidationReport(data: TestSupport.description, models: [], gates: [])
        #expect(throws: ValidatorError.self) { try report.write(to: blocker) }
    }
}
