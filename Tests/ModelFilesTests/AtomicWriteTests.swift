import Foundation
import Testing
import TensorCore
@testable import ModelFiles

@Suite struct AtomicWriteTests {
    struct InjectedFailure: Error {}

    @Test func failureBeforeRenameKeepsThePreviousFile() throws {
        let directory = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("model.odml")
        let previous = Samples.model(seed: 1)
        try previous.write(to: url)
        let previousBytes = try Data(contentsOf: url)

        let next = try Samples.model(seed: 2).encoded()
        var temporaryExisted = false
        #expect(throws: InjectedFailure.self) {
            try _FileIO.writeAtomically(next, to: url) {
                // The new bytes are complete in a temporary file beside the target.
                let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                temporaryExisted = names.contains { $0.hasPrefix(".model.odml.") && $0.hasSuffix(".tmp") }
                throw InjectedFailure()
            }
        }
        #expect(temporaryExisted)
        #expect(try Data(contentsOf: url) == previousBytes)
        #expect(try ModelFile.read(from: url) == previous)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["model.odml"])

        try _FileIO.writeAtomically(next, to: url)
        #expect(try ModelFile.read(from: url) == Samples.model(seed: 2))
    }

    @Test func writingReplacesAnExistingFile() throws {
        let directory = try Samples.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("model.odml")
        try Data(repeating: 0xAB, count: 10_000).write(to: url)
        try Samples.model().write(to: url, precision: .fp16)
        #expect(try ModelFile.read(from: url).tensorNames == Samples.model().tensorNames)
    }
}
