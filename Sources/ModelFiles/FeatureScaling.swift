/// How a raw feature value is scaled before it enters the model.
public enum FeatureScaling: Sendable, Equatable, Codable {
    /// `(x − mean) / standardDeviation`.
    case standardization(mean: Double, standardDeviation: Double)
    /// `(x − minimum) / (maximum − minimum)`.
    case minMax(minimum: Double, maximum: Double)

    /// `value` after scaling; a zero-width range or deviation leaves the value centred but unscaled.
    public func scaled(_ value: Double) -> Double {
        switch self {
        case let .standardization(mean, standardDeviation):
            return standardDeviation == 0 ? value - mean : (value - mean) / standardDeviation
        case let .minMax(minimum, maximum):
            return maximum == minimum ? value - minimum : (value - minimum) / (maximum - minimum)
        }
    }

    private enum CodingKeys: String, CodingKey {
        case type, mean, standardDeviation = "standard_deviation", minimum, maximum
    }

    /// Encodes as `{"type": "standardization", "mean": …, "standard_deviation": …}` or
    /// `{"type": "min_max", "minimum": …, "maximum": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .standardization(mean, standardDeviation):
            try container.encode("standardization", forKey: .type)
            try container.encode(mean, forKey: .mean)
            try container.encode(standardDeviation, forKey: .standardDeviation)
        case let .minMax(minimum, maximum):
            try container.encode("min_max", forKey: .type)
            try container.encode(minimum, forKey: .minimum)
            try container.encode(maximum, forKey: .maximum)
        }
    }

    /// Decodes the form written by `encode(to:)`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let type = try container.decode(String.self, forKey: .type)
        switch type {
        case "standardization":
            self = .standardization(mean: try container.decode(Double.self, forKey: .mean),
                                    standardDeviation: try container.decode(Double.self, forKey: .standardDeviation))
        case "min_max":
            self = .minMax(minimum: try container.decode(Double.self, forKey: .minimum),
                           maximum: try container.decode(Double.self, forKey: .maximum))
        default:
            throw DecodingError.dataCorruptedError(forKey: .type, in: container,
                                                   debugDescription: "unknown scaling type \"\(type)\"")
        }
    }
}
