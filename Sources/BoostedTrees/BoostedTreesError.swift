/// Errors thrown by the `BoostedTrees` module on bad input. Each description is one line a
/// person can act on.
public enum BoostedTreesError: Error, Equatable, CustomStringConvertible {
    /// An array does not have the element count its shape requires.
    case shapeMismatch(what: String, expected: Int, found: Int)
    /// A hyper-parameter is outside its valid range.
    case invalidParameter(name: String, value: String, expected: String)
    /// A label is not valid for the objective (e.g. a class index out of range, a negative count).
    case invalidLabel(row: Int, value: Float, expected: String)
    /// The training set is empty or has no features.
    case emptyDataset
    /// A categorical feature holds a value that is not a category code (a non-negative integer).
    case invalidCategory(feature: Int, row: Int, value: Float)
    /// A categorical feature has more distinct categories than value bins.
    case tooManyCategories(feature: Int, count: Int, limit: Int)
    /// The model cannot be written in a format (e.g. a split the format cannot express).
    case unsupportedExport(format: String, reason: String)
    /// A LightGBM text model could not be parsed.
    case malformedModelText(line: Int, field: String, expected: String, found: String)

    public var description: String {
        switch self {
        case let .shapeMismatch(what, expected, found):
            return "\(what): expected \(expected) elements, found \(found)"
        case let .invalidParameter(name, value, expected):
            return "parameter \(name) = \(value) is invalid: expected \(expected)"
        case let .invalidLabel(row, value, expected):
            return "label at row \(row) is \(value): expected \(expected)"
        case .emptyDataset:
            return "the training set is empty: give at least one row and one feature"
        case let .invalidCategory(feature, row, value):
            return "categorical feature \(feature), row \(row): expected a category code (an integer in 0...16777216) or NaN, found \(value)"
        case let .tooManyCategories(feature, count, limit):
            return "categorical feature \(feature) has \(count) categories, more than the \(limit) bins allowed: "
                + "group rare categories under one code (or raise maximumBinCount up to 256)"
        case let .unsupportedExport(format, reason):
            return "cannot write the model as \(format): \(reason)"
        case let .malformedModelText(line, field, expected, found):
            return "model text line \(line), field \(field): expected \(expected), found \"\(found)\""
        }
    }
}
