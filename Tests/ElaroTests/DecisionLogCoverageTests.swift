import Bandits
import Foundation
import Testing
import Elaro
import ElaroLab

/// Decision logs of the parent simulator (uniformly random logging) evaluated off-policy: each
/// target policy's true value on the logged contexts must fall inside the 95 % intervals of IPS,
/// SNIPS and DR at the nominal rate less 10 points, over 20 seeds. This is the fast CI variant
/// (10 parents × 30 days per seed); `make elaro-ope-coverage` runs the same check through the
/// `odml` commands on larger logs.
@Suite struct DecisionLogCoverageTests {
    @Test func offPolicyIntervalsCoverEachTargetsTrueValue() throws {
        let library = try ActionLibrary.bundled()
        var settings = OffPolicyEvaluation.Settings()
        settings.bootstrapResamples = 200
        let estimators: [OffPolicyEstimator] = [.inversePropensity, .selfNormalizedInversePropensity, .doublyRobust]
        var covered = [OffPolicyEstimator: Int](), total = 0
        var byTarget: [String: Int] = [:]
        for seed in UInt64(1)...20 {
            let simulator = ParentSimulator(library: library, parentCount: 10, days: 30, seed: seed)
            let (_, logs) = try simulator.decisionLogs(logging: .random, targets: SimulationPolicy.allCases, includeRewardEstimates: false)
            for (target, records) in logs {
                settings.seed = seed
                let rows = try BanditLog(records: records, source: "seed \(seed)").offPolicyRows(rewardModel: .ridge, seed: seed)
                let report = try OffPolicyEvaluation.evaluate(rows, settings: settings)
                for estimator in estimators where report[estimator].covers(target.trueValue) {
                    covered[estimator, default: 0] += 1
                    byTarget["\(target.policy.rawValue) \(estimator.rawValue)", default: 0] += 1
                }
                total += 1
            }
        }
        #expect(total == 80)
        for estimator in estimators {
            let rate = Double(covered[estimator] ?? 0) / Double(total)
            #expect(rate >= 0.85, "\(estimator.rawValue) covered \(covered[estimator] ?? 0) of \(total): \(byTarget.sorted { $0.key < $1.key })")
        }
    }
}
