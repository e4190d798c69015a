import Cycles
import Dispatch
import Foundation
import TensorCore

/// A deterministic generator of realistic cycle-tracking data in the app's schema, with the
/// latent truth (ovulation day, luteal and follicular lengths) of every cycle.
///
/// Model (all parameters in `CohortConfig`):
/// - Per user: age; personal mean follicular length (population mean 16.1 d shifted by
///   −0.19 d per year of age between 25 and 45, Bull et al. 2019); a personal luteal mean
///   (13.3 d latent, between-user SD 1.6 d) and a per-user luteal SD (log-normal, median 1.0 d;
///   1.75 d for irregular users), calibrated to the Marquette charts (Fehring et al. 2006 file:
///   luteal 13.1 d, pooled within-woman SD 1.48 d, 2.0 d for irregular women, SD of the women's
///   means 1.59 d, ≤ 10 d in 9.5 % of cycles; computed by this project); a per-user
///   follicular SD (log-normal across users so that the per-woman cycle SD deciles match the
///   charting cohort of Fehring 2006; above 3 d for the irregular cohort as in FIGO 2018,
///   Munro et al., and Li et al. 2020); symptom sensitivities (a share of users has none);
///   a logging adherence that decays month by month; a stress baseline.
/// - Per cycle: ovulation on cycle day F ~ N(personal mean, personal SD), delayed by a stress
///   event that falls in the follicular phase and by rare long outliers; luteal length around the
///   personal mean, correlated −0.16 with the follicular deviation (Marquette), or a short luteal
///   phase of 7–10 d at the phenotype's rate; cycle length = F + luteal; anovulatory cycles at the cohort rate (no
///   ovulation, no luteal or mid-cycle signals); menses 5.5 ± 1.3 d with flow heaviest on day 2.
/// - Per day: energy, mood, sleep and stress = personal baseline + phase shape × personal effect
///   + AR(1) noise (φ 0.5–0.7), rounded and clipped to 1–10. Energy and mood dip in the last 5
///   days before menses and on menses days 1–2 and peak around ovulation; sleep dips late luteal;
///   stress follows a weekly rhythm and events and lowers mood and sleep. Pain: cramps on menses
///   days 1–2 (`uterus`, `cramping`), mittelschmerz on the ovulation day and one neighbour
///   (`left_ovary`/`right_ovary`, side drawn per cycle) for the users who have it in about 60 % of
///   their ovulatory cycles, endometriosis-like pelvic pain off menses.
/// - Logging (version 2: as app users log, not as the features need): 40 % of users log flow
///   days only; the others log symptoms on a share of days that starts at 50–90 % and decays
///   monthly to a floor. Flow: a period's first day is logged at 99 %, other flow days at 93 %
///   (never two in a row missed, so a period is never split); 4 % of periods are forgotten whole
///   (never two in a row: the app sees one double-length cycle); 15 % are logged 1–2 days late;
///   in 4 % of user-months a gap of 2–6 weeks starts with nothing logged, periods included. Only
///   30 % of users declare a `typical_cycle_length` (noisy, SD 2.5 d, half snapped to 28 or 30);
///   the others have no such key in `preferences`. Every knob, its value and its source (or
///   "[assumption]") is in `CohortConfig.LoggingParameters`.
/// - Fertility signals (version 3, `CohortConfig.SignalParameters`, `measurements.csv`): per user
///   an adherence persona per signal (tests LH every cycle / some cycles / never; takes her BBT;
///   wears a watch; charts mucus) and, per cycle, an LH surge ≈ 1 d before ovulation in 90 % of
///   ovulatory cycles with early false positives (tonic positives for PCOS-like users), a BBT rise
///   of 0.30 ± 0.13 °C from 1–3 d after ovulation (20 % of ovulatory cycles flat), a wrist
///   temperature rise of 0.2–0.35 °C around ovulation on 80–90 % of nights, a mucus peak at
///   ovulation − 0.3 ± 1.2 d; anovulatory cycles give no true surge, rise or peak; nothing in a
///   logging gap. Version 4: mucus on the method's five-step scale (t, Ø, f, S, S+) and one BBT
///   reading in twenty raised and marked disturbed. They come from the user's own signal stream (`SeededGenerator.split` with a
///   fixed salt), so the flow and symptom logs do not depend on them.
///
/// Sources: Bull JR et al., "Real-world menstrual cycle characteristics of more than 600,000
/// menstrual cycles", npj Digital Medicine 2:83 (2019); Fehring RJ, Schneider M, Raviele K,
/// "Variability in the phases of the menstrual cycle", JOGNN 35(3):376–384 (2006); Munro MG et
/// al., "The two FIGO systems for normal and abnormal uterine bleeding symptoms", Int J Gynecol
/// Obstet 143:393–408 (2018); Li K et al., "Characterizing physiological and symptomatic
/// variation in menstrual cycles using self-tracked mobile-health data", npj Digital Medicine
/// 3:79 (2020). The figures are copied in `Datasets/REFERENCE-STATISTICS.md`.
///
/// Determinism: user `i` is generated from `SeededGenerator(seed:).split(i)` alone, so users are
/// generated in parallel and the result is the same for the same seed on any core count.
public enum SyntheticCycles {
    /// Generator version written to the manifest.
    public static let version = "4.0.0"
    /// First day of every generated user's data window (a Monday).
    public static let startDate = CalendarDay(daysSinceEpoch: 20_094) // 2025-01-06

    /// Generates `users` users with `months` months of data each.
    /// - Parameter progress: called on the calling thread with the number of users done so far.
    public static func generate(config: CohortConfig, users: Int, months: Int, seed: UInt64,
                                progress: ((Int) -> Void)? = nil) -> CycleDataset {
        let root = SeededGenerator(seed: seed)
        let dayCount = Int((Double(months) * 30.4375).rounded())
        let window = startDate..<startDate.advanced(by: dayCount)
        var histories: [UserHistory] = []
        var truthRows: [(String, [CycleTruth])] = []
        histories.reserveCapacity(users)
        let batch = 512
        var done = 0
        while done < users {
            let count = min(batch, users - done)
            let offset = done
            let generated = _parallelMap(count) { index -> (UserHistory, [CycleTruth]) in
                var generator = root.split(UInt64(offset + index))
                return _UserSimulator(config: config, index: offset + index, window: window).simulate(using: &generator)
            }
            for (history, truth) in generated {
                histories.append(history)
                truthRows.append((history.userID, truth))
            }
            done += count
            progress?(done)
        }
        let truth = Dictionary(uniqueKeysWithValues: truthRows)
        let manifest = DatasetManifest(generator: "SyntheticCycles", generatorVersion: version, config: config.jsonValue, seed: seed,
                                       users: users, months: months, startDate: window.lowerBound,
                                       endDate: window.upperBound, summary: summary(histories: histories, truth: truth))
        return CycleDataset(users: histories, truth: truth, manifest: manifest)
    }

    /// Counts and means written to the manifest.
    static func summary(histories: [UserHistory], truth: [String: [CycleTruth]]) -> [String: Double] {
        var records = 0, symptomValues = 0, starts = 0, measurements = 0
        for history in histories {
            records += history.records.count
            starts += history.periodStarts.count
            for record in history.records { symptomValues += record.symptoms.count }
            for day in history.measurements { measurements += day.kinds.count }
        }
        let cycles = truth.values.reduce(0) { $0 + $1.count }
        let ovulatory = truth.values.reduce(0) { $0 + $1.filter(\.isOvulatory).count }
        return ["users": Double(histories.count), "logged_days": Double(records), "symptom_logs": Double(symptomValues),
                "logged_period_starts": Double(starts), "measurements": Double(measurements), "truth_cycles": Double(cycles),
                "ovulatory_share": cycles > 0 ? Double(ovulatory) / Double(cycles) : 0]
    }
}
