import ArgumentParser
import Foundation
import OnDeviceML

/// `odml info`: version, CPU, BLAS and the kernels in use.
struct InfoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "info",
        abstract: "Print the version, the CPU and the BLAS library, kernels and thread count.",
        discussion: """
        The BLAS line names the kernels in use (OpenBLAS's core type on Linux, which TensorCore \
        chooses from the CPU's features unless OPENBLAS_CORETYPE is set). When they are older than \
        the CPU allows, a last line on standard error says so, with the fix; the exit status stays 0.
        """
    )

    @OptionGroup var output: JSONOutputOptions

    func run() throws {
        let kernel = BLAS.kernel
        let info = Info(version: OnDeviceMLVersion.current, cpu: kernel.cpu, blasLibrary: BLAS.libraryName,
                        blasConfiguration: BLAS.configuration, blasKernel: kernel, blasThreadCount: BLAS.threadCount,
                        vectorKernels: VectorMath.instructionSet.rawValue)
        if output.json {
            try JSONOutput.print(info)
        } else {
            print("odml \(info.version)")
            print("BLAS: \(info.blasLibrary) \(kernel.summary)")
            print("BLAS threads: \(info.blasThreadCount)")
            print("CPU: \(kernel.cpu.summary)")
            print("Vector kernels: \(info.vectorKernels)")
        }
        if let fix = kernel.fix {
            FileHandle.standardError.write(Data("warning: BLAS kernels \(kernel.name) are older than this CPU allows: \(fix)\n".utf8))
        }
    }

    struct Info: Encodable {
        let version: String
        let cpu: CPUDescription
        let blasLibrary: String
        let blasConfiguration: String
        let blasKernel: BLASKernel
        let blasThreadCount: Int
        let vectorKernels: String

        enum CodingKeys: String, CodingKey {
            case version, cpu
            case blasLibrary = "blas_library"
            case blasConfiguration = "blas_configuration"
            case blasKernel = "blas_kernel"
            case blasThreadCount = "blas_thread_count"
            case vectorKernels = "vector_kernels"
        }
    }
}
