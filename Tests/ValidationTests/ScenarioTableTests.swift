import Cycles
import Foundation
import Testing
@testable import Validation
import CyclesLab

/// The scenario table on 24 regular users × 8 months, every one logging every signal.
@Suite struct ScenarioTableTests {
    /// A model that needs LH tests: the oracle where she logs them, the calendar elsewhere.
    static func lhGatedReport(idealObserver: IdealObserverResults? = nil, source: String = "no results file in tests") throws -> ValidationReport {
        let directory = try TestSupport.temporaryDirectory()
        let file = try TestSupport.modelFile(bytes: 120_000, in: directory)
        let candidate = ValidationCandidate(predictor: LHGatedOraclePredictor(oracle: try OracleEngine(dataset: TestSupport.regularEverySignal)),
                                            file: file)
        return try TestSupport.validator(learningCurve: FixedLearningCurve(fineTunedAtSixMonths: 0.72))
            .validate([candidate], on: TestSupport.regular, data: TestSupport.regularDescription,
                      scenarios: TestSupport.scenarioCohort(idealObserver: idealObserver, source: source))
    }

    /// `lhGatedReport()` with its defaults, computed once for the tests that read it.
    static let defaultReport = Result { try lhGatedReport() }

    @Test func aModelThatNeedsLHTestsIsGoWithLHTestsAndNoGoWithSymptomsOnly() throws {
        let report = try Self.defaultReport.get()
        let table = try #require(report.scenarios)
        #expect(table.rows.map(\.scenario) == ["signals:none", "signals:lh", "signals:bbt", "signals:wrist", "signals:mucus", "signals:all"])
        #expect(table.columns == ["calendar", "rules", "lh-gated", "ideal observer", "oracle"])
        #expect(table.rows.map(\.passes) == [false, true, false, false, false, true])
        #expect(table.cheapestPassing?.scenario == "signals:lh")
        #expect(report.isGo)
        #expect(report.verdict == "GO")
        #expect(report.exitCode == 0)

        // Without LH tests it is the calendar; with them, the oracle.
        let none = table.rows[0], lh = table.rows[1]
        #expect(none.cell("lh-gated")?.alertAccuracy == none.cell("calendar")?.alertAccuracy)
        #expect(lh.cell("lh-gated")?.alertAccuracy == lh.cell("oracle")?.alertAccuracy)
        #expect(try #require(none.gates.first { $0.metric == CycleMetric.alertAccuracy.rawValue }).status == .fail)
        #expect(lh.gates.allSatisfy { $0.passed })
        #expect(lh.cell("lh-gated")?.fineTunedSixMonths?.value == 0.72)
        #expect(none.cycles == lh.cycles && none.users == 24)

        // The model gates are checked once, on the users as generated; the others per scenario.
        let modelGates = GateSpecification.defaults.filter { !$0.isMeasuredPerScenario }.map(\.name)
        #expect(report.gates.map(\.name) == modelGates)
        #expect(report.gates.allSatisfy { $0.passed })
        #expect(lh.gates.map(\.name) == GateSpecification.defaults.filter(\.isMeasuredPerScenario).map(\.name))

        // The verdict names the cheapest passing logging, then the cheaper ones that fail (wrist
        // temperature, burden 1, then symptoms only), not the dearer ones (BBT, mucus).
        let verdict = report.summaryLine
        #expect(verdict.hasPrefix("GO with LH tests (lh-gated: "))
        #expect(verdict.contains("72.0 % fine-tuned after 6 months"))
        let wrist = try #require(verdict.range(of: "; NO-GO with wrist temperature (best lh-gated: "))
        let symptoms = try #require(verdict.range(of: "; NO-GO with symptoms only (best lh-gated: "))
        #expect(wrist.lowerBound < symptoms.lowerBound)
        #expect(verdict.contains("fails alert accuracy ≥ 60 % (CI lower bound) ("))
        #expect(!verdict.contains("BBT") && !verdict.contains("mucus"))
        #expect(report.text.hasSuffix("\n" + verdict))
    }

    @Test func theTableInTextJSONAndMarkdown() throws {
        let report = try Self.defaultReport.get()
        let text = report.text
        #expect(text.contains("logging scenarios: 24 regular-every-signal users (generated, held out, 8 months, seed 99)"))
        let lines = text.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("scenario  ") && $0.contains("ideal observer") })
        #expect(header.contains("calendar") && header.contains("lh-gated") && header.hasSuffix("result"))
        for label in ["symptoms only", "+ LH tests", "+ BBT", "+ wrist temperature", "+ cervical mucus", "all signals"] {
            #expect(lines.contains { $0.hasPrefix(label + " ") && $0.contains("%") }, "\(label)")
        }
        #expect(lines.contains { $0.hasPrefix("+ LH tests ") && $0.hasSuffix("  GO") })
        #expect(lines.contains { $0.hasPrefix("symptoms only ") && $0.hasSuffix("NO-GO") })
        #expect(lines.contains { $0.hasPrefix("  fine-tuned, 6 months") && $0.contains("72.0 %") })
        #expect(text.contains("ideal observer: not computed: no results file in tests"))
        #expect(text.contains("model gates (measured once, on the users as generated):"))

        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.jsonString().utf8)) as? [String: Any])
        #expect(json["verdict"] as? String == "GO")
        #expect(json["go"] as? Bool == true)
        #expect((json["summary"] as? String)?.hasPrefix("GO with LH tests") == true)
        let scenarios = try #require(json["scenarios"] as? [String: Any])
        #expect(scenarios["cheapest_passing"] as? String == "signals:lh")
        #expect((scenarios["verdict"] as? String) == report.summaryLine)
        let rows = try #require(scenarios["rows"] as? [[String: Any]])
        #expect(rows.map { $0["scenario"] as? String } == ["signals:none", "signals:lh", "signals:bbt", "signals:wrist", "signals:mucus", "signals:all"])
        #expect(rows.map { $0["passes"] as? Bool } == [false, true, false, false, false, true])
        #expect(rows[1]["passing_models"] as? [String] == ["lh-gated"])
        #expect(rows[1]["burden"] as? Int == 2 && rows[3]["burden"] as? Int == 1)
        let cells = try #require(rows[1]["cells"] as? [[String: Any]])
        #expect(cells.map { $0["model"] as? String } == ["calendar", "rules", "lh-gated", "ideal observer", "oracle"])
        #expect((cells[2]["alert_accuracy_ci"] as? [Double])?.count == 2)
        #expect(cells[3]["alert_accuracy"] == nil && (cells[3]["note"] as? String)?.hasPrefix("not computed") == true)
        let gates = try #require(rows[0]["gates"] as? [[String: Any]])
        #expect(gates.map { $0["status"] as? String } == ["fail", "pass"])

        let markdown = report.markdown
        #expect(markdown.hasPrefix("# Validation report: Spike S3 GO"))
        #expect(markdown.contains("## Logging scenarios"))
        #expect(markdown.contains("| + LH tests | 24 | "))
        #expect(markdown.contains("![Alert accuracy by logging scenario](scenarios.svg)"))
        #expect(markdown.contains("**Verdict:** GO with LH tests (lh-gated: "))
        #expect(markdown.contains("## Model gates (measured once, on the users as generated)"))
    }

    @Test func theReportPageHoldsTheVerdictAndTheTableAndFetchesNothing() throws {
        let report = try Self.defaultReport.get()
        let directory = try TestSupport.temporaryDirectory().appendingPathComponent("report")
        try report.write(to: directory)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
        #expect(names == (ValidationReport.fileNames + [ValidationReport.scenarioChartFileName]).sorted())
        let html = try String(contentsOf: directory.appendingPathComponent("report.html"), encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<div id=\"verdict\" class=\"go\"><p>Spike S3 go/no-go ("))
        #expect(html.contains("): GO with LH tests (lh-gated: "))
        #expect(html.contains("<table id=\"scenarios\">"))
        #expect(html.contains("<td>+ LH tests<br>"))
        #expect(html.components(separatedBy: "<svg class=\"interval\"").count - 1 >= 6 * 4)
        #expect(html.components(separatedBy: "<svg ").count - 1 >= 6 * 4 + 4)
        for external in ["http://", "https://", "<script", "<link", "<img", "@import", "url(", "src="] {
            #expect(!html.contains(external), "report.html references \(external)")
        }
        let chart = try String(contentsOf: directory.appendingPathComponent("scenarios.svg"), encoding: .utf8)
        #expect(chart.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(chart.contains(">+ LH tests</text>") && chart.contains(">gate 60 %</text>"))
    }

    @Test func aCalendarCopyIsNoGoInEveryScenarioAndTheVerdictSaysHowClose() throws {
        let directory = try TestSupport.temporaryDirectory()
        let file = try TestSupport.modelFile(bytes: 50_000, in: directory)
        let report = try TestSupport.validator(learningCurve: FixedLearningCurve(fineTunedAtSixMonths: 0.5))
            .validate([ValidationCandidate(predictor: CalendarCopyPredictor(), file: file)], on: TestSupport.regular,
                      data: TestSupport.regularDescription, scenarios: TestSupport.scenarioCohort())
        let table = try #require(report.scenarios)
        #expect(table.rows.allSatisfy { !$0.passes && $0.passingModels.isEmpty })
        #expect(table.cheapestPassing == nil)
        #expect(!report.isGo)
        #expect(report.exitCode == 1)
        #expect(report.summaryLine.hasPrefix("NO-GO: no logging scenario passes every gate; closest: symptoms only (best calendar-copy: "))
        // The fine-tuning target decides nothing: the verdict does not list it among the failures,
        // the Phase 2 line does.
        #expect(!report.summaryLine.contains("fine-tuned alert accuracy ≥ 70 % at 6 months (50.0 %)"))
        #expect(report.targetsLine.contains("fine-tuned alert accuracy ≥ 70 % at 6 months not met (best calendar-copy "))
        #expect(report.summaryLines[1].hasPrefix("Closest: with "))
        #expect(report.text.hasSuffix(report.summaryLine))
        for row in table.rows { #expect(row.cell("calendar-copy")?.alertAccuracy == row.cell("calendar")?.alertAccuracy) }
    }

    @Test func noCandidateIsNoGoWithAScenarioTable() throws {
        let report = try TestSupport.validator().validate([], on: TestSupport.regular, data: TestSupport.regularDescription,
                                                          scenarios: TestSupport.scenarioCohort())
        #expect(report.scenarios?.rows.count == 6)
        #expect(!report.isGo)
        #expect(report.summaryLine.hasPrefix("NO-GO: no candidate model"))
    }

    @Test func theIdealObserverIsShownOnlyOnTheDataItWasComputedOn() throws {
        let scenarios = DatasetPerturbation.signalScenarios.map(\.name)
        let matching = try Self.observerFile(manifest: TestSupport.regularEverySignal.manifest, scenarios: scenarios)
        let report = try Self.lhGatedReport(idealObserver: try IdealObserverResults.load(from: matching), source: matching.lastPathComponent)
        let table = try #require(report.scenarios)
        for (index, row) in table.rows.enumerated() {
            let cell = try #require(row.cell(ScenarioTable.idealObserverColumn))
            #expect(cell.alertAccuracy == 0.5 + Double(index) / 100)
            #expect(cell.interval == ConfidenceInterval(low: 0.45, high: 0.55 + Double(index) / 100))
        }
        #expect(table.idealObserver.contains("on these very users (observer.json"))
        #expect(report.summaryLine.contains("ideal observer 50.0 % [45.0, 55.0], 10.0 points below the 60 % gate: no causal predictor passes here"))

        var otherSeed = TestSupport.regularEverySignal.manifest
        otherSeed.seed = 98
        let stale = try Self.observerFile(manifest: otherSeed, scenarios: scenarios)
        let staleReport = try Self.lhGatedReport(idealObserver: try IdealObserverResults.load(from: stale), source: "observer.json")
        let staleTable = try #require(staleReport.scenarios)
        #expect(staleTable.rows.allSatisfy { $0.cell(ScenarioTable.idealObserverColumn)?.alertAccuracy == nil })
        #expect(staleTable.idealObserver == "not computed for these users: observer.json was computed on seed 98, the data has seed 99")
        #expect(staleReport.text.contains("not computed"))

        var otherGenerator = TestSupport.regularEverySignal.manifest
        otherGenerator.generatorVersion = "2.0.0"
        let results = try IdealObserverResults.load(from: try Self.observerFile(manifest: otherGenerator, scenarios: scenarios))
        #expect(results.mismatch(with: TestSupport.regularEverySignal.manifest)?.hasPrefix("computed with SyntheticCycles 2.0.0") == true)
        var otherConfig = TestSupport.regularEverySignal.manifest
        otherConfig.config = CohortConfig.regular.jsonValue
        let configResults = try IdealObserverResults.load(from: try Self.observerFile(manifest: otherConfig, scenarios: scenarios))
        #expect(configResults.mismatch(with: TestSupport.regularEverySignal.manifest) != nil)
    }

    @Test func theGapToTheIdealObserverIsPairedUserByUser() throws {
        // The observer's per-user results are the oracle's: the LH-gated model (the oracle where she
        // tests LH) is 0 points from it with LH tests, and the calendar's distance without them.
        let oracle = try CycleEvaluator(bootstrapSamples: 0).evaluate(try OracleEngine(dataset: TestSupport.regularEverySignal),
                                                                      on: TestSupport.regularEverySignal)
        let calendar = try CycleEvaluator(bootstrapSamples: 0).evaluate(CalendarPredictor(), on: TestSupport.regularEverySignal)
        let users = oracle.userEvaluations
        let byUser: [String: Any] = ["ids": users.map(\.userID), "hits": users.map { Int($0.tally(for: .alertAccuracy).sum) },
                                     "cycles": users.map { Int($0.tally(for: .alertAccuracy).count) }]
        let scenarios = DatasetPerturbation.signalScenarios.map(\.name)
        let file = try Self.observerFile(manifest: TestSupport.regularEverySignal.manifest, scenarios: scenarios, byUser: byUser)
        let report = try Self.lhGatedReport(idealObserver: try IdealObserverResults.load(from: file))
        let table = try #require(report.scenarios)
        #expect(report.html.contains("Δ vs ideal observer:<br>+0.0 pt [+0.0, +0.0]"))
        let withLH = try #require(table.rows.first { $0.scenario == "signals:lh" }?.cell("lh-gated")?.gapToIdealObserver)
        #expect(withLH.value == 0)
        #expect(withLH.interval == ConfidenceInterval(low: 0, high: 0))
        let without = try #require(table.rows.first { $0.scenario == "signals:none" }?.cell("lh-gated")?.gapToIdealObserver)
        let expected = try #require(calendar.metrics[.alertAccuracy]) - (try #require(oracle.metrics[.alertAccuracy]))
        #expect(abs(without.value - expected) < 1e-12)
        #expect(expected < 0)
        let interval = try #require(without.interval)
        #expect(interval.low <= without.value && without.value <= interval.high)
        #expect(table.table.contains { $0.first == "  Δ vs ideal observer" })
        #expect(table.notes.contains { $0.hasPrefix("Δ vs ideal observer: model − observer") })
        #expect(table.rows.allSatisfy { $0.cell("calendar")?.gapToIdealObserver == nil })

        // Another number of cycles for one user: not the same cycles, so no paired gap.
        var shifted = byUser
        shifted["cycles"] = users.enumerated().map { Int($0.element.tally(for: .alertAccuracy).count) + ($0.offset == 0 ? 1 : 0) }
        let other = try Self.observerFile(manifest: TestSupport.regularEverySignal.manifest, scenarios: scenarios, byUser: shifted)
        let unpaired = try #require(try Self.lhGatedReport(idealObserver: try IdealObserverResults.load(from: other)).scenarios)
        #expect(unpaired.rows.allSatisfy { $0.cell("lh-gated")?.gapToIdealObserver == nil })
        #expect(!unpaired.table.contains { $0.first == "  Δ vs ideal observer" })
    }

    @Test func malformedPerUserObserverResultsAreATypedError() throws {
        let manifest = TestSupport.regularEverySignal.manifest
        let cases: [([String: Any], String)] = [
            (["ids": ["a", "b"], "hits": [1], "cycles": [2, 2]], "2 ids, 1 hits and 2 cycles"),
            (["ids": ["a", "a"], "hits": [1, 1], "cycles": [2, 2]], "a user ID appears twice"),
            (["ids": ["a", "b"], "hits": [1, 3], "cycles": [2, 2]], "user b has 3 hits in 2 cycles"),
        ]
        for (byUser, message) in cases {
            let file = try Self.observerFile(manifest: manifest, scenarios: ["signals:none"], byUser: byUser)
            #expect {
                try IdealObserverResults.load(from: file)
            } throws: { error in
                guard case let ValidatorError.idealObserverMalformed(path, reason) = error else { return false }
                return path == file.path && reason.hasPrefix("scenarios.signals:none.by_user: \(message)")
            }
        }
    }

    @Test func aMalformedOrMissingObserverFileIsATypedErrorNamingThePath() throws {
        let directory = try TestSupport.temporaryDirectory()
        let bad = directory.appendingPathComponent("bad.json")
        try Data(#"{"command": "x", "bootstrap": "many"}"#.utf8).write(to: bad)
        #expect {
            try IdealObserverResults.load(from: bad)
        } throws: { error in
            guard case let ValidatorError.idealObserverMalformed(path, reason) = error else { return false }
            return path == bad.path && reason.contains("bootstrap")
        }
        let absent = directory.appendingPathComponent("absent.json")
        #expect(throws: ValidatorError.idealObserverUnreadable(path: absent.path, reason: "cannot read the file")) {
            try IdealObserverResults.load(from: absent)
        }
        #expect("\(ValidatorError.idealObserverUnreadable(path: "a.json", reason: "cannot read the file"))".contains("scripts/ideal_observer.py --results"))
    }

    @Test func theBurdenOrdersTheScenariosAndCountsEachSignal() {
        let scenarios = LoggingScenario.defaults
        #expect(scenarios.map(\.name) == DatasetPerturbation.signalScenarios.map(\.name))
        #expect(scenarios.map(\.burden) == [0, 2, 3, 1, 4, 14])
        #expect(scenarios.map(\.loggingPhrase) == ["symptoms only", "LH tests", "BBT", "wrist temperature", "cervical mucus", "all signals"])
        #expect(LoggingScenario(DatasetPerturbation(name: "signals:lh+wrist")!).burden == 3)
        #expect(LoggingScenario(DatasetPerturbation(name: "signals:lh+wrist")!).loggingPhrase == "LH tests and wrist temperature")
    }

    /// A results file as `scripts/ideal_observer.py --results` writes it (snake_case keys, the
    /// manifests verbatim), scenario `i` at alert accuracy 0.50 + i/100.
    static func observerFile(manifest: DatasetManifest, scenarios: [String], byUser: [String: Any]? = nil) throws -> URL {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        let manifestObject = try JSONSerialization.jsonObject(with: try encoder.encode(manifest))
        var results: [String: Any] = [:]
        for (index, name) in scenarios.enumerated() {
            var result: [String: Any] = ["alert_accuracy": 0.5 + Double(index) / 100, "interval": [0.45, 0.55 + Double(index) / 100],
                                         "cycles": 100, "threshold": 0.01, "by_cycle_rank": ["1-2": 0.4]]
            result["by_user"] = byUser
            results[name] = result
        }
        let document: [String: Any] = ["command": "python3 scripts/ideal_observer.py …", "bootstrap": 1000,
                                       "evaluation": manifestObject, "calibration": manifestObject, "scenarios": results]
        let url = try TestSupport.temporaryDirectory().appendingPathComponent("observer.json")
        try JSONSerialization.data(withJSONObject: document).write(to: url)
        return url
    }

    /// Every form of the report leads with the same three lines: the spike's verdict, the closest
    /// gap and the Phase 2 targets.
    @Test func theThreeSummaryLinesLeadTheTextTheMarkdownThePageAndTheJSON() throws {
        let report = try Self.defaultReport.get()
        let summary = report.summaryLines
        #expect(summary.count == 3)
        #expect(summary[0] == "Spike S3 go/no-go (model file size < 10 MB; alert accuracy ≥ 60 % (CI lower bound)): "
                + report.scenarios!.decision)
        #expect(summary[0].contains("GO with LH tests (lh-gated: "))
        // The cheaper scenarios are the calendar's; the gap names how far below the limit they are.
        #expect(summary[1].hasPrefix("With "))
        #expect(summary[1].contains("the best model, lh-gated, reaches "))
        #expect(summary[1].contains("points below 60 %"))
        #expect(summary[2].hasPrefix("Phase 2 targets: "))
        #expect(summary[2].contains("fine-tuned alert accuracy ≥ 70 % at 6 months met by lh-gated"))

        #expect(report.text.hasPrefix(summary.joined(separator: "\n") + "\n\n"))
        #expect(report.markdown.hasPrefix("# Validation report: Spike S3 GO\n\n" + summary.map { "- " + $0 }.joined(separator: "\n")))
        let json = try #require(try JSONSerialization.jsonObject(with: Data(report.jsonString().utf8)) as? [String: Any])
        #expect(json["summary_lines"] as? [String] == summary)
        let targets = try #require(json["targets"] as? [[String: Any]])
        #expect(targets.count == GateSpecification.phase2Targets.count)
        let fineTuned = try #require(targets.first { ($0["gate"] as? [String: Any])?["name"] as? String == GateSpecification.fineTunedSixMonths.name })
        #expect((fineTuned["logging"] as? String)?.hasPrefix("with ") == true)
    }

    /// The targets decide nothing: a model that passes the spike with LH tests stays GO when its
    /// fine-tuned accuracy misses 70 %, and the Phase 2 line says so; made a gate, it decides.
    @Test func aMissedTargetLeavesTheSpikeVerdictAndAPromotedOneDecides() throws {
        let directory = try TestSupport.temporaryDirectory()
        let file = try TestSupport.modelFile(bytes: 120_000, in: directory)
        let candidate = ValidationCandidate(predictor: LHGatedOraclePredictor(oracle: try OracleEngine(dataset: TestSupport.regularEverySignal)),
                                            file: file)
        func report(_ gates: [GateSpecification]) throws -> ValidationReport {
            try TestSupport.validator(gates: gates, learningCurve: FixedLearningCurve(fineTunedAtSixMonths: 0.65))
                .validate([candidate], on: TestSupport.regular, data: TestSupport.regularDescription,
                          scenarios: TestSupport.scenarioCohort(idealObserver: nil, source: "none"))
        }
        let shipped = try report(GateSpecification.defaults)
        #expect(shipped.isGo)
        #expect(shipped.exitCode == 0)
        #expect(shipped.targetsLine.contains("fine-tuned alert accuracy ≥ 70 % at 6 months not met (best lh-gated 65.0 % (with "))
        #expect(shipped.targetTable.contains { $0.first == GateSpecification.fineTunedSixMonths.name && $0.last == "not met" })

        let promoted = try report(GateSpecification.spike + [GateSpecification.fineTunedSixMonths.asGoNoGoGate])
        #expect(!promoted.isGo)
        #expect(promoted.exitCode == 1)
        #expect(promoted.summaryLines[0].contains("fine-tuned alert accuracy ≥ 70 % at 6 months"))
    }
}
