import Foundation

extension BanditLog {
    /// Parses JSON Lines of `DecisionRecord` (blank lines are allowed). A line's
    /// `target_probabilities` give its `target_propensity` (the logged action's entry) and, with
    /// `estimated_rewards`, its `estimated_reward` and `target_expected_reward`.
    /// - Parameter dropPending: leave out decisions without a joined reward (counted) instead of failing.
    /// - Throws: `BanditError.malformedLog` naming the line and field of the first bad value.
    public init(jsonLines text: String, source: String, dropPending: Bool = false) throws {
        let decoder = JSONDecoder()
        var records: [(line: Int, record: DecisionRecord)] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            if line.allSatisfy(\.isWhitespace) { continue }
            do {
                records.append((number, try decoder.decode(DecisionRecord.self, from: Data(line.utf8))))
            } catch let DecodingError.keyNotFound(key, context) {
                throw BanditError.malformedLog(source: source, line: number, field: Self.path(context.codingPath + [key]), detail: "missing value")
            } catch let DecodingError.typeMismatch(type, context) {
                throw BanditError.malformedLog(source: source, line: number, field: Self.path(context.codingPath), detail: "expected \(type)")
            } catch let DecodingError.valueNotFound(type, context) {
                throw BanditError.malformedLog(source: source, line: number, field: Self.path(context.codingPath), detail: "expected \(type), found null")
            } catch {
                throw BanditError.malformedLog(source: source, line: number, field: "(line)", detail: "not a JSON object (\(Self.reason(error)))")
            }
        }
        try self.init(records: records, source: source, dropPending: dropPending)
    }

    /// A log of decision records already decoded (`lines` name them in messages; the records'
    /// positions in the array, from 1, when `nil`).
    /// - Throws: `BanditError.malformedLog` naming the line and field of the first bad value.
    public init(records: [DecisionRecord], source: String, dropPending: Bool = false) throws {
        try self.init(records: records.enumerated().map { ($0.offset + 1, $0.element) }, source: source, dropPending: dropPending)
    }

    private init(records: [(line: Int, record: DecisionRecord)], source: String, dropPending: Bool) throws {
        var decisions: [LoggedDecision] = []
        var contextNames: [String]?
        var pending = 0
        for (number, record) in records {
            guard record.schema == DecisionRecord.schemaVersion else {
                throw BanditError.malformedLog(source: source, line: number, field: "schema",
                                               detail: "expected \"\(DecisionRecord.schemaVersion)\", found \"\(record.schema)\"")
            }
            guard let reward = record.reward else {
                if dropPending { pending += 1; continue }
                throw BanditError.malformedLog(source: source, line: number, field: "reward",
                                               detail: "no outcome joined yet (leave such decisions out with --drop-pending)")
            }
            let names = record.context.keys.sorted()
            if let expected = contextNames, expected != names {
                throw BanditError.malformedLog(source: source, line: number, field: "context",
                                               detail: "expected the keys \(expected.joined(separator: ", ")), found \(names.joined(separator: ", "))")
            }
            contextNames = names
            decisions.append(try Self.decision(record, reward: reward, line: number, contextNames: names, source: source))
        }
        guard !decisions.isEmpty else {
            throw BanditError.unsuitableLog(source: source, detail: pending > 0 ? "every decision (\(pending)) still waits for its outcome" : "the log holds no decision")
        }
        self.init(source: source, contextNames: contextNames ?? [], decisions: decisions, droppedPending: pending)
    }

    private static func decision(_ record: DecisionRecord, reward: Double, line: Int, contextNames: [String], source: String) throws -> LoggedDecision {
        func fail(_ field: String, _ detail: String) -> BanditError {
            BanditError.malformedLog(source: source, line: line, field: field, detail: detail)
        }
        guard !record.candidates.isEmpty else { throw fail("candidates", "expected at least one candidate") }
        guard let chosen = record.candidates.firstIndex(of: record.action) else {
            throw fail("action", "unknown action \"\(record.action)\": not one of the \(record.candidates.count) candidates")
        }
        guard record.position >= 0 else { throw fail("position", "expected an integer >= 0, found \(record.position)") }
        guard reward.isFinite else { throw fail("reward", "expected a finite number") }
        for (name, value) in record.context where !value.isFinite {
            throw fail("context.\(name)", "expected a finite number")
        }
        let count = record.candidates.count
        for (name, values) in [("scores", record.scores), ("score_deviations", record.scoreDeviations),
                               ("estimated_rewards", record.estimatedRewards), ("target_probabilities", record.targetProbabilities)] {
            guard let values else { continue }
            guard values.count == count else { throw fail(name, "expected \(count) values (one per candidate), found \(values.count)") }
            guard values.allSatisfy(\.isFinite) else { throw fail(name, "expected finite numbers") }
        }
        var targetPropensity: Double?
        var targetExpectedReward: Double?
        if let probabilities = record.targetProbabilities {
            guard probabilities.allSatisfy({ $0 >= 0 && $0 <= 1 }), abs(probabilities.reduce(0, +) - 1) <= 1e-6 else {
                throw fail("target_probabilities", "expected probabilities summing to 1, found a sum of \(probabilities.reduce(0, +))")
            }
            targetPropensity = probabilities[chosen]
            if let estimates = record.estimatedRewards {
                var total = 0.0
                for (probability, estimate) in zip(probabilities, estimates) { total += probability * estimate }
                targetExpectedReward = total
            }
        }
        let decision = LoggedDecision(line: line, action: record.action, position: record.position, reward: reward,
                                      propensity: record.propensity, context: contextNames.map { record.context[$0]! },
                                      candidates: record.candidates, targetPropensity: targetPropensity,
                                      targetProbabilities: record.targetProbabilities, estimatedRewards: record.estimatedRewards,
                                      estimatedReward: record.estimatedRewards?[chosen], targetExpectedReward: targetExpectedReward)
        try checkProbabilities(decision, source: source)
        return decision
    }

    private static func path(_ keys: [CodingKey]) -> String {
        keys.isEmpty ? "(line)" : keys.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }

    private static func reason(_ error: Error) -> String {
        if case let DecodingError.dataCorrupted(context) = error {
            return (context.underlyingError as NSError?)?.localizedDescription ?? context.debugDescription
        }
        return "\(error)"
    }
}
