/// One model input feature. A feature's position in `ModelHeader.features` is its column index.
public struct FeatureSpec: Sendable, Equatable, Codable {
    /// Stable feature name, for example `"sleep_hours"`.
    public var name: String
    /// Optional group used by explanations, for example `"sleep"`.
    public var group: String?
    /// Optional scaling applied to the raw value before it enters the model.
    public var scaling: FeatureScaling?

    /// A feature named `name`, in `group`, scaled by `scaling`.
    public init(name: String, group: String? = nil, scaling: FeatureScaling? = nil) {
        self.name = name
        self.group = group
        self.scaling = scaling
    }
}
