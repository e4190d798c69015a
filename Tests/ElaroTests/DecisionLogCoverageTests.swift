import Bandits
import Foundation
import Testing
import Elaro
import ElaroLab

/// Decision logs of the parent simulator (uniformly random logging) evaluated off-policy: each
/// target policy's true value on the logged contexts must fall inside the 95 % intervals of IPS,
/// SNIPS and DR at the nominal rate less 10 points, over 20 seeds. This is the fast CI variant
/// (20 parents × 30 days, 600 decisions per seed, the seeds run in parallel: measured 0.89, 0.91
/// and 0.89 with 1,000 resamples through the commands); `make elaro-ope-coverage` runs the same
/// check through the `odml` commands on 100 parents × 60 days.
@Suite struct DecisionLogCoverageTests {
    /// Coverage counts gathered from the seeds' threads.
    final class Tally: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var covered: [OffPolicyEstimator: Int] = [:]
        private(set) var total = 0
        private(set) var failures: [String] = []

        func add(_ hits: [OffPolicyEstimator]) {
            lock.lock(); defer { lock.unlock() }
            for estimator in hits { covered[estimator, default: 0] += 1 }
            total += 1
        }

        func fail(_ message: String) {
            lock.lock(); defer { lock.unlock() }
            failures.append(message)
        }
    }

    @Test func offPolicyIntervalsCoverEachTargetsTrueValue() throws {
        let library = try ActionLibrary.bundled()
        let estimators: [OffPolicyEstimator] = [.inversePropensity, .selfNormalizedInversePropensity, .doublyRobust]
        let tally = Tally()
        DispatchQueue.concurrentPerform(iterations: 20) { index in
            let seed = UInt64(index + 1)
            do {
                var settings = OffPolicyEvaluation.Settings()
                settings.bootstrapResamples = 200
                settings.seed = seed
                let simulator = ParentSimulator(library: library, parentCount: 20, days: 30, seed: seed)
                let (_, logs) = try simulator.decisionLogs(logging: .random, targets: SimulationPolicy.allCases, includeRewardEstimates: false)
                for (target, records) in logs {
                    let rows = try BanditLog(records: records, source: "seed \(seed)").offPolicyRows(rewardModel: .ridge, seed: seed)
                    let report = try OffPolicyEvaluation.evaluate(rows, settings: settings)
                    tally.add(estimators.filter { report[$0].covers(target.trueValue) })
                }
            } catch {
                tally.fail("seed \(seed): \(error)")
            }
        }
        #expect(tally.failures.isEmpty, "\(tally.failures)")
        #expect(tally.total == 80)
        for estimator in estimators {
            let rate = Double(tally.covered[estimator] ?? 0) / Double(tally.total)
            #expect(rate >= 0.85, "\(estimator.rawValue) covered \(tally.covered[estimator] ?? 0) of \(tally.total)")
        }
    }
}
