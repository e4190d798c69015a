#if SQLite
extension FineTuneSummary {
    /// The summary of a fine-tuning in the app's database (`OnDeviceLoop.fineTune`) for `user`;
    /// `encrypted` when a file was written with a password.
    package init(_ result: OnDeviceLoop.FineTuneOutcome, user: String, encrypted: Bool) {
        let written = result.file?.path
        self.init(user: user, cutoff: result.entry.cutoff.iso, strategy: result.entry.strategy, kept: result.entry.kept,
                  reason: result.entry.reason, feedbackSignals: result.signals.count,
                  inaccurateSignals: result.signals.filter { !$0.isAccurate }.count,
                  currentScore: result.outcome.currentScore, candidateScore: result.outcome.candidateScore,
                  out: result.entry.model, bytes: FineTuneSummary.fileSize(written), encrypted: written != nil && encrypted,
                  modelVersion: result.entry.modelVersion)
    }
}
#endif
