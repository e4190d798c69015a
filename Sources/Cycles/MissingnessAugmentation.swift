import TensorCore

/// Realistic gaps in what users log, applied to training users so that a model also learns the
/// users who log little: real period trackers are mostly used for flow alone (the Marquette
/// charting cohort logs flow days only), people stop logging for weeks, log symptoms on some
/// days only, and forget to log a period.
///
/// Each user draws, from a generator seeded by `seed` and her index, independently:
/// - with probability `forgottenPeriodShare`, one period (not her first or last logged one)
///   loses its flow: the start disappears and the cycle around it looks twice as long;
/// - with probability `periodOnlyShare`, she becomes a period-only logger: only flow days stay,
///   without symptoms or pain;
/// - otherwise, with probability `symptomDropShare`, each day without flow is dropped with
///   probability `symptomDropRate`;
/// - with probability `gapShare`, every record in a window of `gapDays` days (starting at least
///   `gapDays` days after her first record and ending before her last) is dropped.
///
/// Same dataset, same seed: same result. Truth (the generator's latent cycles) is kept as is.
public struct MissingnessAugmentation: Sendable, Equatable {
    /// Share of users whose one period is forgotten.
    public var forgottenPeriodShare = 0.15
    /// Share of users turned into period-only loggers.
    public var periodOnlyShare = 0.3
    /// Share of the other users who skip days without flow.
    public var symptomDropShare = 0.2
    /// Share of days without flow those users skip.
    public var symptomDropRate = 0.5
    /// Share of users with one gap of `gapDays` days without any record.
    public var gapShare = 0.2
    /// Length of the gap (days).
    public var gapDays = 30

    /// The default shares above.
    public init() {}

    /// `dataset` with every user augmented (`applied(to:seed:)` with the user's index mixed
    /// into `seed`); truth and manifest unchanged.
    public func applied(to dataset: CycleDataset, seed: UInt64) -> CycleDataset {
        var result = dataset
        for index in result.users.indices {
            result.users[index] = applied(to: result.users[index], seed: seed ^ (UInt64(index + 1) &* 0x9E37_79B9_7F4A_7C15))
        }
        return result
    }

    /// `history` with the gaps drawn for it from `seed`.
    public func applied(to history: UserHistory, seed: UInt64) -> UserHistory {
        var generator = SeededGenerator(seed: seed)
        var records = history.records
        // One draw per decision, always made, so that changing one share keeps the others' draws.
        let forgets = generator.nextUniform() < forgottenPeriodShare
        let forgottenPick = generator.nextUniform()
        let periodOnly = generator.nextUniform() < periodOnlyShare
        let dropsSymptomDays = generator.nextUniform() < symptomDropShare
        let hasGap = generator.nextUniform() < gapShare
        let gapPick = generator.nextUniform()

        let starts = history.periodStarts
        if forgets, starts.count >= 3 {
            let index = 1 + min(Int(forgottenPick * Double(starts.count - 2)), starts.count - 3)
            let (from, to) = (starts[index], starts[index + 1])
            for position in records.indices where records[position].date >= from && records[position].date < to {
                records[position].flowIntensity = nil
            }
        }
        if periodOnly {
            records = records.filter(\.hasFlow).map { DayRecord(date: $0.date, flowIntensity: $0.flowIntensity) }
        } else if dropsSymptomDays {
            records = records.filter { $0.hasFlow || generator.nextUniform() >= symptomDropRate }
        }
        if hasGap, let first = records.first?.date, let last = records.last?.date {
            let room = first.distance(to: last) - 3 * gapDays
            if room > 0 {
                let gapStart = first.advanced(by: gapDays + Int(gapPick * Double(room)))
                let gapEnd = gapStart.advanced(by: gapDays)
                records = records.filter { $0.date < gapStart || $0.date >= gapEnd }
            }
        }
        return UserHistory(profile: history.profile, records: records)
    }
}
