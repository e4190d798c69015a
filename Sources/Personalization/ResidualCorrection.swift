import Cycles

/// A personal correction of any model's next-start forecast: a shift in days learned from
/// her past residuals, one per horizon bucket (how far ahead the model forecasts).
///
/// The late buckets (≤ 3 and 4–7 days ahead) are mostly forecasts made after ovulation, so
/// their shift is the difference between her luteal phase and the population's, the part of
/// her cycle that is stable enough to learn from a few cycles.
public struct ResidualCorrection: Sendable, Equatable, Codable {
    /// Upper bounds (inclusive) of the horizon buckets, in days ahead; the last bucket is open.
    package static let bucketUpperBounds = [3, 7, 14]

    /// Shift in days per bucket (`bucketUpperBounds.count + 1` values), added to the forecast.
    public var offsetsDays: [Double]

    public init(offsetsDays: [Double]) {
        precondition(offsetsDays.count == Self.bucketUpperBounds.count + 1, "one offset per horizon bucket")
        self.offsetsDays = offsetsDays
    }

    enum CodingKeys: String, CodingKey {
        case offsetsDays = "offsets_days"
    }

    /// No correction.
    package static let identity = ResidualCorrection(offsetsDays: Array(repeating: 0, count: bucketUpperBounds.count + 1))

    /// The bucket of a forecast `daysAhead` days after its as-of day.
    public static func bucket(daysAhead: Int) -> Int {
        bucketUpperBounds.firstIndex { daysAhead <= $0 } ?? bucketUpperBounds.count
    }

    /// `prediction` with its next start shifted by the bucket's offset (rounded to whole days),
    /// never on or before the last known start.
    public func applied(to prediction: CyclePrediction, lastStart: CalendarDay?) -> CyclePrediction {
        let offset = Int(offsetsDays[Self.bucket(daysAhead: prediction.asOf.distance(to: prediction.nextPeriodStart))].rounded())
        guard offset != 0 else { return prediction }
        var corrected = prediction
        var start = prediction.nextPeriodStart.advanced(by: offset)
        if let lastStart, start <= lastStart { start = lastStart.advanced(by: 1) }
        corrected.moveNextPeriodStart(to: start)
        corrected.reasoning.factors.append(.init(key: "personal.offset", phrase: offset > 0 ? "+\(offset) j (personnel)" : "\(offset) j (personnel)",
                                                 contribution: Double(offset)))
        return corrected
    }
}
