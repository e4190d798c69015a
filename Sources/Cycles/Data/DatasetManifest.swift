import Foundation

/// `manifest.json` of a dataset directory: where the data came from and how it looks.
public struct DatasetManifest: Codable, Sendable, Equatable {
    /// Version of the dataset directory format.
    package static let currentFormatVersion = 1

    /// Version of the directory format.
    package var formatVersion: Int
    /// `"SyntheticCycles"` for generated data, `"import"` for data read from CSV/SQLite without a manifest.
    public var generator: String
    /// Version of the generator (`SyntheticCycles.version`), if generated.
    package var generatorVersion: String?
    /// The generator's config, if generated: kept as the JSON it was written as (snake_case keys),
    /// which the lab decodes (`DatasetManifest.cohortConfig`); an app reading a dataset never needs it.
    package var config: _JSONValue?
    /// The seed, if generated.
    package var seed: UInt64?
    /// Number of users.
    package var users: Int
    /// Months of data per user, if generated.
    package var months: Int?
    /// First day of the data window.
    package var startDate: CalendarDay?
    /// Day after the last day of the data window.
    package var endDate: CalendarDay?
    /// Summary statistics (counts and means), sorted by key when written.
    package var summary: [String: Double]

    /// Creates a manifest.
    package init(formatVersion: Int = DatasetManifest.currentFormatVersion, generator: String, generatorVersion: String? = nil,
                config: _JSONValue? = nil, seed: UInt64? = nil, users: Int, months: Int? = nil,
                startDate: CalendarDay? = nil, endDate: CalendarDay? = nil, summary: [String: Double] = [:]) {
        self.formatVersion = formatVersion
        self.generator = generator
        self.generatorVersion = generatorVersion
        self.config = config
        self.seed = seed
        self.users = users
        self.months = months
        self.startDate = startDate
        self.endDate = endDate
        self.summary = summary
    }

    /// The format of `manifest.json`: pretty-printed, sorted snake_case keys, slashes unescaped.
    package static var jsonEncoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return encoder
    }

    /// Reads `manifest.json` (snake_case keys).
    package static var jsonDecoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return decoder
    }
}
