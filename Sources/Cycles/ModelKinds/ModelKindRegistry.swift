import BoostedTrees
import Foundation
import ModelFiles

/// Every model-file kind this build can load. Each kind is declared here, once: its `kind` string,
/// its loader (file → predictor) and its layout (what `odml inspect` shows and exporters export).
/// Adding a kind means adding one `ModelKind` below and listing it in `kinds`.
package enum ModelKindRegistry {
    /// The registered kinds, in the order `odml inspect` and error messages list them.
    package static let kinds: [ModelKind] = [.cycleGBT, .cycleLSTM, .cycleRules, .cycleCalendar, .cyclePeriodHistory]

    /// The kind called `name`, or `nil` when this build does not know it.
    package static func kind(named name: String) -> ModelKind? {
        kinds.first { $0.name == name }
    }

    /// The predictor stored in `file` (and its layout on demand), through its header's kind.
    /// - Throws: `ModelFileError.invalidHeader` for a kind this build does not know; the kind's
    ///   `ModelFileError` for a malformed file.
    package static func load(_ file: ModelFile) throws -> LoadedModel {
        guard let kind = kind(named: file.header.kind) else {
            throw ModelFileError.invalidHeader(reason: "kind \"\(file.header.kind)\" is not one this build can load (known kinds: \(kinds.map(\.name).joined(separator: ", ")))")
        }
        return try kind.load(file)
    }
}

extension ModelKind {
    /// Boosted trees over the tabular features (`GBTCyclePredictor`): one tree-ensemble section per
    /// head (`period`, `ovulation`, `energy`, `mood`, `alert`).
    package static let cycleGBT: ModelKind = ModelKind(
        name: "cycle-gbt",
        summary: "Boosted tree ensembles over the tabular features: period, ovulation, energy, mood and alert heads."
    ) { file in
        try GBTCyclePredictor(modelFile: file)
    } layout: { loaded in
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

    /// An LSTM over the daily features with period, ovulation, energy and mood heads (`LSTMCyclePredictor`).
    package static let cycleLSTM: ModelKind = ModelKind(
        name: "cycle-lstm",
        summary: "An LSTM over the daily features with period, ovulation, energy and mood heads."
    ) { file in
        try LSTMCyclePredictor(modelFile: file)
    } layout: { loaded in
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

    /// The Phase 1 rule engine (`RuleEngine`), written as the base of a personal model file: no
    /// learned parameters, so nothing to export.
    package static let cycleRules: ModelKind = ModelKind(
        name: "cycle-rules",
        summary: "The Phase 1 rule engine (no learned parameters), the base of personal model files."
    ) { _ in
        RuleEngine()
    } layout: { _ in
        .builtIn
    }

    /// The calendar method (`CalendarPredictor`), written as the base of a personal model file: no
    /// learned parameters, so nothing to export.
    package static let cycleCalendar: ModelKind = ModelKind(
        name: "cycle-calendar",
        summary: "The calendar method (no learned parameters), the base of personal model files."
    ) { _ in
        CalendarPredictor()
    } layout: { _ in
        .builtIn
    }

    /// The period-history forecast (`PeriodHistoryPredictor`: her cycle-length model, which learns
    /// from her logs as they come), written as the base of a personal model file: no stored
    /// parameters, so nothing to export.
    package static let cyclePeriodHistory: ModelKind = ModelKind(
        name: "cycle-period-history",
        summary: "The period-history forecast (her cycle-length model; no stored parameters), the base of personal model files."
    ) { _ in
        PeriodHistoryPredictor()
    } layout: { _ in
        .builtIn
    }
}
