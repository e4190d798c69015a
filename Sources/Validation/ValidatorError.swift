/// Everything that can stop a validation run before it reaches a verdict. Each case names what
/// a person needs to fix it; `description` is one line. (Named `ValidatorError` so that it does
/// not clash with ArgumentParser's `ValidationError` in the CLI.)
public enum ValidatorError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The gates file is missing or unreadable.
    case gatesFileUnreadable(path: String, reason: String)
    /// The gates file is not valid JSON or not shaped `{"gates": [...]}`.
    case gatesFileMalformed(path: String, reason: String)
    /// One gate of the gates file has a missing or bad field.
    case invalidGate(path: String, index: Int, field: String, found: String, expected: String)
    /// Two gates share a name.
    case duplicateGate(path: String, name: String)
    /// A model file to validate does not exist.
    case modelNotFound(path: String)
    /// Two candidate models would appear under the same name.
    case duplicateModel(name: String)
    /// The evaluation data has no user with a complete cycle.
    case emptyEvaluation(reason: String)
    /// A report file could not be written.
    case writeFailed(path: String, reason: String)
    /// The ideal observer's results file is missing or unreadable.
    case idealObserverUnreadable(path: String, reason: String)
    /// The ideal observer's results file is not what `scripts/ideal_observer.py --results` writes.
    case idealObserverMalformed(path: String, reason: String)

    public var description: String {
        switch self {
        case let .gatesFileUnreadable(path, reason):
            return "\(path): cannot read the gates file: \(reason)"
        case let .gatesFileMalformed(path, reason):
            return "\(path): malformed gates file: \(reason); expected {\"gates\": [{\"name\", \"metric\", \"comparison\", \"limit\"}, …]}"
        case let .invalidGate(path, index, field, found, expected):
            return "\(path): gates[\(index)].\(field): found \(found), expected \(expected)"
        case let .duplicateGate(path, name):
            return "\(path): two gates are named \"\(name)\"; give each gate its own name"
        case let .modelNotFound(path):
            return "\(path): model file not found"
        case let .duplicateModel(name):
            return "two models are named \"\(name)\"; pass each model file once"
        case let .emptyEvaluation(reason):
            return "nothing to evaluate: \(reason)"
        case let .writeFailed(path, reason):
            return "\(path): cannot write: \(reason)"
        case let .idealObserverUnreadable(path, reason):
            return "\(path): \(reason); write it with scripts/ideal_observer.py --results (Datasets/ideal-observer/README.md)"
        case let .idealObserverMalformed(path, reason):
            return "\(path): malformed ideal-observer results: \(reason); expected the JSON of scripts/ideal_observer.py --results"
        }
    }
}
