import Cycles
import Foundation
import CyclesLab

/// Number formatting shared by the text, Markdown and SVG reports.
enum _Format {
    /// `0.6312` → `"63.1 %"`.
    static func percent(_ fraction: Double) -> String { String(format: "%.1f %%", fraction * 100) }

    /// `0.6312, [0.60, 0.66]` → `"63.1 % [60.0, 66.0]"`.
    static func percent(_ fraction: Double, interval: ConfidenceInterval?) -> String {
        guard let interval else { return percent(fraction) }
        return percent(fraction) + String(format: " [%.1f, %.1f]", interval.low * 100, interval.high * 100)
    }

    /// A difference of fractions in percentage points: `0.051, [0.03, 0.072]` → `"+5.1 pt [+3.0, +7.2]"`.
    static func points(_ difference: Double, interval: ConfidenceInterval? = nil) -> String {
        String(format: "%+.1f pt", difference * 100)
            + (interval.map { String(format: " [%+.1f, %+.1f]", $0.low * 100, $0.high * 100) } ?? "")
    }

    /// `84210` → `"84,210"`.
    static func grouped(_ value: Int) -> String {
        let digits = String(abs(value))
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// Bytes with thousands separators and a readable size: `"84,210 B (82.2 KiB)"`.
    static func bytes(_ value: Double) -> String {
        let count = Int(value)
        if count < 1024 { return "\(grouped(count)) B" }
        if count < 1024 * 1024 { return "\(grouped(count)) B (" + String(format: "%.1f KiB", value / 1024) + ")" }
        return "\(grouped(count)) B (" + String(format: "%.1f MiB", value / 1024 / 1024) + ")"
    }

    /// A time in µs: `"12.3 µs"` below 100 µs, else whole µs with separators.
    static func microseconds(_ value: Double) -> String {
        value < 100 ? String(format: "%.1f µs", value) : "\(grouped(Int(value.rounded()))) µs"
    }

    /// A limit in µs, in ms when it is a whole number of ms (`"150 ms"`).
    static func microsecondLimit(_ value: Double) -> String {
        value >= 1000 && value.truncatingRemainder(dividingBy: 1000) == 0 ? "\(grouped(Int(value / 1000))) ms" : microseconds(value)
    }

    /// A measurement of `metric` (a `MeasurementKey`) in its unit, with its interval where the
    /// unit shows one: `"63.1 % [60.0, 66.0]"`, `"0.021 [0.015, 0.030]"`, `"6.52 d"`.
    static func measurement(_ value: Double, interval: ConfidenceInterval?, metric: String) -> String {
        let unit = GateSpecification.unit(of: metric)
        switch unit {
        case "fraction": return percent(value, interval: interval)
        case "score": return String(format: "%.3f", value) + (interval.map { String(format: " [%.3f, %.3f]", $0.low, $0.high) } ?? "")
        default: return self.value(value, unit: unit)
        }
    }

    /// A paired difference of `metric` in its unit: points for fractions (`"+5.1 pt [+3.0, +7.2]"`),
    /// `"-0.012 [-0.020, -0.004]"` for scores, `"-0.41 d [-0.60, -0.20]"` for days.
    static func difference(_ difference: PairedDifference, metric: String) -> String {
        let interval = difference.interval
        switch GateSpecification.unit(of: metric) {
        case "score":
            return String(format: "%+.3f", difference.value) + (interval.map { String(format: " [%+.3f, %+.3f]", $0.low, $0.high) } ?? "")
        case "days":
            return String(format: "%+.2f d", difference.value) + (interval.map { String(format: " [%+.2f, %+.2f]", $0.low, $0.high) } ?? "")
        default:
            return points(difference.value, interval: interval)
        }
    }

    /// `value` in `unit` (`"fraction"`, `"difference"`, `"bytes"`, `"µs"`, `"days"`, `"points"`,
    /// `"score"`: three decimals).
    static func value(_ value: Double, unit: String, isLimit: Bool = false) -> String {
        switch unit {
        case "fraction": return percent(value)
        case "difference": return points(value)
        case "bytes": return isLimit && value >= 1_000_000 && value.truncatingRemainder(dividingBy: 1_000_000) == 0
            ? "\(grouped(Int(value / 1_000_000))) MB" : bytes(value)
        case "µs": return isLimit ? microsecondLimit(value) : microseconds(value)
        case "days": return String(format: "%.2f d", value)
        default: return String(format: "%.3f", value)
        }
    }
}

