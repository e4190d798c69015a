import Explanations

/// The Phase 1 rule-based predictor (`"rules"`).
///
/// Rules, in order; each one that fires is a `Reasoning.Factor` whose contribution is the shift
/// in days it applies:
/// 1. **Cold start** (no complete cycle logged): the cycle length declared at onboarding
///    (`preferences.typical_cycle_length`, 20–45 d) or the population default 29 d
///    (Bull 2019: 29.3 d); contribution = that length − 29.
/// 2. **Calendar**: recency-weighted mean (weights 1, 0.85, 0.85², …) of the last
///    `CycleState.recentCycleCount` cycle lengths, after dropping outliers further than
///    max(7 d, 3 × 1.4826 × MAD) from their median; with fewer than 3 cycles the onboarding
///    length counts as one more cycle. Contribution = estimate − the population length
///    (`CycleState.populationCycleLength`); outlier rejection is a
///    separate factor whose contribution is the change it caused.
/// 3. **Ovulation pain**: this cycle's last one-sided ovary pain (`left_ovary`/`right_ovary`)
///    from cycle day 6 on (`CycleDayState.ovulationPainThisCycle`) marks ovulation; next start =
///    that day + her personal offset (mean of her recent cycles' pain-to-next-start gaps, with
///    the prior `AlertPolicy.ovulationToStartPriorDays` as one more). Contribution = shift vs the calendar.
/// 4. **Late**: if the forecast date has passed without a period, the next start is tomorrow.
///
/// Energy and mood tomorrow: an exponentially weighted level of the values logged in the last
/// 90 days (α = 0.3) plus her own premenstrual/menses dip over her recent cycles (mean on menses
/// days 1–2 and the `CycleDayState.premenstrualDays` days before a start, minus the other days,
/// shrunk towards 0) when tomorrow falls in that window.
///
/// The rules keep no state of their own: each forecast is read off her `CycleDayState`, the
/// state the learned models read (`_RuleProjection`).
public struct RuleEngine: CyclePredictor {
    public var name: String { ModelKind.cycleRules.modelName }
    /// Weight ratio between a cycle and the next more recent one.
    package var recencyDecay = 0.85

    /// Creates the engine with default rules.
    public init() {}

    public func predictions(for history: UserHistory, on days: [CalendarDay], language: Language) throws -> [CyclePrediction] {
        var replay = CycleDayState.Replay(history, tracksLengthModel: false)
        var projection = _RuleProjection(engine: self, profile: history.profile, language: language)
        return try days.map { day in try projection.prediction(from: replay.advance(through: day)) }
    }

    /// The cycle length declared at onboarding (`typical_cycle_length` in the preferences JSON), if plausible.
    package static func declaredCycleLength(in profile: UserProfile) -> Int? {
        guard let value = _jsonInteger(named: "typical_cycle_length", in: profile.preferencesJSON),
              (20...45).contains(value) else { return nil }
        return value
    }
}

/// Reads an integer field from a flat JSON object without a full parse (`"key":123`).
package func _jsonInteger(named key: String, in json: String) -> Int? {
    guard let range = json.range(of: "\"\(key)\"") else { return nil }
    var digits = ""
    var seenColon = false
    for character in json[range.upperBound...] {
        if !seenColon {
            if character == ":" { seenColon = true } else if character != " " { return nil }
            continue
        }
        if character.isNumber || (character == "-" && digits.isEmpty) { digits.append(character) }
        else if character == " " && digits.isEmpty { continue }
        else { break }
    }
    return Int(digits)
}
