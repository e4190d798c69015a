import Cycles
import TensorCore

/// A deterministic change to every user's logs, to check that a predictor holds up when the logs
/// are poorer than the data it was trained on (`odml validate`'s robustness panel), or to keep
/// only some fertility signals (`keepingSignals(_:)`, the scenarios of `signalScenarios`).
///
/// Only the logs change: the profile's other fields and the dataset's truth are kept. Period
/// starts are derived again from the perturbed logs, so a predictor scored on a perturbed
/// dataset is scored against the starts the app would see (a forgotten period reads as one
/// double-length cycle, a gap may hide a start). Random choices (where the gap falls, which period
/// is forgotten, which symptom days go) come from a generator seeded with `seed` and the user id:
/// the same seed gives the same perturbed user whatever the order of the users.
public struct DatasetPerturbation: Sendable, Equatable {
    /// What is taken away.
    public enum Kind: String, Sendable, Equatable, CaseIterable {
        /// Only flow is kept: every symptom log (values, pain zone and type) is removed.
        case periodOnly = "period-only"
        /// The profile's `preferences` becomes `{}` (no declared cycle length, age, …).
        case emptyPreferences = "empty-preferences"
        /// Nothing, flow included, is logged for `gapDays` consecutive days starting after her
        /// `gapEarliestMonth`-th month (users whose logs end before that are left unchanged).
        case loggingGap = "logging-gap"
        /// One period's flow days are removed (not her first period, not her last): one start
        /// goes missing (users with fewer than three starts are left unchanged).
        case forgottenPeriod = "forgotten-period"
        /// Half of her symptom days (rounded down) lose their symptom logs; flow is kept.
        case halfSymptomDays = "half-symptom-days"
        /// Only the measurement kinds in `keptSignals` are kept (none: symptoms only); flow,
        /// symptoms and the profile are untouched. No random choice.
        case keepSignals = "signals"
        /// Flow and the fertility signals are kept, every symptom log is removed: a user who
        /// charts LH tests or temperatures but logs no symptom (the Marquette charts, as
        /// imported). A training kind, not a robustness-panel row.
        case periodAndSignals = "period-and-signals"
    }

    /// What is taken away.
    public var kind: Kind
    /// Seed of the per-user random choices.
    public var seed: UInt64
    /// The measurement kinds `keepSignals` keeps (empty for the other kinds).
    public var keptSignals: Set<MeasurementKind> = []
    /// Length of the logging gap, days.
    public static let gapDays = 30
    /// The logging gap starts on or after the first day of her month `gapEarliestMonth + 1`.
    public static let gapEarliestMonth = 4
    /// Days per month when counting her months from her first logged day.
    public static let daysPerMonth = 30.4375
    /// Seed of the perturbations `odml validate` uses.
    public static let defaultSeed: UInt64 = 31_415

    /// Creates a perturbation.
    public init(_ kind: Kind, seed: UInt64 = DatasetPerturbation.defaultSeed) {
        self.kind = kind
        self.seed = seed
    }

    /// The robustness panel's perturbations, in report order, with one seed: every kind but
    /// `keepSignals` and `periodAndSignals`.
    public static func all(seed: UInt64 = DatasetPerturbation.defaultSeed) -> [DatasetPerturbation] {
        Kind.allCases.filter { $0 != .keepSignals && $0 != .periodAndSignals }.map { DatasetPerturbation($0, seed: seed) }
    }

    /// Keeps only the measurement kinds in `kinds` (`[]`: symptoms only, no measurement).
    public static func keepingSignals(_ kinds: Set<MeasurementKind>) -> DatasetPerturbation {
        var perturbation = DatasetPerturbation(.keepSignals)
        perturbation.keptSignals = kinds
        return perturbation
    }

    /// The logging scenarios of the signal table, in order: symptoms only (`signals:none`), + LH
    /// tests (`signals:lh`), + BBT (`signals:bbt`), + wrist temperature (`signals:wrist`), +
    /// cervical mucus (`signals:mucus`), all signals (`signals:all`). Flow and symptoms are kept in
    /// each.
    public static let signalScenarios: [DatasetPerturbation] = [keepingSignals([])]
        + scenarioSignals.map { keepingSignals([$0]) } + [keepingSignals(Set(MeasurementKind.allCases))]

    /// The signals the table keeps one at a time: those the generator draws (the cervix kinds,
    /// charted by few and never generated, are kept by `signals:all` only).
    public static let scenarioSignals: [MeasurementKind] = [.lhTest, .basalBodyTemperature, .wristTemperature, .cervicalMucus]

    /// The perturbation's name: the kind's raw value (`period-only`), or for `keepSignals`
    /// `signals:` and the kept kinds' short names joined by `+` (`signals:lh+bbt`), `none` or `all`.
    public var name: String {
        guard kind == .keepSignals else { return kind.rawValue }
        if keptSignals.isEmpty { return "signals:none" }
        if keptSignals.count == MeasurementKind.allCases.count { return "signals:all" }
        return "signals:" + keptSignals.sorted().map(\.shortName).joined(separator: "+")
    }

    /// The perturbation named `name` (see `name`; default seed), `nil` for an unknown name.
    public init?(name: String) {
        if let kind = Kind(rawValue: name), kind != .keepSignals {
            self.init(kind)
            return
        }
        guard name.hasPrefix("signals:") else { return nil }
        let list = name.dropFirst("signals:".count)
        switch list {
        case "none": self = .keepingSignals([])
        case "all": self = .keepingSignals(Set(MeasurementKind.allCases))
        default:
            var kinds: Set<MeasurementKind> = []
            for word in list.split(separator: "+", omittingEmptySubsequences: false) {
                guard let kind = MeasurementKind.allCases.first(where: { $0.shortName == word }) else { return nil }
                kinds.insert(kind)
            }
            self = .keepingSignals(kinds)
        }
    }

    /// A short label for tables (`"period-only logs"`, `"+ LH tests"`).
    public var label: String {
        switch kind {
        case .periodOnly: return "period-only logs"
        case .periodAndSignals: return "period and signals only"
        case .emptyPreferences: return "preferences {}"
        case .loggingGap: return "\(Self.gapDays)-day gap"
        case .forgottenPeriod: return "forgotten period"
        case .halfSymptomDays: return "half symptom days"
        case .keepSignals:
            if keptSignals.isEmpty { return "symptoms only" }
            if keptSignals.count == MeasurementKind.allCases.count { return "all signals" }
            return keptSignals.sorted().map { "+ \($0.label)" }.joined(separator: " ")
        }
    }

    /// Every user perturbed; the truth and manifest are kept.
    /// The kinds training deals users to, in turn, after the complete logs: every way a real
    /// user's logs fall short except the profile (models do not read `preferences`), and a user
    /// who logs her fertility signals but no symptom.
    public static let trainingKinds: [Kind] = [.periodOnly, .loggingGap, .forgottenPeriod, .halfSymptomDays, .periodAndSignals]

    /// `dataset` for training on realistic logs: user `i` keeps her logs when `i % 6 == 0` and is
    /// otherwise perturbed by `trainingKinds[i % 6 - 1]` (truth kept), so a model learns what to
    /// do when a signal is missing instead of assuming complete logs.
    public static func trainingMix(_ dataset: CycleDataset, seed: UInt64) -> CycleDataset {
        var copy = dataset
        let cycle = trainingKinds.count + 1
        copy.users = dataset.users.enumerated().map { index, user in
            index % cycle == 0 ? user : DatasetPerturbation(trainingKinds[index % cycle - 1], seed: seed).applied(to: user)
        }
        return copy
    }

    public func applied(to dataset: CycleDataset) -> CycleDataset {
        CycleDataset(users: dataset.users.map(applied(to:)), truth: dataset.truth, manifest: dataset.manifest)
    }

    /// One user perturbed. A day left with nothing logged is dropped. Measurements go with the
    /// logs they belong to: period-only logs have none, a gap has none; a forgotten period, half
    /// the symptom days and empty preferences keep them all.
    public func applied(to history: UserHistory) -> UserHistory {
        var profile = history.profile
        var records = history.records
        var measurements = history.measurements
        switch kind {
        case .periodOnly:
            records = records.compactMap { $0.hasFlow ? Self.withoutSymptoms($0) : nil }
            measurements = []
        case .emptyPreferences:
            profile.preferencesJSON = "{}"
        case .loggingGap:
            guard let gap = gap(for: history) else { return history }
            records.removeAll { gap.contains($0.date) }
            measurements.removeAll { gap.contains($0.date) }
        case .forgottenPeriod:
            guard let start = forgottenStart(for: history),
                  let next = history.periodStarts.first(where: { $0 > start }) else { return history }
            records = records.compactMap { record in
                guard record.date >= start, record.date < next, record.hasFlow else { return record }
                var changed = record
                changed.flowIntensity = nil
                return Self.isEmpty(changed) ? nil : changed
            }
        case .halfSymptomDays:
            let symptomDays = records.indices.filter { !Self.isEmpty(Self.withoutFlow(records[$0])) }
            var generator = self.generator(for: history)
            var order = symptomDays
            for index in stride(from: order.count - 1, to: 0, by: -1) {
                order.swapAt(index, generator.nextInt(below: index + 1))
            }
            let dropped = Set(order.prefix(symptomDays.count / 2))
            records = records.indices.compactMap { index in
                guard dropped.contains(index) else { return records[index] }
                let changed = Self.withoutSymptoms(records[index])
                return Self.isEmpty(changed) ? nil : changed
            }
        case .keepSignals:
            measurements = measurements.map { $0.keeping(keptSignals) }.filter { !$0.isEmpty }
        case .periodAndSignals:
            records = records.compactMap { $0.hasFlow ? Self.withoutSymptoms($0) : nil }
        }
        return UserHistory(profile: profile, records: records, measurements: measurements)
    }

    /// The days of `history`'s logging gap (`loggingGap`): `gapDays` consecutive days starting on
    /// a day drawn uniformly from the first day of her month `gapEarliestMonth + 1` to the last
    /// start that keeps the gap before her last logged day; `nil` when her logs are too short.
    public func gap(for history: UserHistory) -> ClosedRange<CalendarDay>? {
        guard let first = history.records.first?.date, let last = history.records.last?.date else { return nil }
        let earliest = first.advanced(by: Int((Double(Self.gapEarliestMonth) * Self.daysPerMonth).rounded()))
        let latest = last.advanced(by: -Self.gapDays)
        guard earliest <= latest else { return nil }
        var generator = self.generator(for: history)
        let start = earliest.advanced(by: generator.nextInt(below: earliest.distance(to: latest) + 1))
        return start...start.advanced(by: Self.gapDays - 1)
    }

    /// The period start `forgottenPeriod` removes from `history`: one of her starts other than
    /// the first and the last, drawn uniformly; `nil` below three starts.
    public func forgottenStart(for history: UserHistory) -> CalendarDay? {
        let starts = history.periodStarts
        guard starts.count >= 3 else { return nil }
        var generator = self.generator(for: history)
        return starts[1 + generator.nextInt(below: starts.count - 2)]
    }

    /// The generator of `history`'s random choices: `seed` mixed with a stable hash (FNV-1a) of
    /// the user id.
    private func generator(for history: UserHistory) -> SeededGenerator {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in history.userID.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return SeededGenerator(seed: seed ^ hash)
    }

    private static func withoutSymptoms(_ record: DayRecord) -> DayRecord {
        DayRecord(date: record.date, flowIntensity: record.flowIntensity)
    }

    private static func withoutFlow(_ record: DayRecord) -> DayRecord {
        var copy = record
        copy.flowIntensity = nil
        return copy
    }

    private static func isEmpty(_ record: DayRecord) -> Bool {
        record.flowIntensity == nil && record.symptoms.isEmpty && record.painZone == nil && record.painType == nil
    }
}
