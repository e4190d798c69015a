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
    /// The cohort config used, if generated.
    package var config: CohortConfig?
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
                config: CohortConfig? = nil, seed: UInt64? = nil, users: Int, months: Int? = nil,
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
}
