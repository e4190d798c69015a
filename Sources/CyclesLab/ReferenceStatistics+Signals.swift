import Cycles
extension ReferenceStatistics {
    /// The fertility-signal rows (`DatasetStatistics.signalStatistics`), checked on every cohort
    /// whose users log the signal (a row without a value is skipped). The accepted ranges allow
    /// for what app logging adds to the published figures: skipped test days and readings, and
    /// the measurement noise of a shift read from a few noisy days. Figures and sources:
    /// `Datasets/REFERENCE-STATISTICS.md`, "Fertility signals".
    static let signalRows: [ReferenceStatistic] = {
        let tonic = ["pcos": "tonic positives from a raised baseline LH (PCOS-like users) blur the surge"]
        // Every built-in cohort but the PCOS-like one (`rows(for:)` holds other names to `mixed`'s).
        func ovulatory(_ range: ClosedRange<Double>) -> [String: ClosedRange<Double>] {
            Dictionary(uniqueKeysWithValues: ["regular", "irregular", "endometriosis", "mixed", "weak-signals"].map { ($0, range) })
        }
        return [
            ReferenceStatistic(key: "signals.lh.surge_seen_share", label: "LH: surge seen when tests span it",
                               reference: "~90 % (89.6 %; Marquette 91 %)", source: "Johnson 2018",
                               accepted: ovulatory(0.8...0.95), notApplicable: tonic),
            ReferenceStatistic(key: "signals.lh.first_positive_offset_mean", label: "LH: first positive minus ovulation, mean (d)",
                               reference: "-1 (rise 32 h before)", source: "WHO 1980",
                               accepted: ovulatory(-2...(-0.5)), notApplicable: tonic),
            ReferenceStatistic(key: "signals.lh.first_positive_within_share", label: "LH: first positive within -2..0 d of ovulation",
                               reference: "90 % (16-48 h before)", source: "WHO 1980",
                               accepted: ovulatory(0.65...0.95), notApplicable: tonic),
            ReferenceStatistic(key: "signals.bbt.shift_mean", label: "BBT: shift size, mean (shifts >= 0.1 C)",
                               reference: "0.30 C", source: "Symul 2019",
                               accepted: ["*": 0.25...0.36]),
            ReferenceStatistic(key: "signals.bbt.shift_sd", label: "BBT: shift size, SD (shifts >= 0.1 C)",
                               reference: "0.13 C", source: "Symul 2019",
                               accepted: ["*": 0.09...0.17]),
            ReferenceStatistic(key: "signals.bbt.flat_share", label: "BBT: ovulatory cycles without a shift (< 0.1 C)",
                               reference: "~20 % monophasic", source: "Moghissi 1976",
                               accepted: ["*": 0.15...0.32]),
            ReferenceStatistic(key: "signals.bbt.follicular_sd", label: "BBT: follicular day-to-day SD",
                               reference: "0.10-0.14 C", source: "Symul 2019",
                               accepted: ["*": 0.09...0.15]),
            ReferenceStatistic(key: "signals.bbt.day_share", label: "BBT: share of days with a reading (BBT users)",
                               reference: "0.69 (Kindara)", source: "Symul 2019",
                               accepted: ["*": 0.6...0.8]),
            ReferenceStatistic(key: "signals.bbt.disturbed_share", label: "BBT: readings marked disturbed",
                               reference: "~1 morning in 20 [assumption]", source: "Natural Cycles",
                               accepted: ["*": 0.03...0.08]),
            ReferenceStatistic(key: "signals.bbt.exception_share", label: "BBT: rises confirmed by an exception rule",
                               reference: "none published [NF]", source: "Symul 2019",
                               accepted: ["*": 0.25...0.6]),
            ReferenceStatistic(key: "signals.wrist.shift_share", label: "wrist: ovulatory cycles with a shift >= 0.1 C",
                               reference: "80.5 % (Apple); 82 % (Ava)", source: "Wang 2025",
                               accepted: ["*": 0.72...0.92]),
            ReferenceStatistic(key: "signals.wrist.shift_mean", label: "wrist: shift size, mean (shifts >= 0.1 C)",
                               reference: "0.2-0.35 C (Ava 0.33)", source: "Shilaih 2018",
                               accepted: ["*": 0.2...0.35]),
            ReferenceStatistic(key: "signals.wrist.night_share", label: "wrist: share of nights with a value (wearers)",
                               reference: "0.80-0.90 (Fitbit 86 %)", source: "mcPHASES",
                               accepted: ["*": 0.75...0.92]),
            ReferenceStatistic(key: "signals.mucus.peak_cycle_share", label: "mucus: charted ovulatory cycles with a peak",
                               reference: "93 % (Marquette 91 %)", source: "WHO 1981",
                               accepted: ["*": 0.8...0.98]),
            ReferenceStatistic(key: "signals.mucus.peak_offset_mean", label: "mucus: peak day minus ovulation, mean (d)",
                               reference: "-0.3 (ultrasound -0.58)", source: "Hilgers 1978",
                               accepted: ["*": -0.9...0.1]),
            ReferenceStatistic(key: "signals.mucus.peak_within_share", label: "mucus: peak within +-2 d of ovulation",
                               reference: "95.4 %", source: "Hilgers 1978",
                               accepted: ["*": 0.85...0.99]),
        ]
    }()

    /// Full citations of the signal rows' sources, by short name (merged into `sources`).
    static let signalSources: [String: String] = [
        "Johnson 2018": "Johnson S, Marriott L, Zinaman M, Can apps and calendar methods predict ovulation with accuracy?, Curr Med Res Opin 34(9):1587-1594 (2018); Marquette monitor Peak in 91.2 % of cycles [C]",
        "WHO 1980": "WHO Task Force, Temporal relationships between ovulation and defined changes in the concentration of plasma estradiol-17 beta, luteinizing hormone, follicle-stimulating hormone, and progesterone. I. Probit analysis, Am J Obstet Gynecol 138:383-390 (1980)",
        "Symul 2019": "Symul L, Wac K, Hillard P, Salathe M, Assessment of menstrual health status and evolution through mobile apps for fertility awareness, npj Digital Medicine 2:64 (2019); figures computed [C] from the paper's published Sympto and Kindara aggregates",
        "Natural Cycles": "Natural Cycles help centre, Excluding a temperature (help.naturalcycles.com): mark a reading after illness, a hangover or more than two drinks, two hours more or less sleep; no published share of marked readings (assumption: 5 %)",
        "Moghissi 1976": "Moghissi KS, Accuracy of basal body temperature for ovulation detection, Fertil Steril 27:1415-1421 (1976); Bauman JE, Fertil Steril 36:729 (1981): 22 % monophasic",
        "Wang 2025": "Wang et al., Performance of algorithms using wrist temperature for retrospective ovulation day estimate and next menses start day prediction, Hum Reprod (2025), doi:10.1093/humrep/deaf005; Shilaih M et al., Biosci Rep 38 (2018)",
        "Shilaih 2018": "Shilaih M, Goodale BM, Falco L, Kubler F, De Clerck V, Leeners B, Modern fertility awareness methods: wrist wearables capture the changes in temperature associated with the menstrual cycle, Biosci Rep 38(6) (2018)",
        "mcPHASES": "mcPHASES (PhysioNet): wrist temperature missing on 13.7 % of participant-days (Fitbit Sense), as analysed in giabraddock2/mcphases_cycle_exploration; 0.80-0.90 suggested",
        "WHO 1981": "World Health Organization, A prospective multicentre trial of the ovulation method of natural family planning. I. The teaching phase, Fertil Steril 36:152-158 (1981); Marquette peak in 91 % of cycles [C]",
        "Hilgers 1978": "Hilgers TW, Abraham GE, Cavanagh D, Natural family planning. I. The peak symptom and estimated time of ovulation, Obstet Gynecol 52:575-582 (1978); German ultrasound pilot, Geburtsh Frauenheilk (1984): peak mucus -0.58 d",
    ]
}
