import Foundation
import Testing
import Bandits

/// Off-policy evaluation and replay on the Open Bandit Dataset sample against OBP's own figures
/// (`Benchmarks/peers/obp_fixture.py`, `obd_replay.py`; CC BY 4.0, see `Fixtures/README.md`).
@Suite struct OpenBanditDatasetParityTests {
    static func fixture(_ name: String, _ ext: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: ext, subdirectory: "Fixtures"))
    }

    static func reference(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: try fixture(name, "json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// Bernoulli TS valued from the random logs: our estimators equal OBP's to 1e-9 relative.
    @Test func everyEstimatorEqualsOBP() throws {
        let reference = try Self.reference("obd_ope_reference")
        let estimates = try #require(reference["estimates"] as? [String: Double])
        let log = try BanditLog.load(contentsOf: try Self.fixture("obd_random_all", "csv"))
        #expect(log.decisions.count == 10_000 && log.contextNames.count == 20 && log.actions.count == 80)
        var settings = OffPolicyEvaluation.Settings()
        settings.switchThreshold = try #require(reference["switch_threshold"] as? Double)
        settings.shrinkage = try #require(reference["shrinkage"] as? Double)
        let rows = try log.offPolicyRows()
        for estimator in OffPolicyEstimator.allCases {
            let expected = try #require(estimates[estimator.rawValue])
            let value = try OffPolicyEvaluation.value(estimator, rows, settings: settings)
            #expect(abs(value - expected) <= 1e-9 * abs(expected), "\(estimator.rawValue): \(value) vs OBP \(expected)")
        }
        // The figures: IPW 0.004553 and DR 0.004727 against BTS's on-policy 0.0042.
        #expect(abs(try OffPolicyEvaluation.value(.inversePropensity, rows) - 0.00455288) < 1e-12)
        #expect(reference["bts_on_policy_value"] as? Double == 0.0042)
    }

    @Test func reportHasIntervalsAroundEachValueAndTheEffectiveSampleSize() throws {
        let log = try BanditLog.load(contentsOf: try Self.fixture("obd_random_all", "csv"))
        var settings = OffPolicyEvaluation.Settings()
        settings.bootstrapResamples = 200
        let rows = try log.offPolicyRows()
        let report = try OffPolicyEvaluation.evaluate(rows, settings: settings)
        #expect(report.rows == 10_000)
        for estimator in OffPolicyEstimator.allCases {
            let estimate = report[estimator]
            #expect(estimate.lower < estimate.value && estimate.value < estimate.upper, "\(estimator.rawValue)")
        }
        let weights = rows.map(\.importanceWeight)
        let expected = pow(weights.reduce(0, +), 2) / weights.map { $0 * $0 }.reduce(0, +)
        #expect(abs(report.effectiveSampleSize - expected) < 1e-9 * expected)
        #expect(abs(report.effectiveSampleSize - 1639.50187) < 1e-3)
        // The same seed gives the same intervals.
        #expect(try OffPolicyEvaluation.evaluate(rows, settings: settings) == report)
    }

    /// Deterministic LinUCB (α = 1, λ = 1, float64, ties to the lowest index) keeps the same events
    /// with the same clicks as the reference Python replay.
    @Test func linUCBReplayEqualsTheReferenceReplay() throws {
        let reference = try Self.reference("obd_linucb_replay")
        let log = try BanditLog.load(contentsOf: try Self.fixture("obd_random_all", "csv"))
        var settings = RejectionSamplingReplay.Settings()
        settings.bootstrapResamples = 100
        let result = try RejectionSamplingReplay.run(log, policy: .linucb, settings: settings)
        #expect(result.keptEvents == reference["kept_events"] as? Int)
        #expect(result.keptRows == reference["kept_rows"] as? [Int])
        #expect(result.rewardTotal == reference["clicks"] as? Double)
        #expect(result.rows == 10_000)
    }

    @Test func replayRejectsALogThatIsNotUniformlyRandom() throws {
        let text = "action,position,reward,propensity,x_0\n0,0,1,0.5,1\n1,0,0,0.25,0\n"
        let log = try BanditLog(csv: text, source: "skewed.csv")
        #expect(throws: BanditError.unsuitableLog(source: "skewed.csv", detail: "line 3: propensity 0.25 is not 1/2; replay needs a uniformly random log")) {
            try RejectionSamplingReplay.run(log, policy: .linucb)
        }
    }

    @Test func thompsonAndRandomReplaysAreSeeded() throws {
        let log = try BanditLog.load(contentsOf: try Self.fixture("obd_random_all", "csv"))
        var settings = RejectionSamplingReplay.Settings()
        settings.bootstrapResamples = 50
        for policy in [ReplayPolicy.thompson, .random] {
            let first = try RejectionSamplingReplay.run(log, policy: policy, settings: settings)
            #expect(first == (try RejectionSamplingReplay.run(log, policy: policy, settings: settings)))
            // About one event in 80 is kept when the logging policy is uniform over 80 items.
            #expect(first.keptEvents > 60 && first.keptEvents < 200, "\(policy): \(first.keptEvents)")
        }
    }
}
