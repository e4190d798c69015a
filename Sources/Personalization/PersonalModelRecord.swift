import Cycles
import Foundation

/// What makes a model file personal: whose it is, the cut-off, the guardrail's decision and the
/// fitted personal parameters. Stored as JSON in the model header's `personalization` property.
public struct PersonalModelRecord: Sendable, Equatable, Codable {
    /// The user.
    public var userID: String
    /// Last day of data used.
    public var cutoff: CalendarDay
    /// The strategy kept (`"residual"`, `"luteal"`, `"gbt-residual"`), or `"none"` after a roll-back.
    public var strategy: String
    /// Whether the personal model passed the guardrail.
    public var kept: Bool
    /// The guardrail's log line.
    public var reason: String
    /// Residual offsets, for the `residual` strategy.
    public var residual: ResidualCorrection?
    /// Her luteal length in days, for the `luteal` strategy.
    public var lutealDays: Double?
    /// Ovulation-passed threshold of the `luteal` strategy.
    public var lutealPassedThreshold: Double?

    enum CodingKeys: String, CodingKey {
        case userID = "user_id"
        case cutoff, strategy, kept, reason, residual
        case lutealDays = "luteal_days"
        case lutealPassedThreshold = "luteal_passed_threshold"
    }

    /// The header property that holds the record.
    package static let propertyKey = "personalization"

    package init(userID: String, cutoff: CalendarDay, strategy: String, kept: Bool, reason: String,
                residual: ResidualCorrection? = nil, lutealDays: Double? = nil, lutealPassedThreshold: Double? = nil) {
        self.userID = userID
        self.cutoff = cutoff
        self.strategy = strategy
        self.kept = kept
        self.reason = reason
        self.residual = residual
        self.lutealDays = lutealDays
        self.lutealPassedThreshold = lutealPassedThreshold
    }

    /// The record of `outcome` for `userID` (the personal parameters are read off the kept model).
    package init(outcome: PersonalizationOutcome, userID: String) {
        var strategy = "none"
        var residual: ResidualCorrection?
        var lutealDays: Double?
        var threshold: Double?
        if outcome.kept, let model = outcome.model as? ResidualCorrectedPredictor {
            strategy = ResidualCorrectionTuner.strategy
            residual = model.correction
        } else if outcome.kept, let model = outcome.model as? LutealAnchoredPredictor {
            strategy = LutealTuner.strategy
            lutealDays = model.lutealDays
            threshold = model.passedThreshold
        } else if outcome.kept, outcome.model is GBTPersonalPredictor {
            strategy = GBTResidualTuner.strategy   // her trees are stored as a section, see `GBTPersonalPredictor.store(in:)`
        }
        self.init(userID: userID, cutoff: outcome.cutoff, strategy: strategy, kept: outcome.kept, reason: outcome.reason,
                  residual: residual, lutealDays: lutealDays, lutealPassedThreshold: threshold)
    }

    /// `base` with the personal parameters applied (unchanged after a roll-back).
    public func applied(to base: any CyclePredictor) -> any CyclePredictor {
        if let residual { return ResidualCorrectedPredictor(base: base, correction: residual) }
        if let lutealDays { return LutealAnchoredPredictor(base: base, lutealDays: lutealDays, passedThreshold: lutealPassedThreshold ?? 0.5) }
        return base
    }
}
