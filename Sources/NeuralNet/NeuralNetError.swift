/// Errors thrown by the `NeuralNet` module on bad input (shapes, lengths, parameter sets).
public enum NeuralNetError: Error, Equatable, CustomStringConvertible {
    /// A tensor handed to `operation` has the wrong shape.
    case shapeMismatch(operation: String, expected: [Int], found: [Int])
    /// A sequence length is outside `0...maximum`.
    case invalidLength(operation: String, sequence: Int, length: Int, maximum: Int)
    /// A class index or token index is outside `0..<bound`.
    case indexOutOfRange(operation: String, index: Int, bound: Int)
    /// A parameter set lacks the key a model needs.
    case missingParameter(key: String)
    /// A stored parameter has a different shape than the model expects.
    case parameterShapeMismatch(key: String, expected: [Int], found: [Int])
    /// A hyper-parameter is outside its valid range.
    case invalidHyperparameter(name: String, value: Double, expected: String)

    public var description: String {
        switch self {
        case let .shapeMismatch(operation, expected, found):
            return "\(operation): expected shape \(expected), found \(found)"
        case let .invalidLength(operation, sequence, length, maximum):
            return "\(operation): sequence \(sequence) has length \(length), expected 0...\(maximum)"
        case let .indexOutOfRange(operation, index, bound):
            return "\(operation): index \(index) is outside 0..<\(bound)"
        case let .missingParameter(key):
            return "parameter \"\(key)\" is missing from the parameter set"
        case let .parameterShapeMismatch(key, expected, found):
            return "parameter \"\(key)\": expected shape \(expected), found \(found)"
        case let .invalidHyperparameter(name, value, expected):
            return "hyper-parameter \(name) = \(value) is invalid: expected \(expected)"
        }
    }
}
