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
        /// Each user's hits and scored cycles (files written before it was recorded have none).
        public var byUser: UserOutcomes?

        /// Each user's alert tally (hits over scored cycles), by user ID; `nil` without `byUser`.
        public var userTallies: [String: MetricTally]? {
            byUser.map { outcomes in
                Dictionary(zip(outcomes.ids, zip(outcomes.hits, outcomes.cycles).map { MetricTally(sum: Double($0), count: Double($1)) }),
                           uniquingKeysWith: { first, _ in first })
            }
        }
    }

    /// Per-user outcomes of one scenario, as parallel lists (user IDs stay values, never keys).
    public struct UserOutcomes: Sendable, Equatable, Decodable {
        /// User IDs.
        public var ids: [String]
        /// Alert hits of each user.
        public var hits: [Int]
        /// Scored cycles of each user.
        public var cycles: [Int]

        /// Why the lists cannot be read as per-user outcomes, `nil` when they can.
        var problem: String? {
            guard ids.count == hits.count, ids.count == cycles.count else {
                return "\(ids.count) ids, \(hits.count) hits and \(cycles.count) cycles: the lists must have one entry per user"
            }
            guard Set(ids).count == ids.count else { return "a user ID appears twice" }
            if let index = ids.indices.first(where: { hits[$0] < 0 || hits[$0] > cycles[$0] }) {
                return "user \(ids[index]) has \(hits[index]) hits in \(cycles[index]) cycles"
            }
            return nil
        }
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
        let results: IdealObserverResults
        do {
            results = try decoder.decode(IdealObserverResults.self, from: data)
        } catch let DecodingError.keyNotFound(key, context) {
            throw ValidatorError.idealObserverMalformed(path: url.path, reason: "missing \(Self.path(context.codingPath + [key]))")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context),
                let DecodingError.dataCorrupted(context) {
            throw ValidatorError.idealObserverMalformed(path: url.path,
                                                        reason: "\(Self.path(context.codingPath)): \(context.debugDescription)")
        } catch {
            throw ValidatorError.idealObserverMalformed(path: url.path, reason: "\(error)")
        }
        for (name, result) in results.scenarios.sorted(by: { $0.key < $1.key }) {
            if let problem = result.byUser?.problem {
                throw ValidatorError.idealObserverMalformed(path: url.path, reason: "scenarios.\(name).by_user: \(problem)")
            }
        }
        return results
    }

    /// Why these results do not describe `manifest`'s data (the first field that differs), `nil`
    /// when they do.
    public func mismatch(with manifest: DatasetManifest) -> String? {
        let mine = evaluation
        if mine.generator != manifest.generator || mine.generatorVersion != manifest.generatorVersion {
            return "computed with \(mine.generator) \(mine.generatorVersion ?? "?"), the data is from "
                + "\(manifest.generator) \(manifest.generatorVersion ?? "?")"
        }
        let (myCohort, dataCohort) = ((try? mine.cohortConfig)?.name, (try? manifest.cohortConfig)?.name)
        if myCohort != dataCohort { return "computed on cohort \(myCohort ?? "?"), the data is \(dataCohort ?? "?")" }
        if mine.config != manifest.config { return "computed with another \(dataCohort ?? "") cohort config" }
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
