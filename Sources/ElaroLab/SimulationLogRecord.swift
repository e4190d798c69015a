import Elaro
import Foundation

/// One logged decision of a simulation: context, action, propensity, reward and the truth.
public struct SimulationLogRecord: Sendable, Codable, Equatable {
    public var parent: Int
    public var day: Int
    public var isWeekend: Bool
    public var frictionIndex: Float
    public var noveltyLoad: Float
    public var activeFocus: FocusArea
    public var childAge: Int
    public var actionID: String
    public var actionIndex: Int
    public var minutes: Int
    /// Probability with which the logging policy chose this (action, variant).
    public var propensity: Double
    /// Reward: the instance's `success` (1 done, 0.25 snoozed, 0 skipped).
    public var reward: Double
    public var outcome: ActionInstance.Outcome
    /// True completion probability of the chosen candidate.
    public var trueProbability: Double
    /// Best true completion probability among the eligible candidates that day.
    public var bestProbability: Double

    /// CSV header line (no trailing newline).
    public static let csvHeader = "parent,day,weekend,friction,novelty_load,active_focus,child_age,action_id,action_index,minutes,propensity,reward,outcome,true_probability,best_probability"

    /// The record as one CSV line (no trailing newline).
    public var csvLine: String {
        [String(parent), String(day), isWeekend ? "1" : "0", String(frictionIndex), String(noveltyLoad), activeFocus.rawValue,
         String(childAge), actionID, String(actionIndex), String(minutes), String(propensity), String(reward), outcome.rawValue,
         String(trueProbability), String(bestProbability)].joined(separator: ",")
    }

    /// Parses a log written with `csvHeader`.
    /// - Throws: `ElaroError.malformedLogLine` naming the file, line and field.
    public static func parseCSV(_ text: String, path: String) throws -> [SimulationLogRecord] {
        var records: [SimulationLogRecord] = []
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = offset + 1
            if line.isEmpty { continue }
            if number == 1 {
                guard line == csvHeader else {
                    throw ElaroError.malformedLogLine(path: path, line: 1, detail: "expected the header \(csvHeader)")
                }
                continue
            }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 15 else {
                throw ElaroError.malformedLogLine(path: path, line: number, detail: "expected 15 fields, found \(fields.count)")
            }
            func value<T>(_ index: Int, _ name: String, _ parse: (String) -> T?) throws -> T {
                guard let parsed = parse(fields[index]) else {
                    throw ElaroError.malformedLogLine(path: path, line: number, detail: "field \(name): cannot read \"\(fields[index])\"")
                }
                return parsed
            }
            let propensity = try value(10, "propensity", Double.init)
            guard propensity > 0, propensity <= 1 else {
                throw ElaroError.malformedLogLine(path: path, line: number, detail: "field propensity: expected a value in (0, 1], found \(propensity)")
            }
            records.append(SimulationLogRecord(
                parent: try value(0, "parent", { Int($0) }), day: try value(1, "day", { Int($0) }),
                isWeekend: try value(2, "weekend", { $0 == "1" ? true : ($0 == "0" ? false : nil) }),
                frictionIndex: try value(3, "friction", Float.init), noveltyLoad: try value(4, "novelty_load", Float.init),
                activeFocus: try value(5, "active_focus", FocusArea.init(rawValue:)), childAge: try value(6, "child_age", { Int($0) }),
                actionID: fields[7], actionIndex: try value(8, "action_index", { Int($0) }), minutes: try value(9, "minutes", { Int($0) }),
                propensity: propensity, reward: try value(11, "reward", Double.init),
                outcome: try value(12, "outcome", ActionInstance.Outcome.init(rawValue:)),
                trueProbability: try value(13, "true_probability", Double.init), bestProbability: try value(14, "best_probability", Double.init)))
        }
        return records
    }
}
