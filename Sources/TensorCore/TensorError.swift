/// Errors thrown by user-facing `Tensor` APIs.
public enum TensorError: Error, Equatable, CustomStringConvertible {
    /// Two shapes that must agree do not; `operation` names the call.
    case shapeMismatch(operation: String, expected: [Int], found: [Int])
    /// An array's element count does not match the requested shape.
    case elementCountMismatch(shape: [Int], expected: Int, found: Int)
    /// An axis or index is outside the tensor.
    case outOfRange(operation: String, index: Int, bound: Int)
    /// The matrix handed to a Cholesky solve is not symmetric positive definite.
    case notPositiveDefinite(order: Int, failingMinor: Int)
    /// A LAPACK routine reported an illegal argument (a bug, reported with its code).
    case lapackFailure(routine: String, info: Int)
    /// The system BLAS could not be opened (Linux: OpenBLAS missing or incomplete); `reason` says
    /// what to install.
    case blasUnavailable(reason: String)
    /// The BLAS runs kernels for an older vector level than the CPU has (`BLASKernel`): `fix` is
    /// the one line that restores the `recommended` ones.
    case blasKernelOlderThanCPU(kernel: String, recommended: String, cpu: String, fix: String)

    public var description: String {
        switch self {
        case let .shapeMismatch(operation, expected, found):
            return "\(operation): shape mismatch, expected \(expected) but found \(found)"
        case let .elementCountMismatch(shape, expected, found):
            return "shape \(shape) needs \(expected) elements but \(found) were given"
        case let .outOfRange(operation, index, bound):
            return "\(operation): index \(index) is out of range 0..<\(bound)"
        case let .notPositiveDefinite(order, minor):
            return "matrix of order \(order) is not positive definite (leading minor \(minor) is not positive); add ridge regularisation"
        case let .lapackFailure(routine, info):
            return "\(routine) failed with info = \(info)"
        case let .blasUnavailable(reason):
            return "no BLAS: \(reason)"
        case let .blasKernelOlderThanCPU(kernel, recommended, cpu, fix):
            return "BLAS kernels \(kernel) are older than this CPU allows (\(recommended) for \(cpu)): \(fix)"
        }
    }
}
