import Foundation
import Testing
import TensorCore

/// The `odml` binary as a user sees it: help text, version, `info --json` keys and exit codes.
///
/// Help snapshots change whenever a subcommand is added: regenerate them with
/// `UPDATE_SNAPSHOTS=1 swift test --filter odmlTests` (see `Snapshot`).
@Suite struct CLISnapshotTests {
    @Test func rootHelpMatchesSnapshot() throws {
        let result = try ODMLProcess.run(["--help"])
        #expect(result.exitCode == 0)
        try Snapshot.expectMatch(result.standardOutput, named: "help")
    }

    @Test func infoHelpMatchesSnapshot() throws {
        let result = try ODMLProcess.run(["info", "--help"])
        #expect(result.exitCode == 0)
        try Snapshot.expectMatch(result.standardOutput, named: "info-help")
    }

    /// Every other command's help (predict, reconcile, finetune, replay, export and import have
    /// theirs beside their own tests): the flags each takes, their defaults and choices.
    @Test(arguments: [["evaluate"], ["compare"], ["explain"], ["generate"], ["inspect"], ["learning-curve"], ["train"],
                      ["validate"], ["elaro"], ["elaro", "simulate"], ["elaro", "recommend"], ["elaro", "ope"],
                      ["bandit"], ["bandit", "ope"], ["bandit", "replay"],
                      ["import", "cycles"], ["import", "fedcycle"]])
    func commandHelpMatchesSnapshot(command: [String]) throws {
        let result = try ODMLProcess.run(command + ["--help"])
        #expect(result.exitCode == 0)
        try Snapshot.expectMatch(result.standardOutput, named: command.joined(separator: "-") + "-help")
    }

    @Test func versionIsThePackageVersion() throws {
        let result = try ODMLProcess.run(["--version"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput == OnDeviceMLVersion.current + "\n")
    }

    /// Keys and value types only: the BLAS configuration and thread count depend on the machine.
    @Test func infoJSONKeysMatchSnapshot() throws {
        let result = try ODMLProcess.run(["info", "--json"])
        #expect(result.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        try Snapshot.expectMatch(object.keys.sorted().joined(separator: "\n") + "\n", named: "info-json-keys")
        #expect(object["version"] as? String == OnDeviceMLVersion.current)
        #expect(object["blas_library"] as? String == Self.platformBLAS)
        #expect((object["blas_thread_count"] as? Int ?? 0) >= 1)
        #expect(!(object["blas_configuration"] as? String ?? "").isEmpty)
    }

    /// The keys of `odml evaluate --json`: the flat metric keys with their `_ci`, the calibration
    /// keys and reliability tables, and the nested groups (keys listed as `group.key`).
    @Test func evaluateJSONKeysMatchSnapshot() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("odml-evaluate-keys-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let generate = try ODMLProcess.run(["generate", "--cohort", "irregular", "--users", "8", "--months", "6", "--seed", "3",
                                            "--out", directory])
        #expect(generate.exitCode == 0)
        let result = try ODMLProcess.run(["evaluate", "--model", "calendar", "--data", directory, "--json", "--bootstrap", "20"])
        #expect(result.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        var keys = object.keys.sorted()
        for group in ["period_start.by_cycle_day", "period_start.mae_by_cycle_day"] {
            let nested = try #require(object[group] as? [String: Double], "\(group) is not an object of numbers")
            keys += nested.keys.sorted().map { "\(group).\($0)" }
        }
        try Snapshot.expectMatch(keys.joined(separator: "\n") + "\n", named: "evaluate-json-keys")
        for key in ["period_start.confidence_ece", "period_start.brier", "period_start.coverage_50", "period_start.coverage_80",
                    "period_start.coverage_95", "period_start.mae_by_cycle_day"] {
            #expect(object[key] != nil, "\(key) missing")
            #expect(object[key + "_ci"] != nil, "\(key)_ci missing")
        }
        #expect(object["period_start.confidence_from_past_errors"] as? Double == 1)
    }

    @Test func infoTextNamesVersionAndBLAS() throws {
        let result = try ODMLProcess.run(["info"])
        #expect(result.exitCode == 0)
        let lines = result.standardOutput.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.first == "odml \(OnDeviceMLVersion.current)")
        #expect(lines.dropFirst().first?.hasPrefix("BLAS: \(Self.platformBLAS) \(BLAS.kernel.name)") == true)
        #expect(lines.contains("CPU: \(CPUDescription.current.summary)"))
        #expect(lines.last == "Vector kernels: \(VectorMath.instructionSet.rawValue)")
    }

    /// A planted misdetection: OpenBLAS forced to its SSE3 kernels, as it picks them itself on CPU
    /// models newer than its release. `odml info` names them, flags them and prints the fix.
    @Test(.enabled(if: BLASKernel.recommendedCoreType(for: .current) != nil && BLAS.libraryName == "OpenBLAS",
                   "x86-64 with AVX and OpenBLAS only"))
    func aForcedOlderBLASKernelIsReportedWithTheFix() throws {
        let recommended = try #require(BLASKernel.recommendedCoreType(for: .current))
        let result = try ODMLProcess.run(["info"], environment: ["OPENBLAS_CORETYPE": "Prescott"])
        #expect(result.exitCode == 0)
        let blasLine = try #require(result.standardOutput.split(separator: "\n").first { $0.hasPrefix("BLAS: ") })
        #expect(blasLine.hasPrefix("BLAS: OpenBLAS Prescott (OPENBLAS_CORETYPE=Prescott set by the user)"))
        #expect(blasLine.contains("OLDER than this CPU allows (\(recommended))"))
        #expect(result.standardError == "warning: BLAS kernels Prescott are older than this CPU allows: "
            + "OPENBLAS_CORETYPE=Prescott forces older kernels: unset it or export OPENBLAS_CORETYPE=\(recommended)\n")
        let json = try ODMLProcess.run(["info", "--json"], environment: ["OPENBLAS_CORETYPE": "Prescott"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let kernel = try #require(object["blas_kernel"] as? [String: Any])
        #expect(kernel["name"] as? String == "Prescott" && kernel["older_than_cpu"] as? Bool == true)
        #expect(kernel["choice"] as? String == "environment" && kernel["recommended"] as? String == recommended)
    }

    /// Unforced, TensorCore's choice is in use and not flagged.
    @Test func theDefaultBLASKernelIsNotFlagged() throws {
        let result = try ODMLProcess.run(["info", "--json"], environment: ["OPENBLAS_CORETYPE": ""])
        #expect(result.standardError.isEmpty)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let kernel = try #require(object["blas_kernel"] as? [String: Any])
        #expect(kernel["older_than_cpu"] as? Bool == false)
        #expect((object["cpu"] as? [String: Any])?["vendor"] as? String == CPUDescription.current.vendor)
    }

    /// The BLAS `odml info` names: Accelerate on Apple platforms, OpenBLAS on Linux.
    #if canImport(Darwin)
    static let platformBLAS = "Accelerate"
    #else
    static let platformBLAS = "OpenBLAS"
    #endif

    @Test(arguments: [["--no-such-flag"], ["info", "--no-such-flag"], ["no-such-command"]])
    func badArgumentsExitNonZeroWithOneErrorLine(arguments: [String]) throws {
        let result = try ODMLProcess.run(arguments)
        #expect(result.exitCode != 0)
        #expect(result.standardOutput.isEmpty)
        #expect(result.standardError.hasPrefix("Error: "))
    }
}
