import Foundation

extension BanditLog {
    /// The required CSV columns.
    static let requiredColumns = ["action", "position", "reward", "propensity"]
    /// The optional CSV columns besides `x_…`.
    static let optionalColumns = ["target_propensity", "estimated_reward", "target_expected_reward"]

    /// Parses the generic CSV form (see the type's documentation); fields are separated by commas,
    /// without quoting.
    /// - Throws: `BanditError.malformedLog` naming the line and column of the first bad value.
    public init(csv text: String, source: String) throws {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.hasSuffix("\r") ? $0.dropLast() : $0 }
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let headerLine = lines.first, !headerLine.isEmpty else {
            throw BanditError.unsuitableLog(source: source, detail: "the log is empty; expected a header with \(Self.requiredColumns.joined(separator: ", "))")
        }
        let header = headerLine.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        var column: [String: Int] = [:]
        var contextColumns: [Int] = [], contextNames: [String] = []
        for (index, name) in header.enumerated() {
            guard column[name] == nil else {
                throw BanditError.malformedLog(source: source, line: 1, field: name, detail: "the column appears twice")
            }
            column[name] = index
            if name.hasPrefix("x_"), name.count > 2 {
                contextColumns.append(index)
                contextNames.append(String(name.dropFirst(2)))
            } else if !Self.requiredColumns.contains(name) && !Self.optionalColumns.contains(name) {
                throw BanditError.malformedLog(source: source, line: 1, field: name, detail:
                    "unknown column; expected \(Self.requiredColumns.joined(separator: ", ")), x_… context columns and optionally \(Self.optionalColumns.joined(separator: ", "))")
            }
        }
        for name in Self.requiredColumns where column[name] == nil {
            throw BanditError.malformedLog(source: source, line: 1, field: name, detail: "missing column; a log needs \(Self.requiredColumns.joined(separator: ", "))")
        }
        var decisions: [LoggedDecision] = []
        decisions.reserveCapacity(lines.count - 1)
        for (offset, line) in lines.enumerated().dropFirst() {
            let lineNumber = offset + 1
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count == header.count else {
                throw BanditError.malformedLog(source: source, line: lineNumber, field: "(row)", detail: "expected \(header.count) fields, found \(fields.count)")
            }
            func text(_ name: String) throws -> Substring {
                let value = fields[column[name]!].trimmingCharacters(in: .whitespaces)
                guard !value.isEmpty else {
                    throw BanditError.malformedLog(source: source, line: lineNumber, field: name, detail: "missing value")
                }
                return Substring(value)
            }
            func number(_ name: String) throws -> Double {
                let raw = try text(name)
                guard let value = Double(raw), value.isFinite else {
                    throw BanditError.malformedLog(source: source, line: lineNumber, field: name, detail: "expected a finite number, found \"\(raw)\"")
                }
                return value
            }
            func optionalNumber(_ name: String) throws -> Double? {
                column[name] == nil ? nil : try number(name)
            }
            let positionText = try text("position")
            guard let position = Int(positionText), position >= 0 else {
                throw BanditError.malformedLog(source: source, line: lineNumber, field: "position", detail: "expected an integer >= 0, found \"\(positionText)\"")
            }
            let context = try contextColumns.map { try number(header[$0]) }
            let decision = LoggedDecision(line: lineNumber, action: String(try text("action")), position: position,
                                          reward: try number("reward"), propensity: try number("propensity"), context: context,
                                          targetPropensity: try optionalNumber("target_propensity"),
                                          estimatedReward: try optionalNumber("estimated_reward"),
                                          targetExpectedReward: try optionalNumber("target_expected_reward"))
            try Self.checkProbabilities(decision, source: source)
            decisions.append(decision)
        }
        guard !decisions.isEmpty else {
            throw BanditError.unsuitableLog(source: source, detail: "the log has a header but no decision")
        }
        self.init(source: source, contextNames: contextNames, decisions: decisions)
    }

    /// The checks both forms share: a propensity in (0, 1], a target propensity in [0, 1].
    static func checkProbabilities(_ decision: LoggedDecision, source: String) throws {
        guard decision.propensity > 0, decision.propensity <= 1 else {
            throw BanditError.malformedLog(source: source, line: decision.line, field: "propensity",
                                           detail: "expected a probability in (0, 1], found \(decision.propensity)")
        }
        if let target = decision.targetPropensity, !(target >= 0 && target <= 1) {
            throw BanditError.malformedLog(source: source, line: decision.line, field: "target_propensity",
                                           detail: "expected a probability in [0, 1], found \(target)")
        }
    }
}
