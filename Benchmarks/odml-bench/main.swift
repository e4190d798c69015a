import OnDeviceML

// Benchmarks print one JSON record per case; cases arrive with their issues.
print("usage: odml-bench <suite>")
