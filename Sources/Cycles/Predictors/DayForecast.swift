import Explanations

/// One user's forecast for one day by one predictor, as `odml predict` and the C API give it:
/// the prediction with its sentences, the method's findings in her charts, and the period
/// forecast's attribution when the predictor attributes it (`ForecastAttributing`).
package struct DayForecast: Sendable {
    /// Her history (whole: the predictor reads nothing dated after `day`).
    package let history: UserHistory
    /// The day of the forecast.
    package let day: CalendarDay
    /// The language of the sentences.
    package let language: Language
    /// The predictor's name (`rules`, `gbt`, `lstm`, …).
    package let predictorName: String
    /// The forecast, its findings filled from her charts whichever model forecast the period.
    package let prediction: CyclePrediction
    /// The period forecast's contributions (days until the next start), for predictors that
    /// attribute it (`gbt`, `lstm`); their reasoning is built from it.
    package let periodAttribution: Attribution?

    /// The longest stretch from her first logged day (or measurement) to the forecast day, 100
    /// years: the state replays every day of it, and a day millennia away would take gigabytes.
    package static let maximumSpanDays = 36_525

    /// `predictor`'s forecast for `history`'s user on `day` (causal: records after `day` are not
    /// read), sentences in `language`.
    /// - Throws: `DatasetError.forecastTooFar` for a day more than `maximumSpanDays` after her
    ///   first logged day; what the predictor throws (`ExplanationError`, a model's evaluation errors).
    package init(predictor: any CyclePredictor, history: UserHistory, day: CalendarDay, language: Language) throws {
        let firstDay = [history.records.first?.date, history.measurements.first?.date].compactMap { $0 }.min()
        if let firstDay, firstDay.distance(to: day) > DayForecast.maximumSpanDays {
            throw DatasetError.forecastTooFar(user: history.userID, firstDay: firstDay, day: day, maximumDays: DayForecast.maximumSpanDays)
        }
        var prediction: CyclePrediction
        if let attributing = predictor as? any ForecastAttributing {
            let explained = try attributing.explainedPrediction(for: history, on: day, language: language)
            prediction = explained.prediction
            periodAttribution = explained.attribution
        } else {
            prediction = try predictor.prediction(for: history.truncated(through: day), on: day, language: language)
            periodAttribution = nil
        }
        // The method's findings are the charts', whichever model forecast the period.
        if prediction.fertility == nil { prediction.fertility = FertilityFindings(state: CycleDayState(history: history, through: day)) }
        self.history = history
        self.day = day
        self.language = language
        self.predictorName = predictor.name
        self.prediction = prediction
    }

    /// The JSON form (`odml predict --json`, `odml_predict`).
    package func report() throws -> ForecastReport {
        try ForecastReport(self)
    }

    /// The period forecast as an attribution: the predictor's own (`periodAttribution`) or, for
    /// a predictor without one, the predicted cycle length (days from the last start to the
    /// forecast start) against the rule engine's population length, with the prediction's
    /// factors as contributions (for the rule engine, every fired rule's shift).
    package var attribution: Attribution {
        if let periodAttribution { return periodAttribution }
        let baseline = Double(CycleState.populationCycleLength)
        let lastStart = history.lastPeriodStart(onOrBefore: day)
        let output = lastStart.map { Double($0.distance(to: prediction.nextPeriodStart)) } ?? baseline
        let contributions = prediction.reasoning.factors.map { factor in
            FeatureContribution(key: factor.key, group: FeatureGroup(factor.group ?? FeatureGroup.history.rawValue),
                                contribution: factor.contribution)
        }
        var attribution = Attribution(method: predictorName == RuleEngine().name ? .rules : .other, baselineValue: baseline,
                                      outputValue: output, contributions: contributions)
        attribution.completenessError = attribution.measuredCompletenessError
        return attribution
    }

    /// The JSON form of the explained forecast (`odml explain --json`, `odml_explain`): the
    /// report, every contribution behind the period forecast, and the sentence built from them.
    /// - Throws: `ExplanationError` when a sentence cannot be built.
    package func explanation() throws -> ExplanationReport {
        let attribution = attribution
        let (year, month, dayOfMonth) = prediction.nextPeriodStart.components
        let explanation = try CyclePhrases.shared.reasoning(
            for: .periodStart, value: .date(year: year, month: month, day: dayOfMonth),
            uncertainty: .days(prediction.nextPeriodUncertaintyDays), attribution: attribution,
            language: language, minimumContribution: GBTCyclePredictor.minimumNamedContribution)
        return ExplanationReport(prediction: try report(), attribution: attribution, explanation: explanation)
    }
}
