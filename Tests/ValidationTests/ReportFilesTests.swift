import Cycles
import Foundation
import TensorCore
import Testing
@testable import Validation
import CyclesLab

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
        // The machine the latencies were measured on: its CPU and the BLAS kernels in use.
        let machine = try #require(json["machine"] as? String)
        #expect(machine.hasPrefix(CPUDescription.current.summary) && machine.contains("BLAS \(BLAS.libraryName) \(BLAS.kernel.name)"))
        #expect(report.text.split(separator: "\n").contains { $0 == "machine: \(machine)" })
        let markdownFile = try String(contentsOf: output.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdownFile.contains("\nmachine: \(machine)\n"))
        let gates = try #require(json["gates"] as? [[String: Any]])
        #expect(gates.count == GateSpecification.defaults.count)
        #expect(gates.allSatisfy { $0["status"] != nil && $0["limit"] != nil && $0["method"] != nil && $0["comparison"] != nil })
        let models = try #require(json["models"] as? [[String: Any]])
        #expect(models.map { $0["name"] as? String } == ["calendar", "rules", "random", "ovulation-aware", "oracle"])
        #expect(models.map { $0["role"] as? String } == ["baseline", "baseline", "candidate", "ceiling", "ceiling"])
        #expect(models[2]["file_bytes"] as? Int == 90_000)
        let evaluation = try #require(models[2]["evaluation"] as? [String: Any])
        #expect(evaluation[CycleMetric.alertAccuracy.rawValue] != nil)
        #expect(evaluation[CycleMetric.alertAccuracy.rawValue + "_ci"] != nil)

        let panel = try #require(json["robustness"] as? [String: Any])
        #expect(panel["models"] as? [String] == ["calendar", "rules", "random"])
        let rows = try #require(panel["rows"] as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == ["as generated"] + DatasetPerturbation.all().map(\.label))
        let cells = try #require(rows[0]["cells"] as? [[String: Any]])
        #expect(cells[0]["alert_accuracy_vs_calendar"] == nil)
        let difference = try #require(cells[2]["alert_accuracy_vs_calendar"] as? [String: Any])
        #expect(difference["value"] is Double && (difference["interval"] as? [Double])?.count == 2)
        #expect(gates.contains { $0["metric"] as? String == MeasurementKey.robustnessVersusCalendar && $0["statistic"] as? String == "ci_high" })

        let markdown = try String(contentsOf: output.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(markdown.contains("## Robustness panel"))
        #expect(markdown.contains("|   Δ vs calendar |  |  | - | "))
        #expect(markdown.contains("| forgotten period | "))
        #expect(markdown.contains("| no model below the calendar (every panel row) | random | "))
        #expect(markdown.hasPrefix("# Validation report: Spike S3 NO-GO"))
        #expect(markdown.contains("## Phase 2 targets"))
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
        #expect(table[0] == ["metric", "calendar", "rules", "always-wrong", "ovulation-aware", "oracle"])
        #expect(table[1][0] == "alert accuracy [95 % CI]")
        #expect(table[1][3].hasPrefix("0.0 %"))
        #expect(report.gateTable.count == 1 + GateSpecification.spike.count)
        #expect(report.targetTable.count == 1 + GateSpecification.phase2Targets.count)
        #expect(report.text.hasSuffix(report.summaryLine))
        #expect(report.text.contains("robustness panel: alert accuracy [95 % CI]"))
        #expect(report.text.contains("30-day gap"))
        #expect(report.gateTable.first { $0[0] == GateSpecification.notBelowCalendar.name } == nil)
        let floor = try #require(report.targetTable.first { $0[0] == GateSpecification.notBelowCalendar.name })
        #expect(floor[2].hasSuffix(" pt") && floor[3] == "≥ +0.0 pt" && floor[4] == "-" && floor[5] == "not met")
        #expect(report.summaryLine.hasPrefix("NO-GO: "))
    }

    @Test func realDataSectionAndCalibrationAreRendered() throws {
        var validator = TestSupport.validator(gates: [.notBelowCalendar])
        validator.robustnessPerturbations = []
        validator.robustnessDatasets = [RobustnessDataset(name: "long", dataset: TestSupport.longCycles)]
        let report = try validator.validate([ValidationCandidate(predictor: FixedTwentyEightDaysPredictor())],
                                            on: TestSupport.longCycles, data: TestSupport.longCyclesDescription)
        let section = try #require(report.realData.first)
        #expect(report.realData.count == 1 && section.name == "long" && section.users == 12)
        #expect(section.results.map(\.model) == ["calendar", "rules", "fixed-28"])
        #expect(section.results[0].versusCalendar.isEmpty)
        let fixed = section.results[2]
        #expect(try #require(fixed.versusCalendar[.alertAccuracy]).value < 0)
        #expect(fixed.versusCalendar[.confidenceECE] != nil && fixed.versusCalendar[.brier] != nil)
        #expect(fixed.versusCalendar[.coverage80] == nil && fixed.metrics[.coverage80] != nil)
        #expect(fixed.confidenceSource == "past errors")
        // Text, Markdown and HTML carry the section; the side-by-side table the calibration rows.
        #expect(report.text.contains(section.heading))
        #expect(section.table.contains { $0.first == "  Δ vs calendar" })
        #expect(report.modelTable.contains { $0.first == "confidence ECE [95 % CI]" })
        #expect(report.modelTable.last == ["confidence from", "past errors", "past errors", "past errors"])
        let markdown = report.markdown
        for part in ["## Real data", "### long", "## Calibration", "| confidence | calendar | rules | fixed-28 |",
                     "![Reliability of the confidence](reliability.svg)", "| 80 % interval coverage | "] {
            #expect(markdown.contains(part), "report.md lacks \(part)")
        }
        let html = report.html
        for part in ["<h2>Real data</h2>", "<table id=\"real-data-1\">", "<table id=\"reliability\">", "<h2>Calibration</h2>"] {
            #expect(html.contains(part), "report.html lacks \(part)")
        }
        // The reliability diagram: the diagonal, one series per model, each model's ECE in the legend.
        let chart = report.reliabilityChart
        #expect(chart.contains("stroke-dasharray") && chart.contains("<circle"))
        for model in ["calendar", "rules", "fixed-28"] { #expect(chart.contains("\(model): ECE 0.")) }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.jsonString().utf8)) as? [String: Any])
        let realData = try #require(json["real_data"] as? [[String: Any]])
        let results = try #require(realData.first?["results"] as? [[String: Any]])
        let versus = try #require(results[2]["vs_calendar"] as? [String: Any])
        #expect(versus[CycleMetric.alertAccuracy.rawValue] != nil && versus[CycleMetric.confidenceECE.rawValue] != nil)
        let metrics = try #require(results[2]["metrics"] as? [String: Double])
        #expect(Set(metrics.keys) == Set(RealDataSection.metrics.map(\.rawValue)))
    }

    @Test func writingIntoAFileFailsWithThePath() throws {
        let directory = try TestSupport.temporaryDirectory()
        let blocker = try TestSupport.modelFile(bytes: 1, in: directory, name: "not-a-directory")
        let report = ValidationReport(data: TestSupport.description, models: [], gates: [])
        #expect(throws: ValidatorError.self) { try report.write(to: blocker) }
    }
}
