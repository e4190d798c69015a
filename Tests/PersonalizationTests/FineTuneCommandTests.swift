import Cycles
import Foundation
import ModelFiles
import Testing
@testable import Personalization
import CyclesLab
@testable import PersonalizationLab

/// `odml finetune` end to end (the binary SwiftPM builds beside this test executable): a
/// personal file is written, and bad input gives one error line and leaves `--out` untouched.
@Suite struct FineTuneCommandTests {
    static let odml: URL? = {
        let here = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidate = here.appendingPathComponent("odml")
        return FileManager.default.isExecutableFile(atPath: candidate.path) ? candidate : nil
    }()

    /// Thrown when the `odml` binary is not beside the test executable.
    struct MissingBinary: Error {}

    static func run(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let process = Process()
        guard let executable = odml else { throw MissingBinary() }
        process.executableURL = executable
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    /// A small irregular dataset, a password file and an existing `--out` file.
    static func workspace() throws -> (directory: URL, data: String, password: String, out: URL, outBytes: Data) {
        let directory = try AppDatabaseFixtures.temporaryDirectory()
        let data = directory.appendingPathComponent("data")
        try SyntheticCycles.generate(config: .irregular, users: 3, months: 8, seed: 5).write(to: data)
        let password = directory.appendingPathComponent("password.txt")
        try "correct horse\n".write(to: password, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("personal.odml")
        let outBytes = Data("previous personal model".utf8)
        try outBytes.write(to: out)
        return (directory, data.path, password.path, out, outBytes)
    }

    @Test(.enabled(if: odml != nil)) func writesAnEncryptedPersonalModelWithItsRecord() throws {
        let space = try Self.workspace()
        let feedback = space.directory.appendingPathComponent("feedback.csv")
        try "user_id,date,feedback\nu00001,2025-03-01,inaccurate\n".write(to: feedback, atomically: true, encoding: .utf8)
        let result = try Self.run(["finetune", "--model", "rules", "--data", space.data, "--user", "u00001", "--until", "2025-08-01",
                                   "--feedback", feedback.path, "--out", space.out.path, "--password-file", space.password])
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.contains("1 feedback signals (1 inaccurate)"))
        let file = try PersonalModelFile.read(from: space.out, password: "correct horse")
        let record = try #require(try PersonalModelFile.record(in: file, path: space.out.path))
        #expect(record.userID == "u00001" && record.cutoff == CalendarDay(iso: "2025-08-01"))
        #expect(result.output.contains(record.reason))
        #expect(throws: PersonalizationError.wrongPassword(path: space.out.path)) { try PersonalModelFile.read(from: space.out, password: nil) }
    }

    @Test(.enabled(if: odml != nil)) func badInputIsOneErrorLineAndLeavesTheOutputUntouched() throws {
        let space = try Self.workspace()
        // An encrypted model read with the wrong password.
        let locked = space.directory.appendingPathComponent("locked.odml")
        try PersonalModelFile.write(ModelFile(kind: "cycle-rules"), to: locked, password: "another password")
        let corruptStore = space.directory.appendingPathComponent("feedback.sqlite")
        try Data(repeating: 0x5A, count: 4096).write(to: corruptStore)
        let base = ["finetune", "--data", space.data, "--out", space.out.path]
        let cases: [([String], String)] = [
            (base + ["--model", "rules", "--user", "nobody"], "unknown user \"nobody\""),
            (base + ["--model", "rules", "--user", "u00001", "--until", "2024-01-01"], "has not enough history"),
            (base + ["--model", locked.path, "--user", "u00001", "--password-file", space.password], "wrong password"),
            (base + ["--model", "rules", "--user", "u00001", "--feedback", corruptStore.path], "not a valid database"),
        ]
        for (arguments, message) in cases {
            let result = try Self.run(arguments)
            #expect(result.status != 0, "\(arguments)")
            #expect(result.error.contains(message), "\(result.error)")
            #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
            #expect(try Data(contentsOf: space.out) == space.outBytes)
        }
    }
}
