import ArgumentParser
import OnDeviceML

/// `--data PATH`: the cycle dataset a command reads, a dataset directory or an SQLite file (the
/// lab's multi-user form or the app's own database). A path that does not exist is a usage error.
struct DatasetOptions: ParsableArguments {
    @Option(name: .long, help: "Dataset directory (user_profile.csv, cycle_entries.csv, …), or .sqlite file (the multi-user form or the app's own database).")
    var data: String

    func validate() throws {
        try ArgumentCheck.existingPath(data, option: "--data", what: "dataset directory or .sqlite file")
    }

    /// The dataset at `--data` (`CyclesCommandSupport.loadDataset`); bad rows skipped and listed when `lenient`.
    func load(lenient: Bool = false) throws -> CycleDataset {
        try CyclesCommandSupport.loadDataset(data, lenient: lenient)
    }
}
