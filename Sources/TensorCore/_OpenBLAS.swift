#if !canImport(Accelerate) && os(Linux)
import CTensorCoreKernels

/// OpenBLAS, opened on the first BLAS call with the kernel `BLASKernel.recommendedCoreType(for:)`
/// chose for this CPU (see `BLASKernel` for why TensorCore opens it itself).
enum _OpenBLAS {
    /// The opened library (or why it could not be opened), once per process.
    static let library: odml_openblas = {
        let coreType = BLASKernel.recommendedCoreType(for: .current)
        let opened = coreType.map { $0.withCString { odml_openblas_open($0) } } ?? odml_openblas_open(nil)
        return opened!.pointee
    }()

    /// Why the library could not be opened, `nil` when it was.
    static var failure: String? {
        let reason = _CText.string(library.error)
        return reason.isEmpty ? nil : reason
    }

    /// Its functions: every one non-nil, since a library without them stops the program here
    /// with the reason (installing OpenBLAS is the fix; `BLAS.checkKernel()` reports it as an error).
    static let functions: odml_openblas_functions = {
        if let failure { preconditionFailure("TensorCore: \(failure)") }
        return library.functions
    }()

    /// The kernel in use, as `BLASKernel` describes it.
    static var kernel: BLASKernel {
        let cpu = CPUDescription.current, recommended = BLASKernel.recommendedCoreType(for: cpu)
        let coreType = _CText.string(library.coretype)
        if let failure {
            return BLASKernel(name: "none", library: failure, path: nil, choice: .library, coreType: coreType.isEmpty ? nil : coreType,
                              cpu: cpu, recommended: recommended)
        }
        let choice: BLASKernel.Choice
        switch library.choice {
        case ODML_OPENBLAS_CHOSEN_BY_ENVIRONMENT: choice = .environment
        case ODML_OPENBLAS_CHOSEN_BY_CALLER: choice = .tensorCore
        case ODML_OPENBLAS_LOADED_EARLIER: choice = .loadedEarlier
        default: choice = .library
        }
        let name = functions.corename.flatMap { $0() }.map { String(cString: $0) } ?? "unknown"
        let configuration = functions.config.flatMap { $0() }.map { String(cString: $0) } ?? "OpenBLAS"
        return BLASKernel(name: name.trimmingTrailingSpaces, library: configuration.trimmingTrailingSpaces, path: _CText.string(library.path),
                          choice: choice, coreType: coreType.isEmpty ? nil : coreType, cpu: cpu, recommended: recommended)
    }
}

extension String {
    /// The string without trailing spaces (OpenBLAS pads its names).
    fileprivate var trimmingTrailingSpaces: String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
#endif
