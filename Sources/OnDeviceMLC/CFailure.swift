import ElaroRuntime
import ShifAIRuntime

/// A failed call: the status it returns and the message `odml_last_error` gives.
struct CFailure: Error, Sendable {
    /// The status returned.
    let status: CStatus
    /// What was wrong and what was expected, in one sentence.
    let message: String

    /// A failure with `status` and `message`.
    init(_ status: CStatus, _ message: String) {
        self.status = status
        self.message = message
    }

    /// The status and message of any error the runtime throws: the error's own description
    /// (each names what to fix), under the status of its kind.
    init(classifying error: any Error) {
        switch error {
        case let failure as CFailure:
            self = failure
        case let error as DatasetError:
            switch error {
            case .missingFile: self.init(.notFound, error.description)
            case .sqlite: self.init(.database, error.description)
            case .sqliteUnavailable, .unknownModel: self.init(.unsupported, error.description)
            case .forecastTooFar: self.init(.invalidArgument, error.description)
            case .writeFailed: self.init(.failed, error.description)
            default: self.init(.invalidData, error.description)
            }
        case let error as ModelFileError:
            switch error {
            case .authenticationFailed, .missingPassword: self.init(.wrongPassword, error.description)
            case .encryptionUnavailable: self.init(.unsupported, error.description)
            case .fileSystem: self.init(.notFound, error.description)
            default: self.init(.invalidData, error.description)
            }
        case let error as PersonalizationError:
            switch error {
            case .wrongPassword: self.init(.wrongPassword, error.description)
            case .unsupportedModel: self.init(.unsupported, error.description)
            case .unknownUser: self.init(.notFound, error.description)
            case .corruptStore: self.init(.database, error.description)
            case .noHistory, .writeFailed: self.init(.failed, error.description)
            default: self.init(.invalidData, error.description)
            }
        case let error as ElaroError:
            switch error {
            case .fileAccess: self.init(.notFound, error.description)
            default: self.init(.invalidData, error.description)
            }
        case let error as ExplanationError:
            switch error {
            case .unsupportedLanguage: self.init(.invalidArgument, error.description)
            default: self.init(.failed, error.description)
            }
        case let error as EncodingError:
            self.init(.failed, "the result cannot be written as JSON (\(error))")
        default:
            self.init(.failed, "\(error)")
        }
    }
}
