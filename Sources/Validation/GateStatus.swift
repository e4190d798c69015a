/// The outcome of one gate.
public enum GateStatus: String, Sendable, Codable {
    /// The measured value satisfies the limit.
    case pass
    /// The measured value misses the limit.
    case fail
    /// Nothing could be measured (no model, no learning curve, no interval): counts as NO-GO.
    case notMeasured = "not_measured"

    /// Upper-case word printed in tables.
    public var label: String {
        switch self {
        case .pass: return "PASS"
        case .fail: return "FAIL"
        case .notMeasured: return "NOT MEASURED"
        }
    }
}
