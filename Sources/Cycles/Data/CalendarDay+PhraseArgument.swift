import Explanations

extension CalendarDay {
    /// The day as a phrase argument ("14 mars", "March 14").
    package var phraseArgument: PhraseArgument {
        let (year, month, day) = components
        return .date(year: year, month: month, day: day)
    }

    /// The day as a headline's predicted value.
    package var predictedValue: PredictedValue {
        let (year, month, day) = components
        return .date(year: year, month: month, day: day)
    }
}
