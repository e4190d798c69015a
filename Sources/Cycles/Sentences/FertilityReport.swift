import Explanations

/// The JSON form of `FertilityFindings` in a forecast's report (`ForecastReport.fertility`, what
/// `odml predict --json` and `odml explain --json` print): the method's findings with their
/// sentences in the chosen language.
package struct FertilityReport: Encodable, Sendable {
    /// The confirmed temperature shift.
    package struct TemperatureShiftJSON: Encodable, Sendable {
        /// The first of the higher readings.
        package let firstHigherReading: CalendarDay
        /// °C on the method's 0.05 °C grid.
        package let coverline: Double
        /// `regular`, `first_exception` or `second_exception`.
        package let rule: String
        /// The evening the shift is confirmed.
        package let confirmed: CalendarDay
        /// The reading left out under the second exception.
        package let leftOut: CalendarDay?
        enum CodingKeys: String, CodingKey {
            case coverline, rule, confirmed
            case firstHigherReading = "first_higher_reading", leftOut = "left_out"
        }
    }

    /// A mucus or cervix peak.
    package struct PeakJSON: Encodable, Sendable {
        /// The peak day.
        package let day: CalendarDay
        /// The mucus quality (`t`, `Ø`, `f`, `S`, `S+`); absent for the cervix.
        package let quality: String?
        /// Absent while the peak is a candidate.
        package let confirmed: CalendarDay?
    }

    /// The double check that closes the fertile window.
    package struct DoubleCheckJSON: Encodable, Sendable {
        /// The evening it completed.
        package let completed: CalendarDay
        /// `mucus` or `cervix`.
        package let symptom: String
    }

    /// The fertile window.
    package struct WindowJSON: Encodable, Sendable {
        /// The first fertile day.
        package let opens: CalendarDay
        /// The rule that opened it.
        package let openedBy: String
        /// The evening the window closes (the double check); absent while open.
        package let closes: CalendarDay?
        enum CodingKeys: String, CodingKey { case opens, closes, openedBy = "opened_by" }
    }

    /// The ovulation posterior's central interval.
    package struct IntervalJSON: Encodable, Sendable {
        /// Its first day.
        package let from: CalendarDay
        /// Its last day.
        package let to: CalendarDay
        /// The posterior mass it holds.
        package let mass: Double
    }

    /// The current cycle's first day.
    package let cycleStart: CalendarDay
    /// The temperature shift, once confirmed.
    package let temperatureShift: TemperatureShiftJSON?
    /// The mucus peak, candidate or confirmed.
    package let mucusPeak: PeakJSON?
    /// The cervix peak, candidate or confirmed.
    package let cervixPeak: PeakJSON?
    /// The double check, once completed.
    package let doubleCheck: DoubleCheckJSON?
    /// The fertile window.
    package let fertileWindow: WindowJSON
    /// P(ovulation has passed), from the posterior.
    package let ovulationPassedProbability: Double?
    /// The posterior's central interval.
    package let ovulationInterval: IntervalJSON?
    /// The findings in sentences, in the report's language.
    package let sentences: [String]

    enum CodingKeys: String, CodingKey {
        case sentences
        case cycleStart = "cycle_start", temperatureShift = "temperature_shift", mucusPeak = "mucus_peak"
        case cervixPeak = "cervix_peak", doubleCheck = "double_check", fertileWindow = "fertile_window"
        case ovulationPassedProbability = "ovulation_passed_probability", ovulationInterval = "ovulation_interval"
    }

    /// The report of `findings`, its sentences in `language`.
    /// - Throws: `ExplanationError` when a sentence cannot be built.
    package init(_ findings: FertilityFindings, language: Language) throws {
        cycleStart = findings.cycleStart
        temperatureShift = findings.temperatureShift.map {
            TemperatureShiftJSON(firstHigherReading: $0.firstHigherReading, coverline: $0.coverline, rule: $0.rule.rawValue,
                                 confirmed: $0.confirmed, leftOut: $0.leftOut)
        }
        mucusPeak = findings.mucusPeak.map { PeakJSON(day: $0.day, quality: $0.quality.symbol, confirmed: $0.confirmed) }
        cervixPeak = findings.cervixPeak.map { PeakJSON(day: $0.day, quality: nil, confirmed: $0.confirmed) }
        doubleCheck = findings.doubleCheck.map { DoubleCheckJSON(completed: $0.completed, symptom: $0.symptom.rawValue) }
        let window = findings.fertileWindow
        fertileWindow = WindowJSON(opens: window.opens, openedBy: window.openedBy.rawValue, closes: window.closes)
        ovulationPassedProbability = findings.ovulationPassedProbability
        ovulationInterval = findings.ovulationInterval.map {
            IntervalJSON(from: $0.lowerBound, to: $0.upperBound, mass: FertilityFindings.ovulationIntervalMass)
        }
        sentences = try CyclePhrases.fertilitySentences(findings, language: language)
    }
}
