import Foundation

/// A log of bandit decisions read from a file, one decision per row, for off-policy evaluation
/// (`BanditLog+OffPolicy.swift`) and replay (`RejectionSamplingReplay`).
///
/// Two forms are read (`load(contentsOf:dropPending:)` tells them apart by the first character):
/// - a generic CSV with the columns `action`, `position`, `reward`, `propensity`, any number of
///   `x_…` context columns, and optionally `target_propensity`, `estimated_reward` and
///   `target_expected_reward` (`BanditLog+CSV.swift`);
/// - JSON Lines of `DecisionRecord` (`BanditLog+JSONLines.swift`).
/// Every unusable line is a `BanditError.malformedLog` naming the line and the field: nothing is
/// skipped silently.
public struct BanditLog: Sendable, Equatable {
    /// The file name, for messages.
    public var source: String
    /// Names of the context features (without the CSV's `x_` prefix), in column order.
    public var contextNames: [String]
    /// The decisions, in file order.
    public var decisions: [LoggedDecision]
    /// The distinct actions (logged actions and candidates), in increasing numeric order when
    /// every action is an integer, else in lexicographic order: arm `i` of a replay is `actions[i]`.
    public let actions: [String]
    /// Decisions left out because their outcome was not joined yet (`dropPending`).
    public var droppedPending: Int

    /// Creates a log from decisions already read.
    public init(source: String, contextNames: [String], decisions: [LoggedDecision], droppedPending: Int = 0) {
        self.source = source
        self.contextNames = contextNames
        self.decisions = decisions
        self.droppedPending = droppedPending
        var distinct = Set<String>()
        for decision in decisions {
            distinct.insert(decision.action)
            for candidate in decision.candidates ?? [] { distinct.insert(candidate) }
        }
        let numbers = distinct.compactMap { Int($0) }
        if numbers.count == distinct.count {
            actions = numbers.sorted().map(String.init)
        } else {
            actions = distinct.sorted()
        }
    }

    /// Reads a CSV or JSON Lines log (a first non-blank character `{` means JSON Lines).
    /// - Parameter dropPending: leave out JSON Lines decisions whose outcome is not joined yet
    ///   (counted in `droppedPending`) instead of failing on them.
    /// - Throws: `BanditError.malformedLog` naming the line and field, `.unsuitableLog` for an empty file.
    public static func load(contentsOf url: URL, dropPending: Bool = false) throws -> BanditLog {
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch {
            throw BanditError.unsuitableLog(source: url.path, detail: "cannot read the log (\(error.localizedDescription))")
        }
        let source = url.lastPathComponent
        if text.first(where: { !$0.isWhitespace }) == "{" {
            return try BanditLog(jsonLines: text, source: source, dropPending: dropPending)
        }
        return try BanditLog(csv: text, source: source)
    }

    /// The arm index of each action (`actions` order).
    public var armOfAction: [String: Int] {
        Dictionary(uniqueKeysWithValues: actions.enumerated().map { ($0.element, $0.offset) })
    }
}
