import BoostedTrees
import Cycles
import ModelFiles

extension ModelLayout {
    /// The computation of `loaded`, built from its decoded parameters: the trees' ensembles, the
    /// LSTM's weights and heads, or `.builtIn` for a kind without learned parameters.
    /// - Throws: `ModelFileError` when the parameters do not form a valid computation.
    package init(_ loaded: LoadedModel) throws {
        switch loaded.kind {
        case .cycleGBT: self = try ModelLayout.trees(of: loaded.predictor)
        case .cycleLSTM: self = try ModelLayout.recurrentNetwork(of: loaded.predictor)
        default: self = .builtIn
        }
    }

    /// The boosted trees of a `cycle-gbt` predictor, one head per model section.
    private static func trees(of loaded: any CyclePredictor) throws -> ModelLayout {
        guard let predictor = loaded as? GBTCyclePredictor else {
            throw ModelFileError.invalidHeader(reason: "a cycle-gbt layout needs a GBTCyclePredictor, not \(type(of: loaded))")
        }
        let models: [GradientBoostedModel?] = [predictor.remaining, predictor.ovulationPassed, predictor.energyTomorrow,
                                               predictor.moodTomorrow, predictor.alertTiming]
        var heads: [TreeModelLayout.Head] = []
        for (name, model) in zip(GBTCyclePredictor.sectionNames, models) {
            guard let model else { continue }
            heads.append(TreeModelLayout.Head(name: "\(name)_raw", model: model,
                                              documentation: "Raw scores of \(name) (\(model.objective.lightGBMName)) [batch, \(model.classCount)]."))
        }
        let layout = try TreeModelLayout(featureCount: TabularFeatureBuilder.featureCount, heads: heads, documentation: """
            OnDeviceML cycle-gbt. Input `features` [batch, F]: tabular features from OnDeviceML's TabularFeatureBuilder, \
            NaN = missing. Inside the graph: every tree of every head, summed with its base score. Outputs `<head>_raw` \
            [batch, classes]: raw scores before the objective's link, and `<head>_label` (arg-max) for multiclass heads. \
            Outside the graph (in Swift): building features, the link (exp for Poisson, sigmoid, soft-max), the alert \
            offset, dates and reasoning text.
            """)
        return .trees(layout)
    }

    /// The LSTM and linear heads of a `cycle-lstm` predictor.
    private static func recurrentNetwork(of loaded: any CyclePredictor) throws -> ModelLayout {
        guard let predictor = loaded as? LSTMCyclePredictor else {
            throw ModelFileError.invalidHeader(reason: "a cycle-lstm layout needs a LSTMCyclePredictor, not \(type(of: loaded))")
        }
        let network = predictor.network
        let heads = [("period", network.period), ("ovulation", network.ovulation), ("energy", network.energy), ("mood", network.mood)]
            .map { name, layer in
                RecurrentNetworkLayout.Head(name: "\(name)_logits", layer: layer,
                                            documentation: "Raw output of head.\(name) after each step [steps, batch, \(layer.outputSize)].")
            }
        let layout = try RecurrentNetworkLayout(lstm: network.lstm, heads: heads, featureMean: predictor.featureMean,
                                                featureScale: predictor.featureScale, documentation: """
            OnDeviceML cycle-lstm. Input `features` [steps, batch, F]: raw daily features from OnDeviceML's \
            DailyFeatureBuilder, one row per calendar day, time-major. Inside the graph: per-feature normalisation \
            (Sub mean, Div scale), the LSTM stack (zero initial state) and the linear heads at every step. \
            Outputs `<head>_logits` [steps, batch, classes]: raw head outputs; `period_logits` are classes of the \
            correction c = -20...40 days to the calendar's remaining days. Outside the graph (in Swift): building \
            features from the user's history, soft-max/sigmoid, the period quantile added to the calendar, dates and \
            reasoning text.
            """)
        return .recurrent(layout)
    }
}
