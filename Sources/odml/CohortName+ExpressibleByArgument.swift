import ArgumentParser
import OnDeviceML

/// `--cohort` takes a built-in cohort's name; anything else is a usage error listing them.
extension CohortName: ExpressibleByArgument {}
