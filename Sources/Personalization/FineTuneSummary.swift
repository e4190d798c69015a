import Foundation

/// The JSON form of a fine-tuning: what `odml finetune --json` prints and what the C API's
/// `odml_database_fine_tune` returns.
package struct FineTuneSummary: Encodable, Sendable {
    /// Her user id.
    package let user: String
    /// The last day of data used, YYYY-MM-DD.
    package let cutoff: String
    /// The strategy tried last or kept.
    package let strategy: String
    /// Whether the personal model passed the guardrail.
    package let kept: Bool
    /// The guardrail's reason, in words.
    package let reason: String
    /// Feedback signals used.
    package let feedbackSignals: Int
    /// Of those, the inaccurate ones.
    package let inaccurateSignals: Int
    /// The current model's score on her held-out cycles.
    package let currentScore: Guardrail.Score?
    /// The candidate's score on them.
    package let candidateScore: Guardrail.Score?
    /// The model file written (or, in the app's database, the model now active).
    package let out: String
    /// Its size in bytes (0 when none was written).
    package let bytes: Int
    /// Whether it is encrypted.
    package let encrypted: Bool
    /// With an app database: the version of the model now active.
    package let modelVersion: String?

    /// A summary with every field.
    package init(user: String, cutoff: String, strategy: String, kept: Bool, reason: String, feedbackSignals: Int, inaccurateSignals: Int,
                currentScore: Guardrail.Score?, candidateScore: Guardrail.Score?, out: String, bytes: Int, encrypted: Bool,
                modelVersion: String?) {
        self.user = user
        self.cutoff = cutoff
        self.strategy = strategy
        self.kept = kept
        self.reason = reason
        self.feedbackSignals = feedbackSignals
        self.inaccurateSignals = inaccurateSignals
        self.currentScore = currentScore
        self.candidateScore = candidateScore
        self.out = out
        self.bytes = bytes
        self.encrypted = encrypted
        self.modelVersion = modelVersion
    }

    /// The size of the file at `path`, 0 when it cannot be read.
    package static func fileSize(_ path: String?) -> Int {
        path.flatMap { (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? nil } ?? 0
    }

    enum CodingKeys: String, CodingKey {
        case user, cutoff, strategy, kept, reason, out, bytes, encrypted
        case modelVersion = "model_version"
        case feedbackSignals = "feedback_signals"
        case inaccurateSignals = "inaccurate_signals"
        case currentScore = "current_score"
        case candidateScore = "candidate_score"
    }
}
