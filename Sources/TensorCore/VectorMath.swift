import CTensorCoreKernels

/// Allocation-free elementwise kernels on raw `Float` buffers: the fast paths behind
/// `Tensor.exp()`, `sigmoid()`, `softmax()` and `logSoftmax()`, exposed for hot loops that work on
/// pointers. Every kernel accepts `output == input` (in place).
///
/// The kernels are C (`CTensorCoreKernels`), written once over a vector of lanes and instantiated
/// for AVX-512 (16 lanes), AVX2 + FMA (8), NEON (4) and portable C (1); the widest this CPU runs
/// is chosen on first use (`instructionSet`). All instantiations go through the same
/// single-precision operations, so they return the same bits on finite inputs, and the portable
/// one is the reference the tests hold the others to.
///
/// The exponential is a Cephes-style `expf`: Cody–Waite range reduction `x = n·ln 2 + r`, a
/// degree-6 polynomial for `e^r` with fused multiply-adds and `2^n` built from the exponent bits;
/// its relative error is below `1.5e-7` (measured maximum `8e-8`) for inputs in
/// `[-87.33, 88.37]`. Inputs outside that range are clamped to it, so `exp` never returns `inf` or
/// a subnormal (`e^-1e4` gives `1.2e-38`, not 0) and sigmoid and softmax stay finite for any
/// finite input; NaN propagates. Softmax sums its exponentials into 64 partial sums added in a
/// fixed order, so its result does not depend on the vector width either.
public enum VectorMath {
    /// The instruction sets the kernels are instantiated for.
    public enum InstructionSet: String, Sendable, CaseIterable, Codable {
        /// Portable C, one lane: any CPU, and the reference of the others.
        case portable
        /// AVX2 with fused multiply-add, 8 lanes (x86-64).
        case avx2 = "AVX2"
        /// AVX-512 F, BW, VL and DQ, 16 lanes (x86-64).
        case avx512 = "AVX-512"
        /// NEON, 4 lanes (arm64).
        case neon = "NEON"

        /// The C kernels' name for this instruction set.
        package var kernelSet: odml_isa {
            switch self {
            case .portable: ODML_ISA_PORTABLE
            case .avx2: ODML_ISA_AVX2
            case .avx512: ODML_ISA_AVX512
            case .neon: ODML_ISA_NEON
            }
        }

        init(_ isa: odml_isa) {
            self = Self.allCases.first { $0.kernelSet == isa } ?? .portable
        }

        /// Whether this CPU runs kernels of this instruction set.
        public var isSupported: Bool { odml_isa_is_supported(kernelSet) != 0 }
    }

    /// The instruction set the kernels of this process use: the widest this CPU supports.
    public static let instructionSet = InstructionSet(odml_isa_best())

    /// `output[i] = e^input[i]` for `i` in `0..<count`.
    public static func exp(_ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, count: Int) {
        odml_vector_exp(input, output, count)
    }

    /// `output[i] = 1 / (1 + e^-input[i])` (logistic sigmoid) for `i` in `0..<count`, computed as
    /// `e^-|x| / (1 + e^-|x|)` for negative inputs with the rounding of the denominator corrected.
    public static func sigmoid(_ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, count: Int) {
        odml_vector_sigmoid(input, output, count)
    }

    /// `output[i] = tanh(input[i])`: `1 - 2 / (e^{2|x|} + 1)` with the sign of `x` for
    /// `|x| ≥ 0.625`, Cephes tanhf's odd polynomial below (absolute error below `2e-7`).
    public static func tanh(_ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, count: Int) {
        odml_vector_tanh(input, output, count)
    }

    /// Softmax of one row of `count` values: `e^(x - max) / Σ e^(x - max)`.
    /// An empty row is left untouched.
    public static func softmax(_ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, count: Int) {
        odml_vector_softmax(input, output, count)
    }

    /// Log-softmax of one row: `x - max - log Σ e^(x - max)`. An empty row is left untouched.
    public static func logSoftmax(_ input: UnsafePointer<Float>, into output: UnsafeMutablePointer<Float>, count: Int) {
        odml_vector_log_softmax(input, output, count)
    }

    /// The largest of `count` values (`-inf` when `count == 0`; NaN if any value is NaN).
    public static func maximum(_ input: UnsafePointer<Float>, count: Int) -> Float {
        odml_vector_maximum(input, count)
    }

    /// `sum[i] += scale · Double(values[i])` for `i` in `0..<count`, each product and sum rounded
    /// as the scalar loop rounds them (no fused multiply-add): the same bits as that loop in every
    /// instruction set, at 8 (AVX-512) or 4 (AVX2) lanes.
    package static func addScaled(_ values: UnsafePointer<Float>, scale: Double, to sum: UnsafeMutablePointer<Double>, count: Int) {
        odml_add_scaled_floats(sum, values, scale, count)
    }

    /// `output[i] = e^input[i]` for `i` in `0..<count`, in double precision (`output` may be
    /// `input`): on x86-64 with AVX-512 or AVX2 + FMA, glibc's `exp` evaluated 8 or 4 lanes at a
    /// time, the same bits as that function on Linux (within an ulp of the platform's `exp`
    /// elsewhere); otherwise the platform's `exp`.
    package static func exp(_ input: UnsafePointer<Double>, into output: UnsafeMutablePointer<Double>, count: Int) {
        odml_exp_doubles(input, output, count)
    }

    /// `exp(_:into:count:)` of `input` in `instructionSet` (the platform's `exp` when this CPU does
    /// not support it), for tests.
    package static func exp(_ input: [Double], in instructionSet: InstructionSet) -> [Double] {
        var output = input
        output.withUnsafeMutableBufferPointer { values in
            guard let values = values.baseAddress else { return }
            odml_exp_doubles_in(instructionSet.kernelSet, values, values, input.count)
        }
        return output
    }

    /// `addScaled(_:scale:to:count:)` in `instructionSet` (the portable loop when this CPU does
    /// not support it), for tests.
    package static func addScaled(_ values: [Float], scale: Double, to sum: inout [Double], in instructionSet: InstructionSet) {
        precondition(values.count == sum.count, "addScaled: as many values as sums")
        values.withUnsafeBufferPointer { values in
            sum.withUnsafeMutableBufferPointer { sum in
                guard let source = values.baseAddress, let destination = sum.baseAddress else { return }
                odml_add_scaled_floats_in(instructionSet.kernelSet, destination, source, scale, values.count)
            }
        }
    }

    /// The same kernels in another instruction set, for tests and benchmarks (`nil` when this CPU
    /// does not support it): `exp`, `sigmoid`, `tanh` and `softmax` of `input`.
    package static func evaluate(_ function: Function, _ input: [Float], in instructionSet: InstructionSet) -> [Float]? {
        guard let kernels = odml_vector_kernels_for(instructionSet.kernelSet) else { return nil }
        var output = [Float](repeating: 0, count: input.count)
        input.withUnsafeBufferPointer { x in
            output.withUnsafeMutableBufferPointer { y in
                guard let source = x.baseAddress, let destination = y.baseAddress else { return }
                switch function {
                case .exp: kernels.pointee.exp!(source, destination, x.count)
                case .sigmoid: kernels.pointee.sigmoid!(source, destination, x.count)
                case .tanh: kernels.pointee.tanh!(source, destination, x.count)
                case .softmax: kernels.pointee.softmax!(source, destination, x.count)
                case .logSoftmax: kernels.pointee.log_softmax!(source, destination, x.count)
                }
            }
        }
        return output
    }

    /// The kernels `evaluate(_:_:in:)` runs.
    package enum Function: CaseIterable, Sendable {
        case exp, sigmoid, tanh, softmax, logSoftmax
    }
}
