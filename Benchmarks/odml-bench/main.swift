import OnDeviceML

// Benchmarks print one JSON record per case; cases arrive with their issues.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "explanations": try ExplanationsSuite.run(arguments: Array(arguments.dropFirst()))
default: print("usage: odml-bench <suite>")
}
