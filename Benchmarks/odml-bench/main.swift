import OnDeviceML

// Benchmarks print one JSON record per case; cases arrive with their issues.
let benchmarkArguments = Array(CommandLine.arguments.dropFirst())
switch benchmarkArguments.first {
case "elaro": try ElaroSuite.run(arguments: Array(benchmarkArguments.dropFirst()))
default: print("usage: odml-bench <suite>")
}
