extension TemperatureShift {
    /// One usable reading (not disturbed) on the 0.05 °C grid.
    struct Reading: Sendable, Equatable, Codable {
        /// The morning it was taken.
        var day: CalendarDay
        /// The reading in 0.05 °C steps (`steps(celsius:)`).
        var steps: Int
    }

    /// The lower readings the first higher one must exceed (three over *six*).
    package static let lowerReadingCount = 6
    /// The chart's steps per °C (a resolution of 0.05 °C).
    package static let stepsPerDegree = 20
    /// The rise the third counted reading must reach over the coverline: 0.2 °C in steps of 1/`stepsPerDegree` °C.
    package static let requiredRiseSteps = 4

    /// A reading in °C on the method's 0.05 °C grid, rounded to the nearest step, halves up, from
    /// its two stored decimals (36.52 → 36.50, 36.53 → 36.55, 36.57 → 36.55, 36.58 → 36.60), as a
    /// number of steps.
    public static func steps(celsius: Double) -> Int {
        let hundredths = Int((celsius * 100).rounded())
        return Int((Double(hundredths * stepsPerDegree) / 100).rounded(.toNearestOrAwayFromZero))
    }

    /// The first rise the rules confirm in one cycle's usable readings (oldest first), if any:
    /// each reading from the seventh on that is higher than the six before it is a candidate first
    /// higher reading, tried in order with the regular rule, then the first exception, then the
    /// second; the first candidate one of them confirms wins. A candidate on or before
    /// `notBefore` is skipped (readings of withdrawn evidence may still be lower readings).
    static func first(in readings: [Reading], after notBefore: CalendarDay? = nil) -> TemperatureShift? {
        let lowCount = lowerReadingCount, rise = requiredRiseSteps
        guard readings.count >= lowCount + 3 else { return nil }
        for index in lowCount..<(readings.count - 2) {
            let candidate = readings[index]
            if let notBefore, candidate.day <= notBefore { continue }
            let coverline = readings[(index - lowCount)..<index].map(\.steps).max()!
            guard candidate.steps > coverline else { continue }
            let second = readings[index + 1], third = readings[index + 2]
            let fourth = index + 3 < readings.count ? readings[index + 3] : nil
            func shift(_ rule: Rule, _ confirmed: Reading, leftOut: Reading? = nil) -> TemperatureShift {
                TemperatureShift(firstHigherReading: candidate.day, coverline: Double(coverline) / Double(stepsPerDegree), rule: rule,
                                 confirmed: confirmed.day, leftOut: leftOut?.day)
            }
            let secondHigher = second.steps > coverline, thirdHigher = third.steps > coverline
            if secondHigher && thirdHigher {
                if third.steps - coverline >= rise { return shift(.regular, third) }
                if let fourth, fourth.steps > coverline { return shift(.firstException, fourth) }
            } else if secondHigher != thirdHigher, let fourth, fourth.steps - coverline >= rise {
                return shift(.secondException, fourth, leftOut: secondHigher ? third : second)
            }
        }
        return nil
    }
}
