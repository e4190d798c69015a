import Foundation
import ModelFiles

/// Every model-file kind this build can load. Each kind is declared here, once: its `kind` string,
/// and its loader (file → predictor); the lab's `ModelLayout(_:)` gives the layout exporters and
/// `odml inspect` read.
/// Adding a kind means adding one `ModelKind` below and listing it in `kinds`.
package enum ModelKindRegistry {
    /// The registered kinds, in the order `odml inspect` and error messages list them.
    package static let kinds: [ModelKind] = [.cycleGBT, .cycleLSTM, .cycleRules, .cycleCalendar, .cyclePeriodHistory]

    /// The kinds whose model has no stored parameters, so that it runs without a file (the loop's
    /// and the CLI's built-in models), in the order help texts list them.
    package static let builtIns: [ModelKind] = [.cycleCalendar, .cyclePeriodHistory, .cycleRules]

    /// The built-in model called `modelName` (`"calendar"`, `"period-history"`, `"rules"`), or
    /// `nil` when no built-in is called that.
    package static func builtIn(named modelName: String) -> (kind: ModelKind, predictor: any CyclePredictor)? {
        guard let kind = builtIns.first(where: { $0.modelName == modelName }),
              let loaded = try? kind.load(ModelFile(kind: kind.name)) else { return nil }
        return (kind, loaded.predictor)
    }

    /// The kind called `name`, or `nil` when this build does not know it.
    package static func kind(named name: String) -> ModelKind? {
        kinds.first { $0.name == name }
    }

    /// The predictor stored in `file`, through its header's kind.
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
        modelName: "gbt",
        summary: "Boosted tree ensembles over the tabular features: period, ovulation, energy, mood and alert heads."
    ) { file in
        try GBTCyclePredictor(modelFile: file)
    }

    /// An LSTM over the daily features with period, ovulation, energy and mood heads (`LSTMCyclePredictor`).
    package static let cycleLSTM: ModelKind = ModelKind(
        name: "cycle-lstm",
        modelName: "lstm",
        summary: "An LSTM over the daily features with period, ovulation, energy and mood heads."
    ) { file in
        try LSTMCyclePredictor(modelFile: file)
    }

    /// The Phase 1 rule engine (`RuleEngine`), written as the base of a personal model file: no
    /// learned parameters, so nothing to export.
    package static let cycleRules: ModelKind = ModelKind(
        name: "cycle-rules",
        modelName: "rules",
        summary: "The Phase 1 rule engine (no learned parameters), the base of personal model files."
    ) { _ in
        RuleEngine()
    }

    /// The calendar method (`CalendarPredictor`), written as the base of a personal model file: no
    /// learned parameters, so nothing to export.
    package static let cycleCalendar: ModelKind = ModelKind(
        name: "cycle-calendar",
        modelName: "calendar",
        summary: "The calendar method (no learned parameters), the base of personal model files."
    ) { _ in
        CalendarPredictor()
    }

    /// The period-history forecast (`PeriodHistoryPredictor`: her cycle-length model, which learns
    /// from her logs as they come), written as the base of a personal model file: no stored
    /// parameters, so nothing to export.
    package static let cyclePeriodHistory: ModelKind = ModelKind(
        name: "cycle-period-history",
        modelName: "period-history",
        summary: "The period-history forecast (her cycle-length model; no stored parameters), the base of personal model files."
    ) { _ in
        PeriodHistoryPredictor()
    }
}
