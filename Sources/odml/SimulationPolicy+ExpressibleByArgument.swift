import ArgumentParser
import OnDeviceML

/// `elaro ope --policy` takes linucb, thompson, rules or random; anything else is a usage error listing them.
extension SimulationPolicy: ExpressibleByArgument {}
