/// How a gate compares its measured value with its limit.
public enum GateComparison: String, Sendable, Codable, CaseIterable {
    case lessThan = "<"
    case lessThanOrEqual = "<="
    case greaterThan = ">"
    case greaterThanOrEqual = ">="

    /// `true` when `measured` satisfies the comparison against `limit`.
    public func holds(_ measured: Double, limit: Double) -> Bool {
        switch self {
        case .lessThan: return measured < limit
        case .lessThanOrEqual: return measured <= limit
        case .greaterThan: return measured > limit
        case .greaterThanOrEqual: return measured >= limit
        }
    }

    /// The symbol printed in tables (`<`, `≤`, `>`, `≥`).
    public var symbol: String {
        switch self {
        case .lessThan: return "<"
        case .lessThanOrEqual: return "≤"
        case .greaterThan: return ">"
        case .greaterThanOrEqual: return "≥"
        }
    }
}
