#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything that can go wrong reading, writing or encrypting an `.odml` file.
///
/// `description` is one line that says what is wrong and what to do about it.
package enum ModelFileError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The bytes do not start with the `.odml` magic number.
    case notAModelFile
    /// The file's format major version differs from the one this reader supports.
    case unsupportedVersion(found: FormatVersion, supported: FormatVersion)
    /// The file is shorter than its layout requires.
    case truncated(expected: Int, actual: Int)
    /// The CRC-32 stored in the file does not match its contents.
    case checksumMismatch
    /// A section's payload lies (partly) outside the file or overlaps the header or the table.
    case sectionOutOfBounds(section: String, offset: UInt64, length: UInt64, fileLength: Int)
    /// A section's declared shape disagrees with its payload or its arrays.
    case shapeMismatch(section: String, detail: String)
    /// Wrong password, or the encrypted bytes were modified.
    case authenticationFailed
    /// The file is encrypted (or encryption was requested) but no usable password was given.
    case missingPassword
    /// No section of the requested kind has this name.
    case missingSection(name: String)
    /// The JSON header is not valid UTF-8 JSON of the expected shape.
    case invalidHeader(reason: String)
    /// A section's descriptor or contents are invalid (unknown encoding, bad tree structure, …).
    case malformedSection(section: String, reason: String)
    /// The container structure (preamble, section table) is invalid.
    case malformedFile(reason: String)
    /// A tensor value cannot be stored at the requested precision.
    case unrepresentableValue(section: String, value: Float, precision: TensorPrecision)
    /// A file-system call failed; `errorNumber` is the `errno` value.
    case fileSystem(path: String, operation: String, errorNumber: Int32)
    /// The file is encrypted (or encryption was requested) and this build has no encryption: the
    /// package was built without its `Encryption` trait.
    case encryptionUnavailable

    package var description: String {
        switch self {
        case .notAModelFile:
            return "not an OnDeviceML model file: the first 8 bytes are not the .odml magic number 89 4F 44 4D 4C 0D 0A 1A"
        case let .unsupportedVersion(found, supported):
            if found.major > supported.major {
                return "model file format \(found) is newer than this reader supports (\(supported.major).x); upgrade OnDeviceML to read it"
            }
            return "model file format \(found) is no longer supported (this reader reads \(supported.major).x); re-export the model"
        case let .truncated(expected, actual):
            return "model file is truncated: expected \(expected) bytes, found \(actual); copy or download it again"
        case .checksumMismatch:
            return "model file is corrupted: its CRC-32 checksum does not match its contents; copy or download it again"
        case let .sectionOutOfBounds(section, offset, length, fileLength):
            return "section '\(section)' is out of bounds: \(length) bytes at offset \(offset) in a \(fileLength)-byte file"
        case let .shapeMismatch(section, detail):
            return "section '\(section)' has a shape mismatch: \(detail)"
        case .authenticationFailed:
            return "cannot decrypt the model file: wrong password, or the file was modified"
        case .encryptionUnavailable:
            return "encrypted model files need the package trait Encryption, off in this build; build with the default traits"
        case .missingPassword:
            return "the model file is encrypted: a non-empty password is required"
        case let .missingSection(name):
            return "the model file has no section named '\(name)'"
        case let .invalidHeader(reason):
            return "the model file's JSON header is invalid: \(reason)"
        case let .malformedSection(section, reason):
            return "section '\(section)' is malformed: \(reason)"
        case let .malformedFile(reason):
            return "the model file is malformed: \(reason)"
        case let .unrepresentableValue(section, value, precision):
            return "tensor '\(section)' holds \(value), which \(precision.rawValue) cannot store; export it with a wider precision"
        case let .fileSystem(path, operation, errorNumber):
            let message = String(cString: strerror(errorNumber))
            return "\(path): \(operation) failed: \(message) (errno \(errorNumber))"
        }
    }
}
