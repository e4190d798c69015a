import Cycles
import CyclesLab
import Explanations
import Personalization

/// A predictor's forecasts for every user of one dataset, computed once (users in parallel) on
/// each user's prediction days (`CycleEvaluator.predictionDays`) in `PrecomputedPredictor.language`,
/// then served to that dataset's evaluation and to its learning curve, which would otherwise each
/// run the predictor again. Exact by the causality contract (`PrecomputedPredictor`); any other
/// user, history, day or language goes to `base`. Never give it another dataset's users (a
/// perturbed copy keeps the user ids) or latency cases: it answers them from memory only when
/// `PrecomputedPredictor` recognises the history, and then the time measured would be a lookup's.
struct _PrecomputedDataset: CyclePredictor {
    /// The predictor the forecasts come from.
    let base: any CyclePredictor
    private let byUser: [String: PrecomputedPredictor]

    var name: String { base.name }

    /// Runs `base` on every user of `dataset`.
    init(_ base: any CyclePredictor, dataset: CycleDataset) throws {
        self.base = base
        let users = dataset.users
        let results = _parallelMap(users.count) { index in
            Result { try PrecomputedPredictor(base, history: users[index], days: CycleEvaluator.predictionDays(for: users[index])) }
        }
        var byUser: [String: PrecomputedPredictor] = [:]
        for (user, result) in zip(users, results) { byUser[user.userID] = try result.get() }
        self.byUser = byUser
    }

    func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        guard let user = byUser[history.userID] else { return try base.predictions(for: history, on: days, language: language) }
        return try user.predictions(for: history, on: days, language: language)
    }
}
