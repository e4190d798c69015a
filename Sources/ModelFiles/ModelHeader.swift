import TensorCore

/// Model metadata stored as the JSON header of an `.odml` file.
///
/// The JSON uses snake_case keys and sorted keys, so equal headers encode to equal bytes.
/// `formatVersion` is not part of the JSON: it is taken from the file's fixed preamble on read
/// and always written as `FormatVersion.current`.
public struct ModelHeader: Sendable, Equatable, Codable {
    /// Model kind, for example `"cycle-lstm"` or `"cycle-gbt"`.
    public var kind: String
    /// Container version the file was read from (`FormatVersion.current` for new files).
    public var formatVersion: FormatVersion
    /// Producer, `"OnDeviceML <version>"` by default.
    public var createdBy: String
    /// ISO-8601 creation date; `nil` (the default) keeps files reproducible.
    public var createdAt: String?
    /// Input features in column order, with names, groups and scaling.
    public var features: [FeatureSpec]
    /// Fingerprint (for example a SHA-256 hex digest) of the training data.
    public var trainingDataFingerprint: String?
    /// Metrics measured at export, for example `["mae_days": 1.7]`.
    public var metrics: [String: Double]
    /// Free-form properties: hyper-parameters, model configuration as JSON text, and so on.
    public var properties: [String: String]

    /// A header for `kind` with the remaining fields at their defaults.
    package init(kind: String,
                createdBy: String = "OnDeviceML \(OnDeviceMLVersion.current)",
                createdAt: String? = nil,
                features: [FeatureSpec] = [],
                trainingDataFingerprint: String? = nil,
                metrics: [String: Double] = [:],
                properties: [String: String] = [:]) {
        self.kind = kind
        self.formatVersion = .current
        self.createdBy = createdBy
        self.createdAt = createdAt
        self.features = features
        self.trainingDataFingerprint = trainingDataFingerprint
        self.metrics = metrics
        self.properties = properties
    }

    private enum CodingKeys: String, CodingKey {
        case kind
        case createdBy = "created_by"
        case createdAt = "created_at"
        case features
        case trainingDataFingerprint = "training_data_fingerprint"
        case metrics
        case properties
    }

    /// Decodes a header; absent collections default to empty, unknown keys are ignored.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        kind = try container.decode(String.self, forKey: .kind)
        formatVersion = .current
        createdBy = try container.decodeIfPresent(String.self, forKey: .createdBy) ?? ""
        createdAt = try container.decodeIfPresent(String.self, forKey: .createdAt)
        features = try container.decodeIfPresent([FeatureSpec].self, forKey: .features) ?? []
        trainingDataFingerprint = try container.decodeIfPresent(String.self, forKey: .trainingDataFingerprint)
        metrics = try container.decodeIfPresent([String: Double].self, forKey: .metrics) ?? [:]
        properties = try container.decodeIfPresent([String: String].self, forKey: .properties) ?? [:]
    }

    /// Encodes every field except `formatVersion`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(kind, forKey: .kind)
        try container.encode(createdBy, forKey: .createdBy)
        try container.encodeIfPresent(createdAt, forKey: .createdAt)
        try container.encode(features, forKey: .features)
        try container.encodeIfPresent(trainingDataFingerprint, forKey: .trainingDataFingerprint)
        try container.encode(metrics, forKey: .metrics)
        try container.encode(properties, forKey: .properties)
    }
}
