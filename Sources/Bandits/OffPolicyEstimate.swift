/// An off-policy estimate with its bootstrap 95 % interval, written as
/// `{"value": v, "ci95": [lower, upper]}`.
public struct OffPolicyEstimate: Sendable, Equatable, Codable {
    /// The estimate on all rows.
    public var value: Double
    /// The 2.5 % percentile of the bootstrap estimates.
    public var lower: Double
    /// The 97.5 % percentile of the bootstrap estimates.
    public var upper: Double

    public init(value: Double, lower: Double, upper: Double) {
        self.value = value
        self.lower = lower
        self.upper = upper
    }

    /// Whether `truth` lies inside `[lower, upper]`.
    public func covers(_ truth: Double) -> Bool { truth >= lower && truth <= upper }

    private enum CodingKeys: String, CodingKey { case value, ci95 }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        value = try container.decode(Double.self, forKey: .value)
        let interval = try container.decode([Double].self, forKey: .ci95)
        guard interval.count == 2 else {
            throw DecodingError.dataCorruptedError(forKey: .ci95, in: container, debugDescription: "expected [lower, upper]")
        }
        (lower, upper) = (interval[0], interval[1])
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(value, forKey: .value)
        try container.encode([lower, upper], forKey: .ci95)
    }
}
