import Bandits
import Foundation

/// The parent's decision log on the device: one `DecisionRecord` per pick Elaro showed, as JSON
/// Lines in one file, with the outcome joined when the parent completes, skips or snoozes it.
///
/// Every change rewrites the file through a temporary file and a rename, so a reader sees the old
/// log or the new one, never half of one (the cost is linear in the log: an app may start a new
/// file each month). `odml bandit ope --log` reads the file as it is.
package struct DecisionLog: Sendable {
    /// The JSON Lines file.
    package let url: URL
    /// The records, in the order they were made.
    package private(set) var records: [DecisionRecord]

    /// Opens the log at `url`, reading it when it exists.
    /// - Throws: `ElaroError.malformedLogLine` naming the first unreadable line, `.fileAccess`.
    package init(url: URL) throws {
        self.url = url
        records = []
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw ElaroError.fileAccess(path: url.path, detail: "cannot read the decision log (\(error.localizedDescription))")
        }
        let decoder = JSONDecoder()
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where !line.allSatisfy(\.isWhitespace) {
            do {
                records.append(try decoder.decode(DecisionRecord.self, from: Data(line.utf8)))
            } catch {
                throw ElaroError.malformedLogLine(path: url.path, line: offset + 1, detail: "not a decision record (\(error))")
            }
        }
    }

    /// Appends the decisions of `recommendation` and writes the log; returns the decision id,
    /// made unique in the log (`<day>-<time of day>`, then `#2`, `#3`, ... for later ones).
    /// - Throws: `ElaroError.fileAccess` when the file cannot be written (the log is left as it was).
    @discardableResult
    package mutating func append(_ recommendation: Recommendation) throws -> String? {
        guard let first = recommendation.decisions.first else { return nil }
        let existing = Set(records.map(\.decisionID))
        var identifier = first.decisionID, suffix = 2
        while existing.contains(identifier) {
            identifier = "\(first.decisionID)#\(suffix)"
            suffix += 1
        }
        var updated = records
        for var record in recommendation.decisions {
            record.decisionID = identifier
            updated.append(record)
        }
        try write(updated)
        return identifier
    }

    /// Joins what the parent did with the pick at `position` of decision `decisionID`: the outcome
    /// and its reward (`ActionInstance.success`).
    /// - Throws: `ElaroError.invalidValue` when no such pick exists or its action differs from the
    ///   instance's, `.fileAccess` when writing fails.
    package mutating func recordOutcome(decisionID: String, position: Int, instance: ActionInstance) throws {
        guard let index = records.firstIndex(where: { $0.decisionID == decisionID && $0.position == position }) else {
            throw ElaroError.invalidValue(field: "decision \(decisionID) position \(position)", expected: "a logged pick", found: "none")
        }
        guard records[index].action.hasPrefix(instance.actionID + "/") else {
            throw ElaroError.invalidValue(field: "decision \(decisionID) position \(position) action", expected: records[index].action,
                                          found: instance.actionID)
        }
        var updated = records
        updated[index].outcome = instance.outcome.rawValue
        updated[index].reward = Double(instance.success)
        try write(updated)
    }

    /// Closes every pick still without an outcome on a day up to `day` as `unanswered`, reward 0
    /// (a suggestion the parent let pass is a no).
    /// - Throws: `ElaroError.fileAccess` when writing fails.
    package mutating func closeUnanswered(throughDay day: Int) throws {
        var updated = records
        var changed = false
        for index in updated.indices where updated[index].reward == nil && (updated[index].day ?? Int.min) <= day {
            updated[index].outcome = "unanswered"
            updated[index].reward = 0
            changed = true
        }
        if changed { try write(updated) }
    }

    /// The records whose outcome is joined.
    package var answered: [DecisionRecord] { records.filter { $0.reward != nil } }

    private mutating func write(_ updated: [DecisionRecord]) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            var data = Data()
            for record in updated {
                data.append(try encoder.encode(record))
                data.append(0x0A)
            }
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url, options: .atomic)
        } catch {
            throw ElaroError.fileAccess(path: url.path, detail: "cannot write the decision log (\(error.localizedDescription))")
        }
        records = updated
    }
}
