import Cycles
import Foundation
import Testing
@testable import Personalization

/// Kills a process that writes to the store in a loop (SIGKILL, mid-transaction) and checks
/// that the reopened store is intact and holds whole day batches only.
///
/// The writer is this test binary itself, re-executed with `ODML_FEEDBACK_WRITER` set so that
/// only `feedbackStoreWriterChild` runs (it is disabled in a normal run).
@Suite struct FeedbackStoreCrashTests {
    static let writerVariable = "ODML_FEEDBACK_WRITER"
    static let rowsPerBatch = 400

    @Test(.enabled(if: ProcessInfo.processInfo.environment[FeedbackStoreCrashTests.writerVariable] != nil))
    func feedbackStoreWriterChild() throws {
        let path = try #require(ProcessInfo.processInfo.environment[Self.writerVariable])
        let store = try FeedbackStore(path: path)
        var day = StoreFixtures.firstDay
        for index in 0..<100_000 {
            FileHandle.standardError.write(Data("begin \(index)\n".utf8))
            try store.write(StoreFixtures.batch(user: "writer", day: day, predictionCount: Self.rowsPerBatch))
            day = day.advanced(by: 1)
        }
    }

    @Test func killedWriterLeavesOnlyWholeBatches() throws {
        let path = try StoreFixtures.temporaryDirectory().appendingPathComponent("crash.sqlite").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = Self.childArguments()
        var environment = ProcessInfo.processInfo.environment
        environment[Self.writerVariable] = path
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()

        // Wait until the child has begun its 12th batch, then kill it at once (inside the transaction).
        var output = ""
        let deadline = Date().addingTimeInterval(120)
        while !output.contains("begin 12\n") && Date() < deadline && process.isRunning {
            let data = errors.fileHandleForReading.availableData
            if data.isEmpty { break }
            output += String(decoding: data, as: UTF8.self)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "child output: \(output.suffix(400))")
        #expect(output.contains("begin 12\n"), "child output: \(output.suffix(400))")

        let store = try FeedbackStore(path: path)
        try store.checkIntegrity()
        let predictions = try store.predictions(for: "writer")
        let insights = try store.insights(for: "writer")
        let days = Dictionary(grouping: predictions, by: \.createdAt)
        #expect(days.count >= 12)
        #expect(days.values.allSatisfy { $0.count == Self.rowsPerBatch })
        #expect(insights.count == days.count)
        // Batches are consecutive days from the first: nothing in the middle went missing.
        let expected = (0..<days.count).map { StoreFixtures.firstDay.advanced(by: $0) }
        #expect(days.keys.sorted() == expected)
        // The store still accepts writes after the crash.
        try store.write(StoreFixtures.batch(user: "writer", day: StoreFixtures.firstDay.advanced(by: days.count)))
        try store.checkIntegrity()
    }

    /// Arguments that make the test binary run only the writer test with Swift Testing.
    static func childArguments() -> [String] {
        ["--testing-library", "swift-testing", "--filter", "feedbackStoreWriterChild"]
    }
}
