import ArgumentParser
import OnDeviceML

/// `bandit ope --reward-model` takes ridge or mean; anything else is a usage error listing them.
extension RewardModel: ExpressibleByArgument {}
