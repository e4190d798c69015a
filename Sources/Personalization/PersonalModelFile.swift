import Foundation
import ModelFiles

/// Reading and writing personal model files: the base model's sections unchanged, plus a
/// `PersonalModelRecord` in the header, encrypted (AES-256-GCM) when a password is given.
public enum PersonalModelFile {
    /// Reads a model file, turning container errors into `PersonalizationError`s
    /// (`.wrongPassword` for a wrong or missing password, `.unsupportedModel` otherwise).
    public static func read(from url: URL, password: String?) throws -> ModelFile {
        try readWithChecksum(from: url, password: password).file
    }

    /// `read(from:password:)` with the container's stored checksum, from one read and one decryption.
    public static func readWithChecksum(from url: URL, password: String?) throws -> (file: ModelFile, storedChecksum: UInt32) {
        do {
            return try ModelFile.readWithChecksum(from: url, password: password)
        } catch let error as ModelFileError {
            switch error {
            case .authenticationFailed, .missingPassword:
                throw PersonalizationError.wrongPassword(path: url.path)
            default:
                throw PersonalizationError.unsupportedModel(path: url.path, detail: error.description)
            }
        }
    }

    /// The personal record stored in `file`, if it is a personal model.
    public static func record(in file: ModelFile, path: String) throws -> PersonalModelRecord? {
        guard let text = file.header.properties[PersonalModelRecord.propertyKey] else { return nil }
        do {
            return try JSONDecoder().decode(PersonalModelRecord.self, from: Data(text.utf8))
        } catch {
            throw PersonalizationError.unsupportedModel(path: path, detail: "the personalization record is not valid JSON of the expected shape")
        }
    }

    /// `base` with `record` in its header (replacing any previous record).
    public static func personalized(_ base: ModelFile, record: PersonalModelRecord) throws -> ModelFile {
        var file = base
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        file.header.properties[PersonalModelRecord.propertyKey] = String(decoding: try encoder.encode(record), as: UTF8.self)
        return file
    }

    /// Writes `file` atomically (the previous file at `url`, if any, stays intact on failure).
    public static func write(_ file: ModelFile, to url: URL, password: String?) throws {
        do {
            try file.write(to: url, password: password)
        } catch let error as ModelFileError {
            throw PersonalizationError.writeFailed(path: url.path, detail: error.description)
        }
    }
}
