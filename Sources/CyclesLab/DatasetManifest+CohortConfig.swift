import Cycles

extension DatasetManifest {
    /// The generator's cohort config, decoded from the JSON the manifest keeps (`config`); `nil`
    /// when the data was not generated.
    /// - Throws: `DatasetError.invalidConfig` when the kept JSON is not a config this build reads.
    package var cohortConfig: CohortConfig? {
        get throws {
            guard let config else { return nil }
            do {
                return try CohortConfig.jsonDecoder.decode(CohortConfig.self, from: DatasetManifest.jsonEncoder.encode(config))
            } catch {
                throw DatasetError.invalidConfig(path: CycleDataset.FileName.manifest, reason: "\(error)")
            }
        }
    }
}
