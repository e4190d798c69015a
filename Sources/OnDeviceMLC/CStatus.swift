/// The status codes of `odml.h` (`ODML_OK`, `ODML_ERROR_*`): what every entry point returns.
enum CStatus: Int32, CaseIterable, Sendable {
    /// `ODML_OK`.
    case ok = 0
    /// `ODML_ERROR_INVALID_ARGUMENT`: NULL, not UTF-8, or not of the expected form.
    case invalidArgument = 1
    /// `ODML_ERROR_NOT_FOUND`: a file, folder or user that does not exist.
    case notFound = 2
    /// `ODML_ERROR_INVALID_DATA`: data that breaks its format.
    case invalidData = 3
    /// `ODML_ERROR_WRONG_PASSWORD`: an encrypted file without its password.
    case wrongPassword = 4
    /// `ODML_ERROR_UNSUPPORTED`: what this build or model cannot do.
    case unsupported = 5
    /// `ODML_ERROR_DATABASE`: the app's database could not be read or written.
    case database = 6
    /// `ODML_ERROR_FAILED`: a computation that cannot be done on these inputs, a failed write.
    case failed = 7

    /// The header's name of the code (`ODML_ERROR_INVALID_DATA`).
    var name: String {
        switch self {
        case .ok: "ODML_OK"
        case .invalidArgument: "ODML_ERROR_INVALID_ARGUMENT"
        case .notFound: "ODML_ERROR_NOT_FOUND"
        case .invalidData: "ODML_ERROR_INVALID_DATA"
        case .wrongPassword: "ODML_ERROR_WRONG_PASSWORD"
        case .unsupported: "ODML_ERROR_UNSUPPORTED"
        case .database: "ODML_ERROR_DATABASE"
        case .failed: "ODML_ERROR_FAILED"
        }
    }
}
