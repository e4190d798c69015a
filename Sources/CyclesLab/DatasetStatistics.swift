import Cycles
import Foundation

/// The statistics `odml generate --report` compares with `ReferenceStatistics`, computed from a
/// dataset (logged data) and, when present, its truth. Keys are those of `ReferenceStatistic.key`.
public enum DatasetStatistics {
    /// Every statistic that can be computed on `dataset` (truth-based ones only with truth).
    public static func compute(_ dataset: CycleDataset) -> [String: Double] {
        var result: [String: Double] = [:]
        loggedCycleStatistics(dataset, into: &result)
        loggingStatistics(dataset, into: &result)
        if let truth = dataset.truth {
            truthStatistics(dataset, truth: truth, into: &result)
            symptomStatistics(dataset, truth: truth, into: &result)
            referencePredictorStatistics(dataset, truth: truth, into: &result)
            signalStatistics(dataset, truth: truth, into: &result)
        }
        return result
    }

    /// Alert accuracy of the ovulation-aware reference (`OvulationAwarePredictor`), the figure
    /// measured on the real Marquette charts (0.853 all women, 0.694 irregular women):
    /// - `reference.ovulation_aware_alert_accuracy`: on the users' *charted* cycles, every true
    ///   start logged on its day (as on the Marquette charts, where no period is forgotten), so it
    ///   checks the cycles themselves (luteal stability, cycles without ovulation);
    /// - `reference.ovulation_aware_alert_accuracy_logged`: on the starts as logged (forgotten,
    ///   late and gap-hidden periods included): what app logging costs the same predictor.
    static func referencePredictorStatistics(_ dataset: CycleDataset, truth: [String: [CycleTruth]], into result: inout [String: Double]) {
        let evaluator = CycleEvaluator(bootstrapSamples: 0)
        let predictor = OvulationAwarePredictor(truth: truth)
        if let report = try? evaluator.evaluate(predictor, on: charted(dataset, truth: truth)), report.cycles > 0 {
            result["reference.ovulation_aware_alert_accuracy"] = report.alertAccuracy
        }
        if let report = try? evaluator.evaluate(predictor, on: dataset), report.cycles > 0 {
            result["reference.ovulation_aware_alert_accuracy_logged"] = report.alertAccuracy
        }
    }

    /// The dataset as a charting cohort would record it: one flow day on every true start inside
    /// the user's window, nothing else.
    static func charted(_ dataset: CycleDataset, truth: [String: [CycleTruth]]) -> CycleDataset {
        var copy = dataset
        copy.users = dataset.users.map { user in
            let starts = (truth[user.userID] ?? []).map(\.cycleStart).filter { $0 >= user.profile.createdAt }.sorted()
            return UserHistory(profile: user.profile, records: starts.map { DayRecord(date: $0, flowIntensity: 3) })
        }
        return copy
    }

    static func mean(_ values: [Double]) -> Double? { values.isEmpty ? nil : values.reduce(0, +) / Double(values.count) }

    static func standardDeviation(_ values: [Double]) -> Double? {
        guard values.count >= 2, let mean = mean(values) else { return nil }
        return (values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)).squareRoot()
    }

    /// Per-user cycle SD deciles, irregular share and range: from the true cycles when the dataset
    /// has truth (what a charting cohort records: forgotten periods and gaps do not merge cycles
    /// there), else from the logged starts. Logged cycles: share over 35 d and mean; menses and flow.
    static func loggedCycleStatistics(_ dataset: CycleDataset, into result: inout [String: Double]) {
        var userSDs: [Double] = [], ranges: [Double] = [], allLengths: [Double] = []
        var mensesLengths: [Double] = []
        var flowByDay = [Double](repeating: 0, count: 10), flowCounts = [Double](repeating: 0, count: 10)
        func lengths(between starts: [CalendarDay]) -> [Double] { zip(starts, starts.dropFirst()).map { Double($0.distance(to: $1)) } }
        for user in dataset.users {
            let starts = user.periodStarts
            allLengths += lengths(between: starts)
            let userLengths = dataset.truth.map { lengths(between: ($0[user.userID] ?? []).map(\.cycleStart)) } ?? lengths(between: starts)
            if userLengths.count >= 6, let sd = standardDeviation(userLengths) {
                userSDs.append(sd)
                ranges.append(userLengths.max()! - userLengths.min()!)
            }
            // Menses: the run of flow days from each start (one missing day allowed inside).
            var index = 0
            let records = user.records
            for start in starts.dropLast() {
                while index < records.count, records[index].date < start { index += 1 }
                var last = start
                var cursor = index
                while cursor < records.count, records[cursor].date.distance(to: last) >= -2 {
                    let record = records[cursor]
                    if let flow = record.flowIntensity {
                        last = record.date
                        let day = start.distance(to: record.date)
                        if day < 10 {
                            flowByDay[day] += Double(flow)
                            flowCounts[day] += 1
                        }
                    }
                    cursor += 1
                }
                mensesLengths.append(Double(start.distance(to: last) + 1))
            }
        }
        for (decile, q) in stride(from: 0.1, through: 0.9001, by: 0.1).enumerated() {
            if let value = ConfidenceInterval.quantile(userSDs, q) { result["user_cycle_sd.d\(decile + 1)"] = value }
        }
        if !userSDs.isEmpty {
            result["users.share_irregular"] = Double(userSDs.filter { $0 > 3 }.count) / Double(userSDs.count)
            result["users.share_range_over_9"] = Double(ranges.filter { $0 > 9 }.count) / Double(ranges.count)
        }
        if !allLengths.isEmpty {
            result["logged_cycles.share_over_35"] = Double(allLengths.filter { $0 > 35 }.count) / Double(allLengths.count)
            result["logged_cycles.mean"] = mean(allLengths)
        }
        result["menses.mean"] = mean(mensesLengths)
        result["menses.sd"] = standardDeviation(mensesLengths)
        let means = (0..<10).map { flowCounts[$0] > 0 ? flowByDay[$0] / flowCounts[$0] : 0 }
        if let heaviest = means.indices.max(by: { means[$0] < means[$1] }), flowCounts[0] > 0 {
            result["flow.heaviest_day"] = Double(heaviest + 1)
        }
    }

    /// Share of users who log flow only; among the others, the share of days with symptom logs in
    /// the first and last month of each user's data.
    static func loggingStatistics(_ dataset: CycleDataset, into result: inout [String: Double]) {
        var first = 0.0, last = 0.0, users = 0.0
        var loggingUsers = 0.0, periodOnlyUsers = 0.0
        for user in dataset.users where !user.records.isEmpty {
            loggingUsers += 1
            let symptomDays = user.records.filter { !$0.symptoms.isEmpty }.map(\.date)
            if symptomDays.isEmpty { periodOnlyUsers += 1; continue }
            guard let start = user.records.first?.date, let end = user.records.last?.date, start.distance(to: end) >= 90 else { continue }
            first += Double(symptomDays.filter { start.distance(to: $0) < 30 }.count) / 30
            last += Double(symptomDays.filter { $0.distance(to: end) < 30 }.count) / 30
            users += 1
        }
        if loggingUsers > 0 { result["logging.period_only_share"] = periodOnlyUsers / loggingUsers }
        if users > 0 {
            result["logging.first_month"] = first / users
            result["logging.last_month"] = last / users
            result["logging.change"] = (last - first) / users
        }
    }

    /// Phase lengths, anovulatory share, age slope and period-start logging, from the truth.
    static func truthStatistics(_ dataset: CycleDataset, truth: [String: [CycleTruth]], into result: inout [String: Double]) {
        var follicular: [Double] = [], luteal: [Double] = [], lengths: [Double] = []
        var lutealSquares = 0.0, lutealDegrees = 0.0, lutealMeans: [Double] = []
        var follicularSquares = 0.0, follicularDegrees = 0.0
        var cycles = 0.0, anovulatory = 0.0
        var ageX: [Double] = [], ageY: [Double] = []
        var startsMatched = 0.0, startsTotal = 0.0
        for user in dataset.users {
            let rows = truth[user.userID] ?? []
            let age = _jsonInteger(named: "age", in: user.profile.preferencesJSON).map(Double.init)
            var userLuteal: [Double] = [], userFollicular: [Double] = []
            for row in rows {
                cycles += 1
                guard let f = row.follicularLength, let l = row.lutealLength else { anovulatory += 1; continue }
                follicular.append(Double(f))
                luteal.append(Double(l))
                userLuteal.append(Double(l))
                userFollicular.append(Double(f))
                lengths.append(Double(f + l))
                if let age, (25...45).contains(age) {
                    ageX.append(age)
                    ageY.append(Double(f + l))
                }
            }
            // Pooled within-user SDs over users with ≥ 3 ovulatory cycles (as measured on the Marquette file).
            if userLuteal.count >= 3, let lutealMean = mean(userLuteal), let follicularMean = mean(userFollicular) {
                lutealSquares += userLuteal.reduce(0) { $0 + ($1 - lutealMean) * ($1 - lutealMean) }
                follicularSquares += userFollicular.reduce(0) { $0 + ($1 - follicularMean) * ($1 - follicularMean) }
                lutealDegrees += Double(userLuteal.count - 1)
                follicularDegrees += Double(userFollicular.count - 1)
                lutealMeans.append(lutealMean)
            }
            let end = user.records.last?.date ?? user.profile.createdAt
            for row in rows where row.cycleStart < end.advanced(by: -3) && row.cycleStart >= user.profile.createdAt {
                startsTotal += 1
                let matched = user.periodStarts.contains { row.cycleStart.distance(to: $0) >= 0 && row.cycleStart.distance(to: $0) <= 1 }
                if matched { startsMatched += 1 }
            }
        }
        result["cycle_length.mean"] = mean(lengths)
        result["cycle_length.sd"] = standardDeviation(lengths)
        result["follicular.mean"] = mean(follicular)
        result["follicular.sd"] = standardDeviation(follicular)
        result["follicular.p2_5"] = ConfidenceInterval.quantile(follicular, 0.025)
        result["follicular.p97_5"] = ConfidenceInterval.quantile(follicular, 0.975)
        result["luteal.mean"] = mean(luteal)
        result["luteal.sd"] = standardDeviation(luteal)
        result["luteal.p2_5"] = ConfidenceInterval.quantile(luteal, 0.025)
        result["luteal.p97_5"] = ConfidenceInterval.quantile(luteal, 0.975)
        if lutealDegrees > 0 {
            result["luteal.within_user_sd"] = (lutealSquares / lutealDegrees).squareRoot()
            result["follicular.within_user_sd"] = (follicularSquares / follicularDegrees).squareRoot()
        }
        result["luteal.between_user_sd"] = standardDeviation(lutealMeans)
        if !luteal.isEmpty { result["luteal.share_10_or_less"] = Double(luteal.filter { $0 <= 10 }.count) / Double(luteal.count) }
        if cycles > 0 { result["cycles.share_anovulatory"] = anovulatory / cycles }
        if startsTotal > 0 { result["period_starts.logged_share"] = startsMatched / startsTotal }
        if ageX.count >= 10, let mx = mean(ageX), let my = mean(ageY) {
            let sxy = zip(ageX, ageY).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) }
            let sxx = ageX.reduce(0) { $0 + ($1 - mx) * ($1 - mx) }
            if sxx > 0 { result["cycle_length.age_slope"] = sxy / sxx }
        }
    }

    /// Symptom phase contrasts, pain shares and day-to-day autocorrelation.
    static func symptomStatistics(_ dataset: CycleDataset, truth: [String: [CycleTruth]], into result: inout [String: Double]) {
        let kinds: [SymptomType] = [.energy, .mood, .sleep]
        var dipSum = [Double](repeating: 0, count: 3), dipCount = dipSum, follicularSum = dipSum, follicularCount = dipSum
        var mittelschmerzUsers = 0.0, crampUsers = 0.0, crampSum = 0.0, crampCount = 0.0, symptomUsers = 0.0
        var lagX: [Double] = [], lagY: [Double] = []
        // Period-only loggers have no symptom row: the shares are among the users who log symptoms.
        for user in dataset.users where user.records.contains(where: { !$0.symptoms.isEmpty }) {
            symptomUsers += 1
            let rows = truth[user.userID] ?? []
            var cycleIndex = -1
            var ovaryNearOvulation = 0, crampDays = 0
            var previous: DayRecord?
            for record in user.records {
                while cycleIndex + 1 < rows.count, rows[cycleIndex + 1].cycleStart <= record.date { cycleIndex += 1 }
                defer { previous = record }
                if let previous, previous.date.distance(to: record.date) == 1,
                   let a = previous.symptoms[.energy], let b = record.symptoms[.energy] {
                    lagX.append(Double(a))
                    lagY.append(Double(b))
                }
                guard cycleIndex >= 0 else { continue }
                let cycle = rows[cycleIndex]
                let cycleDay = cycle.cycleStart.distance(to: record.date) + 1
                if let pain = record.symptoms[.pain], cycleDay <= 2, record.painZone == .uterus, pain >= 2 {
                    crampDays += 1
                    crampSum += Double(pain)
                    crampCount += 1
                }
                guard let f = cycle.follicularLength, let l = cycle.lutealLength else { continue }
                if let ovulation = cycle.ovulationDate, abs(ovulation.distance(to: record.date)) <= 2,
                   record.painZone == .leftOvary || record.painZone == .rightOvary {
                    ovaryNearOvulation += 1
                }
                let daysToNext = f + l - cycleDay + 1
                let inDip = cycleDay <= 2 || daysToNext <= 5
                let inFollicular = cycleDay >= 4 && cycleDay <= f - 5
                for (index, kind) in kinds.enumerated() {
                    guard let value = record.symptoms[kind] else { continue }
                    if inDip { dipSum[index] += Double(value); dipCount[index] += 1 }
                    if inFollicular { follicularSum[index] += Double(value); follicularCount[index] += 1 }
                }
            }
            if ovaryNearOvulation >= 1 { mittelschmerzUsers += 1 }
            if crampDays >= 2 { crampUsers += 1 }
        }
        for (index, kind) in kinds.enumerated() where dipCount[index] > 0 && follicularCount[index] > 0 {
            result["\(kind.rawValue).premenstrual_dip"] = dipSum[index] / dipCount[index] - follicularSum[index] / follicularCount[index]
        }
        let users = max(symptomUsers, 1)
        result["pain.share_mittelschmerz_users"] = mittelschmerzUsers / users
        result["pain.share_cramp_users"] = crampUsers / users
        if crampCount > 0 { result["pain.mean_cramp_level"] = crampSum / crampCount }
        if lagX.count >= 10, let mx = mean(lagX), let my = mean(lagY), let sx = standardDeviation(lagX), let sy = standardDeviation(lagY), sx > 0, sy > 0 {
            let covariance = zip(lagX, lagY).reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / Double(lagX.count - 1)
            result["energy.lag1_autocorrelation"] = covariance / (sx * sy)
        }
    }
}
