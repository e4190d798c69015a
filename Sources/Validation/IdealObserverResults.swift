import Cycles
import Foundation
import CyclesLab

/// The causal ideal observer's alert accuracy per logging scenario, as `scripts/ideal_observer.py
/// --results FILE` writes it (`Datasets/ideal-observer/`): the ceiling a causal predictor can reach
/// on one generated evaluation cohort.
///
/// The validator cannot run Python, so it reads these figures and shows them only when its
/// evaluation data is exactly the data they were computed on: the file keeps the evaluation
/// data's whole `manifest.json` (generator and version, cohort config, seed, users, months, window
/// and summary counts), and `mismatch(with:)` compares it with the validator's data. Any change of
/// the generator, its config or the cohort's size makes the figure "not computed", never stale.
public struct IdealObserverResults: Sendable, Equatable, Decodable {
    /// One scenario's result.
    public struct Result: Sendable, Equatable, Decodable {
        /// `period_start.alert_accuracy` of the causal observer.
        public var alertAccuracy: Double
        /// Its 95 % percentile bootstrap interval over users.
        public var interval: ConfidenceInterval
        /// Cycles scored.
        public var cycles: Int
        /// The alert threshold chosen on the calibration cohort.
        public var threshold: Double
    }

    /// How the file was made (the script's command lines).
    public var command: String
    /// Bootstrap resamples behind the intervals.
    public var bootstrap: Int
    /// The evaluation data's manifest, as the script read it.
    public var evaluation: DatasetManifest
    /// The calibration data's manifest (the cohort that chose the alert threshold).
    public var calibration: DatasetManifest
    /// Results by scenario name (`signals:none`, `signals:lh`, …).
    public var scenarios: [String: Result]

    /// Reads a results file.
    /// - Throws: `ValidatorError.idealObserverUnreadable` (missing or unreadable file) or
    ///   `.idealObserverMalformed` naming the path and what is wrong.
    public static func load(from url: URL) throws -> IdealObserverResults {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw ValidatorError.idealObserverUnreadable(path: url.path, reason: "cannot read the file")
        }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do {
            return try decoder.decode(IdealObserverResults.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw ValidatorError.idealObserverMalformed(path: url.path, reason: "missing \(Self.path(context.codingPath + [key]))")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
                let DecodingError.dataCorrupted(context) {
            throw ValidatorError.idealObserverMalformed(path: url.path,
                                                        reason: "\(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch {
            throw ValidatorError.idealObserverMalformed(path: url.path, reason: "\(error)")
        }
    }

    /// Why these results do not describe `manifest`'s data (the first field that differs), `nil`
    /// when they do.
    public func mismatch(with manifest: DatasetManifest) -> String? {
        let mine = evaluation
        if mine.generator != manifest.generator || mine.generatorVersion != manifest.generatorVersion {
            return "computed with \(mine.generator) \(mine.generatorVersion ?? "?"), the data is from "
                + "\(manifest.generator) \(manifest.generatorVersion ?? "?")"
        }
        if mine.config?.name != manifest.config?.name { return "computed on cohort \(mine.config?.name ?? "?"), the data is \(manifest.config?.name ?? "?")" }
        if mine.config != manifest.config { return "computed with another \(manifest.config?.name ?? "") cohort config" }
        if mine.seed != manifest.seed { return "computed on seed \(mine.seed.map(String.init) ?? "?"), the data has seed \(manifest.seed.map(String.init) ?? "?")" }
        if mine.users != manifest.users { return "computed on \(mine.users) users, the data has \(manifest.users)" }
        if mine.months != manifest.months { return "computed on \(mine.months ?? 0) months, the data has \(manifest.months ?? 0)" }
        if mine != manifest { return "computed on data whose manifest (window or summary counts) differs" }
        return nil
    }

    private static func path(_ keys: [any CodingKey]) -> String {
        keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
