import ArgumentParser
import Foundation
import OnDeviceML

/// `odml import fedcycle`: the Marquette charting cohort (`FedCycleData071012.csv`) as a dataset with truth.
struct ImportFedCycleCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "fedcycle",
        abstract: "Convert the Marquette charting cohort CSV (FedCycleData071012.csv) into a dataset with truth.csv.",
        discussion: """
            One user per ClientID; her first cycle starts on 2000-01-03, each next one LengthofCycle days later. \
            Rows that cannot be placed are dropped, counted in manifest.json and listed on stderr. \
            The fertility monitor's Peak day is written as an LH test "peak", its High days as negative LH tests \
            (measurements.csv, source cbfm).
            """
    )

    @Argument(help: "The cohort CSV (one row per cycle).")
    var file: String

    @Option(name: .long, help: "Output dataset directory.")
    var out: String

    @OptionGroup var reading: LenientReadingOptions

    func validate() throws {
        try ArgumentCheck.existingPath(file, option: "<file>", what: "cohort CSV file")
    }

    func run() throws {
        try CyclesCommandSupport.run {
            let result = try FedCycleImporter(lenient: reading.lenient).importFile(at: URL(fileURLWithPath: file))
            try CyclesCommandSupport.writeImport(result, to: out)
        }
    }
}
