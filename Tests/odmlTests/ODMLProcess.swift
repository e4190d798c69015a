import Foundation

/// Runs the built `odml` executable as a subprocess, the way a user does.
struct ODMLProcess {
    /// What one run printed and how it exited.
    struct Result {
        let standardOutput: String
        let standardError: String
        let exitCode: Int32
    }

    /// The `odml` binary: `$ODML_BINARY` if set, else the products directory that holds this test
    /// executable (SwiftPM builds `odml` beside it), else `.build/debug/odml` under the package root.
    static let executable: URL? = {
        let fileManager = FileManager.default
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["ODML_BINARY"] {
            candidates.append(URL(fileURLWithPath: override))
        }
        let testExecutable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        candidates.append(testExecutable.deletingLastPathComponent().appendingPathComponent("odml"))
        let bundle = Bundle.main.bundleURL
        candidates.append(bundle.appendingPathComponent("odml"))
        candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("odml"))  // macOS .xctest bundle
        let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(packageRoot.appendingPathComponent(".build/debug/odml"))
        return candidates.first { fileManager.isExecutableFile(atPath: $0.path) }
    }()

    /// Runs `odml arguments…` with a fixed terminal width so help text wraps the same everywhere,
    /// and `environment` added to this process's.
    static func run(_ arguments: [String], environment extra: [String: String] = [:]) throws -> Result {
        guard let executable else {
            throw CocoaError(.fileNoSuchFile, userInfo: [
                NSLocalizedDescriptionKey: "odml binary not found; build it (`swift build`) or set ODML_BINARY",
            ])
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "100"
        environment.merge(extra) { _, new in new }
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData, as: UTF8.self),
                      exitCode: process.terminationStatus)
    }
}
