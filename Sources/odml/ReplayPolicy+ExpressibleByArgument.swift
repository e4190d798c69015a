import ArgumentParser
import OnDeviceML

/// `bandit replay --policy` takes linucb, thompson or random; anything else is a usage error listing them.
extension ReplayPolicy: ExpressibleByArgument {}
