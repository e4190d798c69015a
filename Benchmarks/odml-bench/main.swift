import Foundation

/// Every suite, by name: `odml-bench <name>` runs it. Add one line per suite.
var suites: [(name: String, run: (BenchmarkHarness) throws -> Void)] = [
    ("elaro", ElaroSuite.run),
    ("cycles", { _ in CyclesSuite.run([]) }),
    ("tensor", TensorSuite.run),
    ("lstm", LSTMSuite.run),
    ("modelfiles", ModelFilesSuite.run),
    ("trees", TreesSuite.run),
    ("explanations", ExplanationsSuite.run),
    ("personalization", PersonalizationSuite.run),
    ("export", ExportSuite.run),
]
#if SQLite
suites.append(("dailypath", DailyPathSuite.run))
#endif
/// Suites that need more than the options (their documentation says what), left out of `--list`.
let unlistedSuites: [(name: String, run: (BenchmarkHarness) throws -> Void)] = [
    ("capi", CAPISuite.run),
]

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--list" {
    for suite in suites { print(suite.name) }
    exit(0)
}
if arguments.first == "--machine" {
    // The CPU, its features and the kernels in use, for Benchmarks/run.sh's latest.json.
    do {
        print(try MachineProbe.json())
        exit(0)
    } catch {
        FileHandle.standardError.write(Data("odml-bench --machine: \(error)\n".utf8))
        exit(1)
    }
}
guard let name = arguments.first, let suite = (suites + unlistedSuites).first(where: { $0.name == name }) else {
    let names = suites.map(\.name).joined(separator: ", ")
    FileHandle.standardError.write(Data("odml-bench: unknown or missing suite (have: \(names))\n\(BenchmarkOptions.usage)\n".utf8))
    exit(64)
}
do {
    let options = try BenchmarkOptions(arguments: arguments.dropFirst())
    try suite.run(BenchmarkHarness(suite: suite.name, options: options))
} catch let error as BenchmarkError {
    FileHandle.standardError.write(Data("odml-bench: \(error)\n".utf8))
    exit(64)
} catch {
    FileHandle.standardError.write(Data("odml-bench \(name): \(error)\n".utf8))
    exit(1)
}
