import Cycles
import Foundation

/// The documented, versioned parameters of a synthetic cohort: one or more phenotypes (a blend
/// for `mixed`), each with its cycle, symptom and logging parameters.
///
/// Built-in cohorts: `regular`, `irregular`, `pcos`, `endometriosis`, `mixed` and the variant
/// `weak-signals` (the irregular cohort with every symptom effect and affected share halved).
/// `Datasets/configs/<cohort>.json` holds the same values as JSON (snake_case keys); a user can
/// write their own file and pass it to `odml generate --config`.
public struct CohortConfig: Codable, Sendable, Equatable {
    /// The schema version this build writes.
    ///
    /// Version 2 (generator 2.0.0) adds the app-user logging knobs of `LoggingParameters`
    /// (period-only loggers, gaps, forgotten and late-logged periods, a declared length for a
    /// share of users only) and the luteal knobs of `CycleParameters` (log-normal within-user SD,
    /// correlation with the follicular phase, short luteal phases).
    ///
    /// Version 3 (generator 3.0.0) adds each phenotype's `signals` (`SignalParameters`: LH
    /// tests, BBT, wrist temperature, cervical mucus, with their adherence personas), drawn from
    /// their own random stream: flow and symptom logs are those of version 2.
    ///
    /// Version 4 (generator 4.0.0) adds the BBT readings she marks disturbed
    /// (`BasalTemperatureParameters.disturbedReadingRate`, `disturbedOffset`); the mucus is drawn
    /// on the method's five-step scale (`CervicalMucus`).
    package static let currentVersion = 4
    /// The schema versions `load(from:)` reads. A version 1 file is upgraded on reading: every
    /// version 2 knob takes the value that reproduces version 1 behaviour (see each knob). A
    /// version 1 or 2 file reads with `signals` = `SignalParameters.never` (nobody logs a signal);
    /// a version 3 file with no disturbed BBT reading. `version` becomes 4. A version 2 file must
    /// carry every version 2 knob, a version 3 file every knob but version 4's, a version 4 file
    /// every knob.
    package static let readableVersions = 1...4

    /// Schema version of this config (`currentVersion` once decoded or built).
    public var version: Int
    /// Cohort name, written into `truth.csv` and the manifest.
    public var name: String
    /// One sentence on what the cohort models.
    package var summary: String
    /// The phenotypes users are drawn from, with their shares (shares sum to 1).
    package var phenotypes: [Phenotype]

    /// Creates a config.
    package init(version: Int = CohortConfig.currentVersion, name: String, summary: String, phenotypes: [Phenotype]) {
        self.version = version
        self.name = name
        self.summary = summary
        self.phenotypes = phenotypes
    }

    /// Reads a config from a JSON file (snake_case keys) and checks it.
    public static func load(from url: URL) throws -> CohortConfig {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw DatasetError.missingFile(path: url.path)
        }
        let config: CohortConfig
        do { config = try jsonDecoder.decode(CohortConfig.self, from: data) } catch {
            throw DatasetError.invalidConfig(path: url.path, reason: "\(error)")
        }
        try config.validate(path: url.path)
        return config
    }

    /// The config as pretty-printed JSON with sorted snake_case keys (the format of `Datasets/configs`).
    package func jsonData() throws -> Data {
        var data = try CohortConfig.jsonEncoder.encode(self)
        data.append(0x0A)
        return data
    }

    /// The config as the JSON value a dataset manifest keeps (`DatasetManifest.config`).
    ///
    /// Precondition: every number is finite, as in any config read from JSON or built in (JSON has
    /// no other numbers).
    package var jsonValue: _JSONValue {
        do {
            return try CohortConfig.jsonDecoder.decode(_JSONValue.self, from: CohortConfig.jsonEncoder.encode(self))
        } catch {
            preconditionFailure("cohort config \(name) does not encode to JSON: \(error)")
        }
    }

    /// The same cohort with every symptom effect size and every affected share halved (`weak-signals`).
    package func weakened(name: String? = nil) -> CohortConfig {
        var copy = self
        copy.name = name ?? "\(self.name)-weak-signals"
        copy.summary = "\(summary) Weak-signals variant: every symptom effect size and affected share halved."
        copy.phenotypes = phenotypes.map { $0.weakened() }
        return copy
    }

    /// Checks the shares and ranges.
    /// - Throws: `DatasetError.invalidConfig` naming the first bad field.
    package func validate(path: String = "<config>") throws {
        func fail(_ reason: String) -> DatasetError { .invalidConfig(path: path, reason: reason) }
        guard version == CohortConfig.currentVersion else {
            throw fail("version \(version) is not supported (expected \(CohortConfig.currentVersion))")
        }
        guard !phenotypes.isEmpty else { throw fail("phenotypes is empty") }
        let total = phenotypes.reduce(0) { $0 + $1.share }
        guard abs(total - 1) < 1e-6 else { throw fail("phenotype shares sum to \(total), expected 1") }
        for phenotype in phenotypes {
            let cycle = phenotype.cycle
            guard cycle.follicularMean > 0, cycle.lutealMean > 0, cycle.lutealRange.low >= 1,
                  cycle.minimumFollicularLength >= 1, cycle.mensesLengthMean >= 1 else {
                throw fail("phenotype \(phenotype.name): lengths must be positive")
            }
            let logging = phenotype.logging
            let rates = [cycle.anovulatoryRate, cycle.outlierRate, cycle.stressEventRate, cycle.shortLutealRate,
                         phenotype.symptoms.mittelschmerz.affectedShare, phenotype.symptoms.mittelschmerzCycleRate,
                         logging.periodStartLogRate, logging.flowDayLogRate, logging.symptomLogRate,
                         logging.periodOnlyShare, logging.gapMonthlyRate, logging.forgottenPeriodRate,
                         logging.lateStartRate, logging.declaredLengthShare, logging.declaredLengthRoundNumberRate]
            guard rates.allSatisfy({ (0...1).contains($0) }) else {
                throw fail("phenotype \(phenotype.name): rates and shares must lie in 0...1")
            }
            guard cycle.lutealVariabilityMedian >= 0, cycle.lutealVariabilityLogDeviation >= 0,
                  cycle.shortLutealLengths.low >= 1, (-1...1).contains(cycle.lutealFollicularCorrelation) else {
                throw fail("phenotype \(phenotype.name): luteal variability must be non-negative, short luteal lengths ≥ 1, correlation in -1...1")
            }
            guard logging.gapWeeks.low >= 0, logging.lateStartDays.low >= 0, logging.declaredLengthDeviation >= 0 else {
                throw fail("phenotype \(phenotype.name): gap weeks, late-start days and declared-length deviation must be non-negative")
            }
            try phenotype.signals.validate { fail("phenotype \(phenotype.name): \($0)") }
        }
    }

    enum CodingKeys: String, CodingKey {
        case version, name, summary, phenotypes
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let fileVersion = try container.decode(Int.self, forKey: .version)
        guard CohortConfig.readableVersions.contains(fileVersion) else {
            throw DecodingError.dataCorruptedError(forKey: .version, in: container, debugDescription:
                "version \(fileVersion) is not supported (this build reads \(CohortConfig.readableVersions.lowerBound)...\(CohortConfig.readableVersions.upperBound))")
        }
        name = try container.decode(String.self, forKey: .name)
        summary = try container.decode(String.self, forKey: .summary)
        phenotypes = try container.decode([Phenotype].self, forKey: .phenotypes)
        version = CohortConfig.currentVersion
        guard fileVersion >= 2 else { return }
        // Version 2 to 4 files must name every knob of their version: a missing key is a mistake,
        // not a silent default (version 3 signal knobs: every key of the `signals` section).
        var list = try container.nestedUnkeyedContainer(forKey: .phenotypes)
        var index = 0
        while !list.isAtEnd {
            let missing = try Phenotype.missingKeys(in: &list, version: fileVersion)
            if let first = missing.first {
                throw DecodingError.keyNotFound(CodingKeys.phenotypes, DecodingError.Context(
                    codingPath: [CodingKeys.phenotypes], debugDescription:
                        "version \(fileVersion) config: phenotype \(phenotypes[index].name) lacks \(first) (snake_case in the file)"))
            }
            index += 1
        }
    }

    /// The format of a config file: the dataset manifest's (`DatasetManifest.jsonEncoder`), so a
    /// config reads the same in `Datasets/configs` and inline in `manifest.json`.
    package static var jsonEncoder: JSONEncoder { DatasetManifest.jsonEncoder }

    /// Reads a config file (snake_case keys), as `DatasetManifest.jsonDecoder` reads a manifest.
    package static var jsonDecoder: JSONDecoder { DatasetManifest.jsonDecoder }
}
