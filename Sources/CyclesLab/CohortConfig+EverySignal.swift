import Cycles
extension CohortConfig {
    /// The same cohort in which every user logs every fertility signal, with the personas' own day
    /// adherence: she tests LH in most cycles (the "tests LH every cycle" persona: 85 % of her
    /// cycles, 70–90 % of the days of her test window), takes her BBT (55–90 % of days), wears a
    /// watch at night (80–90 % of nights) and charts her mucus (70–95 % of days).
    ///
    /// `odml validate` scores its logging scenarios on these users, keeping one signal at a time
    /// (`DatasetPerturbation.signalScenarios`): the users *as if* they all logged that signal, not
    /// the built-in share of loggers (LH 30 %, BBT 10 %, watch 25 %, mucus 10 %). Signals come from
    /// their own random stream, so flow, symptoms, profiles and truth values are those of the cohort
    /// itself for the same seed (only truth's `cohort` column carries the new name).
    public func loggingEverySignal() -> CohortConfig {
        var copy = self
        copy.name = "\(name)-every-signal"
        copy.summary = "\(summary) Every-signal variant: every user tests LH in most cycles, takes her BBT, wears a watch at night "
            + "and charts her mucus, each with the personas' day adherence."
        copy.phenotypes = phenotypes.map { phenotype in
            var changed = phenotype
            changed.signals.lhTest.everyCycleShare = 1
            changed.signals.lhTest.someCyclesShare = 0
            changed.signals.basalBodyTemperature.userShare = 1
            changed.signals.wristTemperature.userShare = 1
            changed.signals.cervicalMucus.userShare = 1
            return changed
        }
        return copy
    }
}
