import Foundation
import OnDeviceML

/// `odml-bench elaro`: latency of the Elaro recommender, signals and bandit updates on one core.
///
/// Cases: ranking 201 (action, variant) candidates with every reason's contribution (`rank`,
/// budget p99 < 100 µs), the whole recommendation (`recommend`: ranking, exploration draw, diverse
/// picks and their `whySummary` sentences from the ReasoningGenerator), one signals update (budget < 50 µs),
/// one bandit update for each bandit (budget < 10 µs): ridge without forgetting (Sherman–Morrison)
/// and with forgetting (Cholesky inversion), Thompson, hybrid LinUCB after a month (about 30 arms
/// seen) and with all 67 arms seen, disjoint LinUCB.
enum ElaroSuite {
    /// Runs every case. Unlike the harness's batched timing, every call is timed on its own (after
    /// 200 warm-up calls), so `ours_p99_us` is a per-call latency; `--repetitions` sets the number of timed
    /// calls (with 50 the p99 is the slowest call), `--threads` the OpenBLAS threads (1 for the
    /// one-core budgets), `--filter` the cases.
    static func run(_ harness: BenchmarkHarness) throws {
        BLAS.threadCount = harness.options.threads
        let bundled = try ActionLibrary.bundled()
        // 67 actions × 3 variants = 201 candidates: the bundled 60 plus 7 copies with new ids.
        var actions = bundled.actions
        for index in 0..<7 {
            var copy = bundled.actions[index]
            copy.id += "-copy"
            actions.append(copy)
        }
        let library = ActionLibrary(contentVersion: bundled.contentVersion, actions: actions)
        let history = (0..<30).map { day in
            ActionInstance(actionID: library.actions[(day * 11) % library.actions.count].id, day: day, timeOfDay: .evening,
                           variantMinutes: [5, 10, 20][day % 3], outcome: day % 4 == 0 ? .skipped : .completed)
        }
        let state = ParentState(childAge: 6, activeFocus: .emotions, today: 30, timeOfDay: .evening, history: history)
        let (signals, learner) = try state.replay(library: library)
        let recommender = DailyRecommender(library: library)
        var generator = SeededGenerator(seed: 1)
        var candidateCount = 0
        report(harness, "recommend_201_candidates_with_summaries", budget: 100, extra: ["candidates": 201]) {
            let recommendation = recommender.recommend(context: state.context, signals: signals, learner: learner, language: .en, using: &generator)
            candidateCount = recommendation.candidateCount
        }
        precondition(candidateCount == 201 || !harness.shouldRun("recommend_201_candidates_with_summaries"), "expected 201 candidates, ranked \(candidateCount)")
        var ranked = 0
        report(harness, "rank_201_candidates_with_reasons", budget: 100, extra: ["candidates": 201]) {
            ranked = recommender.rank(context: state.context, signals: signals, learner: learner).scores.count
        }
        precondition(ranked == 201 || !harness.shouldRun("rank_201_candidates_with_reasons"), "expected 201 candidates, ranked \(ranked)")

        var updating = signals
        var day = 31
        let template = library.actions[3]
        report(harness, "signals_update_one_instance", budget: 50) {
            updating.record(ActionInstance(actionID: template.id, day: day / 2, timeOfDay: .morning, variantMinutes: 10, outcome: .completed),
                            template: template)
            day += 1
        }

        var features = [Float](repeating: 0, count: ElaroFeatures.count)
        let featureState = ElaroFeatures.State(isWeekend: false, frictionIndex: 0.3, noveltyLoad: 0.5, activeFocus: .play)
        features.withUnsafeMutableBufferPointer { ElaroFeatures.write(template, minutes: 10, state: featureState, into: $0.baseAddress!) }
        let single = CandidateSet(count: 1, featureCount: ElaroFeatures.count, features: features, armIdentifiers: [3],
                                  armFeatureCount: 1, armFeatures: [1])
        var ridge = try RidgeEstimator(featureCount: ElaroFeatures.count, regularization: 2, forgettingFactor: 1)
        report(harness, "bandit_update_ridge_sherman_morrison_k19", budget: 10) {
            features.withUnsafeBufferPointer { ridge.update(features: $0, reward: 1) }
        }
        var forgetting = try RidgeEstimator(featureCount: ElaroFeatures.count, regularization: 2, forgettingFactor: 0.98)
        report(harness, "bandit_update_ridge_forgetting_cholesky_k19", budget: 10) {
            features.withUnsafeBufferPointer { forgetting.update(features: $0, reward: 1) }
        }
        var thompson = try LinearThompsonSampling(featureCount: ElaroFeatures.count, regularization: 2, forgettingFactor: 0.98)
        report(harness, "bandit_update_linear_thompson_k19", budget: 10) {
            try! thompson.update(single, chosenIndex: 0, reward: 1)
        }
        var hybrid = learner.bandit
        report(harness, "bandit_update_hybrid_linucb_k19_m1", budget: 10) {
            try! hybrid.update(single, chosenIndex: 0, reward: 1)
        }
        // Worst case after a few months: every one of the 67 actions has been tried (67 per-arm Schur terms).
        var everyArm = learner.bandit
        for arm in 0..<library.actions.count {
            let tried = CandidateSet(count: 1, featureCount: ElaroFeatures.count, features: features, armIdentifiers: [arm],
                                     armFeatureCount: 1, armFeatures: [1])
            try everyArm.update(tried, chosenIndex: 0, reward: Double(arm % 2))
        }
        report(harness, "bandit_update_hybrid_linucb_k19_m1_67_arms", budget: 10) {
            try! everyArm.update(single, chosenIndex: 0, reward: 1)
        }
        var disjoint = try DisjointLinUCB(featureCount: ElaroFeatures.count, regularization: 2, forgettingFactor: 0.98)
        report(harness, "bandit_update_disjoint_linucb_k19", budget: 10) {
            try! disjoint.update(single, chosenIndex: 0, reward: 1)
        }
    }

    /// Times `body` (warm-up, then `repetitions` timed calls) and prints one JSON line.
    static func report(_ harness: BenchmarkHarness, _ name: String, budget: Double, extra: [String: Int] = [:], _ body: () -> Void) {
        guard harness.shouldRun(name) else { return }
        let repetitions = harness.options.repetitions
        for _ in 0..<200 { body() }
        var samples = [Double](repeating: 0, count: repetitions)
        for index in 0..<repetitions {
            let start = DispatchTime.now().uptimeNanoseconds
            body()
            samples[index] = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
        }
        samples.sort()
        let median = samples[samples.count / 2]
        let p99 = samples[min(samples.count - 1, Int((Double(samples.count) * 0.99).rounded(.up)) - 1)]
        var fields = ["\"benchmark\": \"elaro\"", "\"case\": \"\(name)\"",
                      String(format: "\"ours_median_us\": %.3f", median), String(format: "\"ours_p99_us\": %.3f", p99),
                      String(format: "\"budget_p99_us\": %.0f", budget), "\"within_budget\": \(p99 < budget)",
                      "\"repetitions\": \(repetitions)", "\"threads\": \(harness.options.threads)"]
        for (key, value) in extra.sorted(by: { $0.key < $1.key }) { fields.append("\"\(key)\": \(value)") }
        print("{" + fields.joined(separator: ", ") + "}")
    }
}
