import OnDeviceML

// Benchmarks print one JSON record per case; each suite is dispatched here (one line each).
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "trees": try TreesSuite.run(arguments: Array(arguments.dropFirst()))
default: print("usage: odml-bench <suite>")
}
