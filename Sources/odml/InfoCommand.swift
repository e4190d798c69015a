import ArgumentParser
import OnDeviceML

/// `odml info`: version and BLAS configuration.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print the version and the BLAS library, configuration and thread count."
    )

    @OptionGroup var output: JSONOutputOptions

    func run() throws {
        let info = Info(version: OnDeviceMLVersion.current, blasLibrary: BLAS.libraryName,
                        blasConfiguration: BLAS.configuration, blasThreadCount: BLAS.threadCount)
        if output.json {
            try JSONOutput.print(info)
        } else {
            print("odml \(info.version)")
            print("BLAS: \(info.blasLibrary) (\(info.blasConfiguration))")
            print("BLAS threads: \(info.blasThreadCount)")
        }
    }

    struct Info: Codable {
        let version: String
        let blasLibrary: String
        let blasConfiguration: String
        let blasThreadCount: Int

        enum CodingKeys: String, CodingKey {
            case version
            case blasLibrary = "blas_library"
            case blasConfiguration = "blas_configuration"
            case blasThreadCount = "blas_thread_count"
        }
    }
}
