import Cycles
import Foundation

/// An importer of one CSV layout of real cycle data into the app's tables (`odml import`).
public protocol CSVDatasetImporter: Sendable {
    /// Converts CSV bytes (a UTF-8 byte-order mark and CRLF line ends are accepted); `fileName`
    /// names the file in errors.
    /// - Throws: `DatasetError` naming file, line, column, value and expectation.
    func importCSV(bytes: [UInt8], fileName: String) throws -> DatasetImport
}

extension CSVDatasetImporter {
    /// Converts the file at `url`; errors name the file by its last path component.
    /// - Throws: `DatasetError.missingFile`, and whatever `importCSV(bytes:fileName:)` throws.
    public func importFile(at url: URL) throws -> DatasetImport {
        guard let data = try? Data(contentsOf: url) else { throw DatasetError.missingFile(path: url.path) }
        return try importCSV(bytes: [UInt8](data), fileName: url.lastPathComponent)
    }

    /// Converts CSV text.
    public func importCSV(_ text: String, fileName: String) throws -> DatasetImport {
        try importCSV(bytes: Array(text.utf8), fileName: fileName)
    }
}
