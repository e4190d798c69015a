/// Errors thrown by the `Bandits` module on bad input.
public enum BanditError: Error, Equatable, CustomStringConvertible {
    /// A feature vector or matrix has the wrong number of values.
    case featureCountMismatch(what: String, expected: Int, found: Int)
    /// A hyper-parameter is outside its valid range.
    case invalidParameter(name: String, value: Double, expected: String)
    /// A chosen index is not one of the candidates.
    case candidateOutOfRange(index: Int, candidateCount: Int)
    /// A decision was requested over an empty candidate set.
    case noCandidates
    /// A logged record cannot be used for off-policy evaluation.
    case invalidLogRecord(index: Int, reason: String)
    /// A linear system could not be solved (the precision matrix lost positive definiteness).
    case numericalFailure(operation: String, detail: String)
    /// A line of a logged-bandit file (CSV or JSON Lines) cannot be used; `line` counts from 1
    /// (a CSV's header is line 1), `field` names the column or key.
    case malformedLog(source: String, line: Int, field: String, detail: String)
    /// A log cannot answer the question asked of it (no target probabilities, not uniformly random, ...).
    case unsuitableLog(source: String, detail: String)

    public var description: String {
        switch self {
        case let .featureCountMismatch(what, expected, found):
            return "\(what): expected \(expected) feature values but found \(found)"
        case let .invalidParameter(name, value, expected):
            return "parameter \(name) = \(value) is invalid; expected \(expected)"
        case let .candidateOutOfRange(index, count):
            return "candidate index \(index) is out of range 0..<\(count)"
        case .noCandidates:
            return "no candidates to choose from; pass at least one candidate"
        case let .invalidLogRecord(index, reason):
            return "log record \(index): \(reason)"
        case let .numericalFailure(operation, detail):
            return "\(operation) failed: \(detail)"
        case let .malformedLog(source, line, field, detail):
            return "\(source): line \(line), field \(field): \(detail)"
        case let .unsuitableLog(source, detail):
            return "\(source): \(detail)"
        }
    }
}
