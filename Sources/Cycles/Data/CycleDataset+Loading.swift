import Foundation
#if SQLite
import GRDB
#endif

extension CycleDataset {
    /// File names of a dataset directory.
    package enum FileName {
        package static let profiles = "user_profile.csv"
        package static let entries = "cycle_entries.csv"
        package static let symptoms = "symptom_logs.csv"
        package static let measurements = "measurements.csv"
        package static let truth = "truth.csv"
        package static let manifest = "manifest.json"
    }

    /// Reads a dataset directory: `user_profile.csv`, `cycle_entries.csv`, and optionally
    /// `symptom_logs.csv`, `measurements.csv`, `truth.csv`, `manifest.json`. Everything is validated.
    /// - Parameters:
    ///   - directory: the dataset directory.
    ///   - lenient: skip bad rows instead of throwing; they are listed in `skippedRows`.
    /// - Throws: `DatasetError` naming file, line, column, the bad value and what was expected.
    public static func load(from directory: URL, lenient: Bool = false) throws -> CycleDataset {
        func url(_ name: String) -> URL { directory.appendingPathComponent(name) }
        func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: url(name).path) }
        let profiles = try _CSVTable(url: url(FileName.profiles), fileName: FileName.profiles, lenient: lenient)
        let entries = try _CSVTable(url: url(FileName.entries), fileName: FileName.entries, lenient: lenient)
        let symptoms = exists(FileName.symptoms) ? try _CSVTable(url: url(FileName.symptoms), fileName: FileName.symptoms, lenient: lenient) : nil
        let measurements = exists(FileName.measurements)
            ? try _CSVTable(url: url(FileName.measurements), fileName: FileName.measurements, lenient: lenient) : nil
        let truth = exists(FileName.truth) ? try _CSVTable(url: url(FileName.truth), fileName: FileName.truth, lenient: lenient) : nil
        var manifest: DatasetManifest?
        if exists(FileName.manifest) {
            do {
                manifest = try DatasetManifest.jsonDecoder.decode(DatasetManifest.self, from: Data(contentsOf: url(FileName.manifest)))
            } catch {
                throw DatasetError.invalidValue(file: FileName.manifest, line: 1, column: "-", value: "(file)",
                                                expected: "a dataset manifest (\(error))")
            }
        }
        var reader = _DatasetReader(lenient: lenient)
        return try reader.read(profiles: profiles, entries: entries, symptoms: symptoms, measurements: measurements,
                               truth: truth, manifest: manifest)
    }

    /// Reads the cycle tables of the SQLite file at `url`, in either layout (`SQLiteLayout`: the
    /// multi-user dataset form, or the app's own single-user database), with the same validation
    /// as the CSV loader; see `read(from:name:lenient:timeZone:)`.
    /// - Throws: `DatasetError.sqliteUnavailable` in a build without the package trait `SQLite`.
    public static func load(sqlite url: URL, lenient: Bool = false, timeZone: TimeZone = .gmt) throws -> CycleDataset {
        guard FileManager.default.fileExists(atPath: url.path) else { throw DatasetError.missingFile(path: url.path) }
        #if !SQLite
        throw DatasetError.sqliteUnavailable(path: url.path)
        #else
        do {
            var configuration = Configuration()
            configuration.readonly = true
            let queue = try DatabaseQueue(path: url.path, configuration: configuration)
            return try queue.read { db in try read(from: db, name: url.lastPathComponent, lenient: lenient, timeZone: timeZone) }
        } catch let error as DatasetError {
            throw error
        } catch {
            throw DatasetError.sqlite(path: url.path, reason: "\(error)")
        }
        #endif
    }

    /// Reads the dataset at `path`, as `odml --data` and the C API take one: an SQLite file (any
    /// layout, `SQLiteLayout`) when `path` ends in `.sqlite`, `.db` or `.sqlite3` or the file
    /// starts with the SQLite header, else a dataset directory.
    /// - Throws: `DatasetError` naming file, line, column, the bad value and what was expected.
    public static func load(path: String, lenient: Bool = false) throws -> CycleDataset {
        let url = URL(fileURLWithPath: path)
        let header = FileHandle(forReadingAtPath: path).flatMap { handle in
            defer { try? handle.close() }
            return try? handle.read(upToCount: 16)
        }
        let isSQLite = ["sqlite", "db", "sqlite3"].contains(url.pathExtension.lowercased()) || header == Data("SQLite format 3\0".utf8)
        return isSQLite ? try load(sqlite: url, lenient: lenient) : try load(from: url, lenient: lenient)
    }
}
