import Foundation
import Testing
import Bandits

/// Bad logs get a line-numbered, typed error, never a silent skip.
@Suite struct BanditLogTests {
    let header = "action,position,reward,propensity,x_a,target_propensity"

    func csvError(_ text: String) -> BanditError? {
        do { _ = try BanditLog(csv: text, source: "log.csv"); return nil } catch { return error as? BanditError }
    }

    @Test func csvErrorsNameTheLineAndTheField() {
        #expect(csvError("action,position,reward,x_a\n1,0,1,0.5\n")
                == .malformedLog(source: "log.csv", line: 1, field: "propensity", detail: "missing column; a log needs action, position, reward, propensity"))
        #expect(csvError("\(header)\n1,0,1,0.5,1,0.2\n2,0,1,,1,0.2\n")
                == .malformedLog(source: "log.csv", line: 3, field: "propensity", detail: "missing value"))
        #expect(csvError("\(header)\n1,0,1,0,1,0.2\n")
                == .malformedLog(source: "log.csv", line: 2, field: "propensity", detail: "expected a probability in (0, 1], found 0.0"))
        #expect(csvError("\(header)\n1,0,nan,0.5,1,0.2\n")
                == .malformedLog(source: "log.csv", line: 2, field: "reward", detail: "expected a finite number, found \"nan\""))
        #expect(csvError("\(header)\n1,0,1,0.5,NaN,0.2\n")
                == .malformedLog(source: "log.csv", line: 2, field: "x_a", detail: "expected a finite number, found \"NaN\""))
        #expect(csvError("\(header)\n,0,1,0.5,1,0.2\n")
                == .malformedLog(source: "log.csv", line: 2, field: "action", detail: "missing value"))
        #expect(csvError("\(header)\n1,0,1,0.5,1\n")
                == .malformedLog(source: "log.csv", line: 2, field: "(row)", detail: "expected 6 fields, found 5"))
        #expect(csvError("\(header)\n1,0,1,0.5,1,1.5\n")
                == .malformedLog(source: "log.csv", line: 2, field: "target_propensity", detail: "expected a probability in [0, 1], found 1.5"))
        #expect(csvError("\(header),colour\n1,0,1,0.5,1,0.2,red\n")?.description.hasPrefix("log.csv: line 1, field colour: unknown column") == true)
    }

    func record(action: String = "b", propensity: Double = 0.5, reward: Double? = 1, targets: [Double]? = [0.1, 0.9]) -> DecisionRecord {
        DecisionRecord(decisionID: "d", position: 0, day: 3, policy: .init(name: "softmax", version: 1), context: ["age": 4],
                       candidates: ["a", "b"], action: action, propensity: propensity, targetProbabilities: targets, reward: reward)
    }

    func jsonError(_ lines: [String], dropPending: Bool = false) -> BanditError? {
        do { _ = try BanditLog(jsonLines: lines.joined(separator: "\n"), source: "log.jsonl", dropPending: dropPending); return nil } catch {
            return error as? BanditError
        }
    }

    func line(_ record: DecisionRecord) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(record), as: UTF8.self)
    }

    @Test func jsonLinesErrorsNameTheLineAndTheField() throws {
        let good = try line(record())
        #expect(jsonError([good, try line(record(action: "z"))])
                == .malformedLog(source: "log.jsonl", line: 2, field: "action", detail: "unknown action \"z\": not one of the 2 candidates"))
        #expect(jsonError([good, try line(record(propensity: 0))])
                == .malformedLog(source: "log.jsonl", line: 2, field: "propensity", detail: "expected a probability in (0, 1], found 0.0"))
        #expect(jsonError([good, "{\"schema\": \"odml.decision/1\", "])?.description.hasPrefix("log.jsonl: line 2, field (line): not a JSON object") == true)
        #expect(jsonError([good, good.replacingOccurrences(of: "\"propensity\":0.5,", with: "")])
                == .malformedLog(source: "log.jsonl", line: 2, field: "propensity", detail: "missing value"))
        #expect(jsonError([good, good.replacingOccurrences(of: "\"propensity\":0.5", with: "\"propensity\":NaN")])?
                .description.hasPrefix("log.jsonl: line 2, field (line): not a JSON object") == true)
        #expect(jsonError([good, try line(record(targets: [0.5, 0.6]))])
                == .malformedLog(source: "log.jsonl", line: 2, field: "target_probabilities", detail: "expected probabilities summing to 1, found a sum of 1.1"))
        #expect(jsonError([good, try line(record(targets: [1]))])
                == .malformedLog(source: "log.jsonl", line: 2, field: "target_probabilities", detail: "expected 2 values (one per candidate), found 1"))
        #expect(jsonError([good, try line(record(reward: nil))])
                == .malformedLog(source: "log.jsonl", line: 2, field: "reward", detail: "no outcome joined yet (leave such decisions out with --drop-pending)"))
        let dropped = try BanditLog(jsonLines: [good, try line(record(reward: nil))].joined(separator: "\n"), source: "log.jsonl", dropPending: true)
        #expect(dropped.decisions.count == 1 && dropped.droppedPending == 1)
    }

    @Test func jsonLinesGiveTargetPropensityAndTheDirectTerm() throws {
        var withEstimates = record()
        withEstimates.estimatedRewards = [0.2, 0.6]
        let log = try BanditLog(jsonLines: try line(withEstimates), source: "log.jsonl")
        let rows = try log.offPolicyRows()
        #expect(rows == [OffPolicyRow(reward: 1, loggingPropensity: 0.5, targetPropensity: 0.9, estimatedReward: 0.6,
                                      targetExpectedReward: 0.1 * 0.2 + 0.9 * 0.6)])
        #expect(log.contextNames == ["age"] && log.decisions[0].context == [4])
    }

    @Test func aCSVWithoutRewardEstimatesOrTargetDistributionCannotFitAModel() throws {
        let log = try BanditLog(csv: "\(header)\n1,0,1,0.5,1,0.2\n2,0,0,0.5,0,0.8\n", source: "log.csv")
        #expect(throws: BanditError.self) { try log.offPolicyRows() }
        let rows = try BanditLog(csv: "action,position,reward,propensity,target_propensity\n1,0,1,0.5,0.2\n", source: "x.csv")
        #expect(throws: BanditError.self) { try rows.offPolicyRows() }
    }

    /// Cross-fitting: no row's estimate comes from a model that saw its own reward.
    @Test func crossFittedEstimatesIgnoreTheirOwnRow() throws {
        var records: [DecisionRecord] = []
        for index in 0..<40 { records.append(record(action: index % 2 == 0 ? "a" : "b", reward: index % 2 == 0 ? 1 : 0)) }
        let rows = try BanditLog(records: records, source: "mem").offPolicyRows(rewardModel: .mean, folds: 4, seed: 3)
        var changed = records
        changed[0].reward = 0
        let rerun = try BanditLog(records: changed, source: "mem").offPolicyRows(rewardModel: .mean, folds: 4, seed: 3)
        #expect(rows[0].estimatedReward == rerun[0].estimatedReward)
        #expect(rows[0].targetExpectedReward == rerun[0].targetExpectedReward)
        // Rows of the other folds were fitted with row 0: some of their estimates move.
        #expect(zip(rows, rerun).contains { $0.estimatedReward != $1.estimatedReward })
    }
}
