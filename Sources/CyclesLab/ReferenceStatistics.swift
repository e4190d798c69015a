import Cycles

/// One published figure the generator must reproduce, with the range accepted per cohort.
public struct ReferenceStatistic: Sendable, Equatable {
    /// Key of the measured value in `DatasetStatistics.compute`.
    public var key: String
    /// What is measured.
    public var label: String
    /// The published value, as text.
    public var reference: String
    /// Short source citation.
    public var source: String
    /// Accepted measured range by cohort name; `"*"` applies to cohorts not listed.
    public var accepted: [String: ClosedRange<Double>]
    /// Cohorts the row is shown for without a pass/fail, with the reason it cannot apply to them.
    public var notApplicable: [String: String]

    /// Creates a row.
    public init(key: String, label: String, reference: String, source: String, accepted: [String: ClosedRange<Double>],
                notApplicable: [String: String] = [:]) {
        self.key = key
        self.label = label
        self.reference = reference
        self.source = source
        self.accepted = accepted
        self.notApplicable = notApplicable
    }

    /// The accepted range for `cohort`, `nil` when the row does not apply to it.
    public func acceptedRange(for cohort: String) -> ClosedRange<Double>? { accepted[cohort] ?? accepted["*"] }
}

/// The reference statistics of `Datasets/REFERENCE-STATISTICS.md` (copied from the project's
/// statistics brief), as data, with the tolerance each cohort is held to.
///
/// Sources: Bull et al. 2019 (npj Digit Med 2:83), Fehring et al. 2006 (JOGNN 35(3)),
/// Munro et al. / FIGO 2018 (Int J Gynecol Obstet 143:393), Li et al. 2020 (npj Digit Med 3:79),
/// and the calibration assumptions for symptom effects (per-user effects, a share unaffected).
public enum ReferenceStatistics {
    /// Full citations by short name.
    public static let sources: [String: String] = [
        "Bull 2019": "Bull JR et al., Real-world menstrual cycle characteristics of more than 600,000 menstrual cycles, npj Digital Medicine 2:83 (2019)",
        "Fehring 2006": "Fehring RJ, Schneider M, Raviele K, Variability in the phases of the menstrual cycle, JOGNN 35(3):376-384 (2006)",
        "FIGO 2018": "Munro MG et al., The two FIGO systems for normal and abnormal uterine bleeding symptoms, Int J Gynecol Obstet 143:393-408 (2018)",
        "Li 2020": "Li K et al., Characterizing physiological and symptomatic variation in menstrual cycles using self-tracked mobile-health data, npj Digital Medicine 3:79 (2020)",
        "Marquette": "Computed by OnDeviceML [C] from the public Marquette charting file FedCycleData071012.csv (the Fehring 2006 cohort: 159 women, 1,665 cycles; luteal phases of 5-20 d; irregular = per-woman cycle SD > 3 d over >= 3 cycles, 36-42 women); see Datasets/REFERENCE-STATISTICS.md",
        "calibration": "OnDeviceML calibration assumptions (Datasets/REFERENCE-STATISTICS.md): shapes from the literature, sizes per cohort config",
    ].merging(signalSources) { first, _ in first }

    private static let normal = ["regular", "irregular", "endometriosis", "mixed", "weak-signals"]

    private static func ranges(_ pairs: [(String, ClosedRange<Double>)]) -> [String: ClosedRange<Double>] {
        Dictionary(pairs, uniquingKeysWith: { first, _ in first })
    }

    private static func same(_ cohorts: [String], _ range: ClosedRange<Double>) -> [(String, ClosedRange<Double>)] {
        cohorts.map { ($0, range) }
    }

    /// Every row, in report order.
    public static let all: [ReferenceStatistic] = [
        ReferenceStatistic(key: "cycle_length.mean", label: "cycle length, mean (ovulatory cycles)", reference: "29.3 d",
                           source: "Bull 2019", accepted: ranges(same(["regular", "endometriosis", "weak-signals", "irregular"], 28.3...30.8) + [("mixed", 28.5...31.5), ("pcos", 32...42)])),
        ReferenceStatistic(key: "cycle_length.sd", label: "cycle length, SD across cycles", reference: "3.4-3.9 d",
                           source: "Fehring 2006", accepted: ranges([("regular", 3.0...4.3), ("endometriosis", 3.0...4.6)])),
        ReferenceStatistic(key: "follicular.mean", label: "follicular phase, mean", reference: "16.9 d (Marquette: 16.0-16.2)",
                           source: "Bull 2019", accepted: ranges(same(normal, 15.6...18.6) + [("pcos", 20...30)])),
        ReferenceStatistic(key: "follicular.sd", label: "ovulation day, SD", reference: "3.5 d",
                           source: "Fehring 2006", accepted: ranges([("regular", 2.8...4.3), ("endometriosis", 2.8...4.5)])),
        ReferenceStatistic(key: "follicular.p2_5", label: "follicular phase, 2.5th percentile", reference: "10 d",
                           source: "Bull 2019", accepted: ranges([("mixed", 8...12.5)])),
        ReferenceStatistic(key: "follicular.p97_5", label: "follicular phase, 97.5th percentile", reference: "30 d",
                           source: "Bull 2019", accepted: ranges([("mixed", 24...34)])),
        ReferenceStatistic(key: "follicular.within_user_sd", label: "ovulation day, within-woman SD (pooled)", reference: "2.19 d",
                           source: "Marquette", accepted: ["mixed": 1.8...2.6]),
        ReferenceStatistic(key: "luteal.mean", label: "luteal phase, mean", reference: "12.4 d (Marquette: 13.1)",
                           source: "Bull 2019", accepted: ["*": 12.3...13.5]),
        ReferenceStatistic(key: "luteal.sd", label: "luteal phase, SD across cycles", reference: "2.0-2.7 d",
                           source: "Fehring 2006", accepted: ["*": 1.4...2.7]),
        ReferenceStatistic(key: "luteal.p2_5", label: "luteal phase, 2.5th percentile", reference: "7 d",
                           source: "Bull 2019", accepted: ["*": 7...10]),
        ReferenceStatistic(key: "luteal.p97_5", label: "luteal phase, 97.5th percentile", reference: "17 d",
                           source: "Bull 2019", accepted: ["*": 14.5...17]),
        ReferenceStatistic(key: "luteal.within_user_sd", label: "luteal phase, within-woman SD (pooled)", reference: "1.48 d (irregular women 2.0)",
                           source: "Marquette", accepted: ranges(same(["irregular", "weak-signals"], 1.75...2.3) + [("*", 1.25...1.75)])),
        ReferenceStatistic(key: "luteal.between_user_sd", label: "luteal phase, SD of the women's means", reference: "1.59 d",
                           source: "Marquette", accepted: ["*": 1.35...1.85]),
        ReferenceStatistic(key: "luteal.share_10_or_less", label: "luteal phases of 10 d or less", reference: "9.5 % (irregular women 12 %)",
                           source: "Marquette", accepted: ["*": 0.05...0.15]),
        ReferenceStatistic(key: "cycle_length.age_slope", label: "cycle length change per year of age, 25-45 y", reference: "-0.18 d/y",
                           source: "Bull 2019", accepted: ranges(same(["regular", "mixed", "endometriosis"], -0.32...(-0.05)))),
        ReferenceStatistic(key: "menses.mean", label: "menses length, mean", reference: "5.2-5.8 d",
                           source: "Fehring 2006", accepted: ranges(same(normal + ["pcos"], 4.8...6.1) + [("endometriosis", 5.2...6.6)])),
        ReferenceStatistic(key: "menses.sd", label: "menses length, SD", reference: "1.3 d",
                           source: "Fehring 2006", accepted: ["*": 0.9...1.8]),
        ReferenceStatistic(key: "flow.heaviest_day", label: "heaviest flow, menses day", reference: "day 2",
                           source: "Fehring 2006", accepted: ["*": 2...2]),
    ] + decileRows + [
        ReferenceStatistic(key: "users.share_range_over_9", label: "users with range > 9 d over >= 6 cycles", reference: "about 1 in 3",
                           source: "Fehring 2006", accepted: ranges([("mixed", 0.2...0.5)])),
        ReferenceStatistic(key: "users.share_irregular", label: "users with per-woman cycle SD > 3 d (irregular)", reference: "irregular: all",
                           source: "FIGO 2018", accepted: ranges(same(["irregular", "weak-signals"], 0.75...1) + [("pcos", 0.8...1), ("regular", 0...0.25), ("endometriosis", 0...0.3), ("mixed", 0.15...0.4)])),
        ReferenceStatistic(key: "logged_cycles.share_over_35", label: "logged cycles longer than 35 d", reference: "PCOS: common; else forgotten",
                           source: "FIGO 2018", accepted: ranges([("pcos", 0.35...0.85), ("regular", 0.04...0.15)])),
        ReferenceStatistic(key: "cycles.share_anovulatory", label: "anovulatory cycles", reference: "PCOS: part of the cycles",
                           source: "FIGO 2018", accepted: ranges([("pcos", 0.25...0.45), ("regular", 0.01...0.06)])),
        ReferenceStatistic(key: "period_starts.logged_share", label: "period starts logged (within 1 d)", reference: "most (forgotten, late, gaps)",
                           source: "calibration", accepted: ["*": 0.82...0.92]),
        ReferenceStatistic(key: "logging.period_only_share", label: "users logging flow only (no symptom row)", reference: "35-50 %",
                           source: "calibration", accepted: ["*": 0.33...0.47]),
        ReferenceStatistic(key: "logging.first_month", label: "symptom-log days, first month (symptom loggers)", reference: "30-80 %",
                           source: "calibration", accepted: ["*": 0.3...0.85]),
        ReferenceStatistic(key: "logging.change", label: "symptom-log days, last minus first month (loggers)", reference: "falling",
                           source: "calibration", accepted: ["*": -0.6...(-0.02)]),
        ReferenceStatistic(key: "energy.premenstrual_dip", label: "energy, late luteal & menses 1-2 minus follicular", reference: "-1.0 to -1.5 in 50-70 % of women",
                           source: "calibration", accepted: ranges(same(["regular", "irregular", "pcos", "endometriosis", "mixed"], -1.15...(-0.4)) + [("weak-signals", -0.4...(-0.05))])),
        ReferenceStatistic(key: "mood.premenstrual_dip", label: "mood, late luteal & menses 1-2 minus follicular", reference: "-0.8 to -1.2 in 50 % of women",
                           source: "calibration", accepted: ranges(same(["regular", "irregular", "pcos", "endometriosis", "mixed"], -0.8...(-0.25)) + [("weak-signals", -0.3...(-0.02))])),
        ReferenceStatistic(key: "sleep.premenstrual_dip", label: "sleep, late luteal & menses 1-2 minus follicular", reference: "-0.5 to -1 in 40 % of women",
                           source: "calibration", accepted: ranges(same(["regular", "irregular", "pcos", "endometriosis", "mixed"], -0.55...(-0.1)) + [("weak-signals", -0.25...0.05)])),
        ReferenceStatistic(key: "pain.share_mittelschmerz_users", label: "users logging one-sided ovary pain near ovulation", reference: "20-40 % of women",
                           source: "calibration", accepted: ranges(same(["regular", "irregular", "endometriosis", "mixed"], 0.15...0.42) + [("pcos", 0.1...0.4), ("weak-signals", 0.05...0.24)])),
        ReferenceStatistic(key: "pain.share_cramp_users", label: "users logging cramps on menses days 1-2", reference: "50-80 %",
                           source: "calibration", accepted: ranges(same(["regular", "irregular", "pcos", "mixed"], 0.45...0.85) + [("endometriosis", 0.75...1), ("weak-signals", 0.15...0.45)])),
        ReferenceStatistic(key: "pain.mean_cramp_level", label: "cramp level on menses days 1-2", reference: "4-8 (endometriosis 7-10)",
                           source: "calibration", accepted: ranges(same(["regular", "irregular", "pcos"], 4.5...7.5) + [("mixed", 4.5...8), ("endometriosis", 7...9.8), ("weak-signals", 2...4.5)])),
        ReferenceStatistic(key: "reference.ovulation_aware_alert_accuracy", label: "ovulation-aware reference, alert acc. (charted)",
                           reference: "0.853 (irregular women 0.694)", source: "Marquette",
                           accepted: ranges([("mixed", 0.813...0.893)] + same(["irregular", "weak-signals"], 0.654...0.734)),
                           notApplicable: Dictionary(uniqueKeysWithValues: ["regular", "pcos", "endometriosis"].map {
                               ($0, "the real-chart figure exists for all women (mixed) and irregular women only") })),
        ReferenceStatistic(key: "reference.ovulation_aware_alert_accuracy_logged", label: "ovulation-aware reference, alert acc. (as logged)",
                           reference: "below the charted value", source: "calibration", accepted: [:],
                           notApplicable: Dictionary(uniqueKeysWithValues: CohortConfig.builtInNames.map {
                               ($0, "no real counterpart (every Marquette period is charted): what forgotten, late and gap-hidden periods cost") })),
        ReferenceStatistic(key: "energy.lag1_autocorrelation", label: "energy, day-to-day autocorrelation", reference: "AR(1) phi 0.5-0.7",
                           source: "calibration", accepted: ["*": 0.4...0.9]),
    ] + signalRows

    /// Per-woman cycle SD deciles of a charting cohort (Fehring 2006), checked on `mixed`.
    private static let decileRows: [ReferenceStatistic] = {
        let deciles = [1.0, 1.3, 1.5, 1.9, 2.1, 2.5, 2.8, 3.4, 3.9]
        return deciles.enumerated().map { index, value in
            let tolerance = index < 5 ? 0.5 : 0.9
            return ReferenceStatistic(key: "user_cycle_sd.d\(index + 1)", label: "per-woman cycle SD, decile \(index + 1)",
                                      reference: "\(value) d", source: "Fehring 2006",
                                      accepted: ["mixed": (value - tolerance)...(value + tolerance)])
        }
    }()

    /// The rows that apply to `cohort` (a built-in name; other names are held to `mixed`'s ranges).
    public static func rows(for cohort: String) -> [(statistic: ReferenceStatistic, range: ClosedRange<Double>)] {
        let name = CohortConfig.builtInNames.contains(cohort) ? cohort : "mixed"
        return all.compactMap { row in row.acceptedRange(for: name).map { (row, $0) } }
    }

    /// The rows shown for `cohort` without pass/fail, with the reason they cannot apply.
    public static func inapplicableRows(for cohort: String) -> [(statistic: ReferenceStatistic, reason: String)] {
        let name = CohortConfig.builtInNames.contains(cohort) ? cohort : "mixed"
        return all.compactMap { row in row.acceptedRange(for: name) == nil ? row.notApplicable[name].map { (row, $0) } : nil }
    }
}
