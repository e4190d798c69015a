import ArgumentParser
import Foundation
import Testing
@testable import odml
import OnDeviceML

/// `odml bandit ope` and `odml bandit replay` as a user runs them: the JSON shape, the exit codes
/// and one error line naming the line and field of a bad log.
@Suite struct BanditCommandTests {
    func temporaryFile(_ name: String, _ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bandit-cli-\(UUID().uuidString)-\(name)").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    let csv = """
        action,position,reward,propensity,x_a,target_propensity,estimated_reward,target_expected_reward
        0,0,1,0.5,1,0.9,0.6,0.55
        1,0,0,0.5,0,0.1,0.3,0.5
        0,1,0,0.5,1,0.9,0.5,0.45
        1,1,1,0.5,1,0.1,0.4,0.5

        """

    @Test func opePrintsTheSixEstimatesAsOneJSONObject() throws {
        let path = try temporaryFile("log.csv", csv)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let result = try ODMLProcess.run(["bandit", "ope", "--log", path, "--json", "--bootstrap", "50"])
        #expect(result.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["ips", "snips", "dm", "dr", "switch_dr", "dros", "effective_sample_size", "rows"])
        #expect(object["rows"] as? Int == 4)
        let ips = try #require(object["ips"] as? [String: Any])
        #expect(Set(ips.keys) == ["value", "ci95"] && (ips["ci95"] as? [Double])?.count == 2)
        #expect(abs((ips["value"] as? Double ?? 0) - (1.8 + 0.2) / 4) < 1e-12)
    }

    /// Each kind of bad log exits non-zero with one line naming the file, line and field.
    @Test(arguments: [
        ("missing.csv", "action,position,reward,x_a\n0,0,1,1\n", "missing.csv: line 1, field propensity: missing column; a log needs action, position, reward, propensity"),
        ("zero.csv", "action,position,reward,propensity\n0,0,1,0.5\n1,0,1,0\n", "zero.csv: line 3, field propensity: expected a probability in (0, 1], found 0.0"),
        ("nan.csv", "action,position,reward,propensity\n0,0,nan,0.5\n", "nan.csv: line 2, field reward: expected a finite number, found \"nan\""),
        ("unknown.jsonl", #"{"schema":"odml.decision/1","decision_id":"d","position":0,"policy":{"name":"p","version":1},"context":{},"candidates":["a"],"action":"b","propensity":1,"reward":1}"# + "\n",
         "unknown.jsonl: line 1, field action: unknown action \"b\": not one of the 1 candidates"),
        ("broken.jsonl", "{\"schema\": \n", "broken.jsonl: line 1, field (line): not a JSON object"),
    ])
    func badLogsExitNonZeroWithOneLine(name: String, text: String, message: String) throws {
        let path = try temporaryFile(name, text)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let renamed = (path as NSString).deletingLastPathComponent + "/" + name
        try? FileManager.default.removeItem(atPath: renamed)
        try FileManager.default.moveItem(atPath: path, toPath: renamed)
        defer { try? FileManager.default.removeItem(atPath: renamed) }
        for command in [["bandit", "ope"], ["bandit", "replay", "--policy", "linucb"]] {
            let result = try ODMLProcess.run(command + ["--log", renamed])
            #expect(result.exitCode == 1)
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.hasPrefix("Error: " + message), "\(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1)
        }
    }

    @Test func usageErrorsExit64() throws {
        let missing = try ODMLProcess.run(["bandit", "ope", "--log", "/no/such/log.csv"])
        #expect(missing.exitCode == 64 && missing.standardError.contains("--log: no log file at \"/no/such/log.csv\""))
        let policy = try ODMLProcess.run(["bandit", "replay", "--log", "x", "--policy", "greedy"])
        #expect(policy.exitCode == 64 && policy.standardError.contains("'linucb', 'thompson' or 'random'"))
    }

    /// `elaro simulate --decision-log --target` then `bandit ope`: the log is read back and evaluated.
    @Test func simulatedDecisionLogsAreEvaluated() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("bandit-cli-\(UUID().uuidString).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        let simulate = try ODMLProcess.run(["elaro", "simulate", "--parents", "4", "--days", "20", "--policy", "random",
                                            "--decision-log", log, "--target", "rules", "--json"])
        #expect(simulate.exitCode == 0)
        let result = try #require(try JSONSerialization.jsonObject(with: Data(simulate.standardOutput.utf8)) as? [String: Any])
        let target = try #require(result["target"] as? [String: Any])
        #expect(target["policy"] as? String == "rules" && (target["trueValue"] as? Double ?? -1) > 0)
        let ope = try ODMLProcess.run(["bandit", "ope", "--log", log, "--json", "--bootstrap", "100"])
        #expect(ope.exitCode == 0)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(ope.standardOutput.utf8)) as? [String: Any])
        #expect(report["rows"] as? Int == 80)
        let replay = try ODMLProcess.run(["bandit", "replay", "--log", log, "--policy", "thompson", "--json", "--bootstrap", "50"])
        #expect(replay.exitCode == 0 && replay.standardOutput.contains("\"kept_events\""))
    }
}
