import TensorCore

/// A change to what a user logged, as real app users do it, for robustness checks and for
/// training with realistic missingness. The truth (ovulation, true starts) is never changed:
/// only the logs the predictors see.
///
/// Every perturbation is deterministic for a seed and a user id, so a robustness panel and a
/// training run can be reproduced.
public enum LoggingPerturbation: String, CaseIterable, Sendable, Codable {
    /// The logs as they are.
    case asLogged = "as-logged"
    /// Flow days only: every symptom log removed (the many users who log periods and nothing else).
    case periodOnly = "period-only"
    /// `preferences` = `{}`: no declared cycle length or anything else from onboarding.
    case emptyPreferences = "empty-preferences"
    /// Nothing logged, flow included, for `gapDays` consecutive days after her fourth month.
    case gap = "30-day-gap"
    /// One period (not her first or last) not logged at all: that start is missing and its
    /// cycle reads as a double-length one.
    case forgottenPeriod = "forgotten-period"
    /// Half of the days with symptom logs lose their symptoms (flow kept).
    case halfSymptomDays = "half-symptom-days"

    /// Length of the gap of `.gap`.
    public static let gapDays = 30

    /// `history` with this perturbation applied; `seed` and the user id choose where.
    public func applied(to history: UserHistory, seed: UInt64) -> UserHistory {
        var generator = SeededGenerator(seed: seed ^ LoggingPerturbation.stableHash(history.userID))
        var profile = history.profile
        var records = history.records
        switch self {
        case .asLogged:
            return history
        case .periodOnly:
            records = records.compactMap { $0.hasFlow ? DayRecord(date: $0.date, flowIntensity: $0.flowIntensity) : nil }
        case .emptyPreferences:
            profile.preferencesJSON = "{}"
        case .gap:
            guard let first = records.first?.date, let last = records.last?.date else { return history }
            let earliest = first.advanced(by: 120), latest = last.advanced(by: -LoggingPerturbation.gapDays)
            let gapStart = earliest <= latest ? earliest.advanced(by: generator.nextInt(below: earliest.distance(to: latest) + 1))
                                              : first.advanced(by: max(0, first.distance(to: last) - LoggingPerturbation.gapDays) / 2)
            let gapEnd = gapStart.advanced(by: LoggingPerturbation.gapDays)
            records.removeAll { $0.date >= gapStart && $0.date < gapEnd }
        case .forgottenPeriod:
            let starts = history.periodStarts
            guard starts.count >= 3 else { return history }
            let forgotten = starts[1 + generator.nextInt(below: starts.count - 2)]
            var lastFlow = forgotten
            records = records.compactMap { record in
                guard record.date >= forgotten, record.hasFlow,
                      lastFlow.distance(to: record.date) < CycleState.periodSeparationDays else { return record }
                lastFlow = record.date
                var kept = record
                kept.flowIntensity = nil
                return kept.symptoms.isEmpty ? nil : kept
            }
        case .halfSymptomDays:
            records = records.compactMap { record in
                guard !record.symptoms.isEmpty, generator.nextBernoulli(0.5) else { return record }
                return record.hasFlow ? DayRecord(date: record.date, flowIntensity: record.flowIntensity) : nil
            }
        }
        return UserHistory(profile: profile, records: records)
    }

    /// `dataset` with this perturbation applied to every user (truth and manifest kept).
    public func applied(to dataset: CycleDataset, seed: UInt64) -> CycleDataset {
        var copy = dataset
        copy.users = dataset.users.map { applied(to: $0, seed: seed) }
        return copy
    }

    /// FNV-1a of the id's UTF-8 bytes: the same on every run and platform (Swift's `Hasher` is
    /// seeded per process).
    static func stableHash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}
