import ArgumentParser
import OnDeviceML

/// `--precision` takes fp32, fp16 or int8; anything else is a usage error listing them.
extension TensorPrecision: ExpressibleByArgument {}
