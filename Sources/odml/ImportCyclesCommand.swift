import ArgumentParser
import Foundation
import OnDeviceML

/// `odml import cycles`: a CSV of period starts (`user_id,cycle_start[,cycle_end]`) as a dataset.
struct ImportCyclesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cycles",
        abstract: "Convert a CSV of period starts (user_id,cycle_start[,cycle_end]) into a dataset directory.",
        discussion: """
            Dates are YYYY-MM-DD; cycle_end is the last day of bleeding (5 flow days are assumed without it). \
            Rows may come in any order; a duplicate or overlapping start is an error.
            """
    )

    @Argument(help: "The CSV file, with a header row.")
    var file: String

    @Option(name: .long, help: "Output dataset directory.")
    var out: String

    @OptionGroup var reading: LenientReadingOptions

    func validate() throws {
        try ArgumentCheck.existingPath(file, option: "<file>", what: "CSV file")
    }

    func run() throws {
        try CyclesCommandSupport.run {
            let result = try CycleListImporter(lenient: reading.lenient).importFile(at: URL(fileURLWithPath: file))
            try CyclesCommandSupport.writeImport(result, to: out)
        }
    }
}
