import Foundation
import OnDeviceML

extension PredictCommand {
    /// The JSON form of `FertilityFindings` in `odml predict --json` and `odml explain --json`
    /// (`fertility`): the method's findings with their sentences in the chosen language.
    struct FertilityReport: Encodable {
        struct TemperatureShiftJSON: Encodable {
            let firstHigherReading: CalendarDay
            /// °C on the method's 0.05 °C grid.
            let coverline: Double
            /// `regular`, `first_exception` or `second_exception`.
            let rule: String
            let confirmed: CalendarDay
            /// The reading left out under the second exception.
            let leftOut: CalendarDay?
            enum CodingKeys: String, CodingKey {
                case coverline, rule, confirmed
                case firstHigherReading = "first_higher_reading", leftOut = "left_out"
            }
        }
        struct PeakJSON: Encodable {
            let day: CalendarDay
            /// The mucus quality (`t`, `Ø`, `f`, `S`, `S+`); absent for the cervix.
            let quality: String?
            /// Absent while the peak is a candidate.
            let confirmed: CalendarDay?
        }
        struct DoubleCheckJSON: Encodable {
            let completed: CalendarDay
            /// `mucus` or `cervix`.
            let symptom: String
        }
        struct WindowJSON: Encodable {
            let opens: CalendarDay
            let openedBy: String
            /// The evening the window closes (the double check); absent while open.
            let closes: CalendarDay?
            enum CodingKeys: String, CodingKey { case opens, closes, openedBy = "opened_by" }
        }
        struct IntervalJSON: Encodable {
            let from: CalendarDay
            let to: CalendarDay
            let mass: Double
        }

        let cycleStart: CalendarDay
        let temperatureShift: TemperatureShiftJSON?
        let mucusPeak: PeakJSON?
        let cervixPeak: PeakJSON?
        let doubleCheck: DoubleCheckJSON?
        let fertileWindow: WindowJSON
        let ovulationPassedProbability: Double?
        let ovulationInterval: IntervalJSON?
        let sentences: [String]

        enum CodingKeys: String, CodingKey {
            case sentences
            case cycleStart = "cycle_start", temperatureShift = "temperature_shift", mucusPeak = "mucus_peak"
            case cervixPeak = "cervix_peak", doubleCheck = "double_check", fertileWindow = "fertile_window"
            case ovulationPassedProbability = "ovulation_passed_probability", ovulationInterval = "ovulation_interval"
        }

        init(_ findings: FertilityFindings, language: Language) throws {
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
}
