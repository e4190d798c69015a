/// A kind of symptom in `symptom_logs.symptom_type`. Open to more than the five built-in kinds.
public struct SymptomType: RawRepresentable, Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let mood = SymptomType(rawValue: "mood")
    public static let energy = SymptomType(rawValue: "energy")
    public static let sleep = SymptomType(rawValue: "sleep")
    public static let stress = SymptomType(rawValue: "stress")
    public static let pain = SymptomType(rawValue: "pain")
    /// The kinds every loader and feature builder knows, in a fixed order.
    public static let builtIn: [SymptomType] = [.mood, .energy, .sleep, .stress, .pain]

    public var description: String { rawValue }
    public static func < (lhs: SymptomType, rhs: SymptomType) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// Where a logged pain is felt (`symptom_logs.body_zone`).
public enum BodyZone: String, CaseIterable, Sendable, Codable {
    case uterus
    case leftOvary = "left_ovary"
    case rightOvary = "right_ovary"
    case lowerBack = "lower_back"
    case thighs
}

/// The kind of a logged pain (`symptom_logs.pain_type`).
public enum PainType: String, CaseIterable, Sendable, Codable {
    case cramping, burning, pressure, other
}

/// The cycle type a user declared at onboarding (`user_profile.cycle_type`).
public enum CycleType: String, CaseIterable, Sendable, Codable {
    case regular, irregular, unknown
}
