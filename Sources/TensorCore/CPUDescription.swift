import CTensorCoreKernels

/// The processor this process runs on: its vendor, model and the vector instructions it (and the
/// operating system) supports, from CPUID on x86-64. What TensorCore chooses its kernels by
/// (`BLAS.kernel`, `VectorMath.instructionSet`), and what reports print beside their timings.
public struct CPUDescription: Sendable, Equatable, Codable {
    /// A vector instruction set extension the kernels care about.
    public enum Feature: String, Sendable, CaseIterable, Codable {
        case sse3 = "SSE3", ssse3 = "SSSE3", sse41 = "SSE4.1", sse42 = "SSE4.2", avx = "AVX", avx2 = "AVX2", fma = "FMA",
             f16c = "F16C", avx512f = "AVX-512F", avx512bw = "AVX-512BW", avx512vl = "AVX-512VL", avx512dq = "AVX-512DQ",
             avx512cd = "AVX-512CD", avx512vnni = "AVX-512VNNI", avx512bf16 = "AVX-512BF16", neon = "NEON"

        var bit: UInt32 {
            switch self {
            case .sse3: UInt32(ODML_CPU_SSE3)
            case .ssse3: UInt32(ODML_CPU_SSSE3)
            case .sse41: UInt32(ODML_CPU_SSE4_1)
            case .sse42: UInt32(ODML_CPU_SSE4_2)
            case .avx: UInt32(ODML_CPU_AVX)
            case .avx2: UInt32(ODML_CPU_AVX2)
            case .fma: UInt32(ODML_CPU_FMA)
            case .f16c: UInt32(ODML_CPU_F16C)
            case .avx512f: UInt32(ODML_CPU_AVX512F)
            case .avx512bw: UInt32(ODML_CPU_AVX512BW)
            case .avx512vl: UInt32(ODML_CPU_AVX512VL)
            case .avx512dq: UInt32(ODML_CPU_AVX512DQ)
            case .avx512cd: UInt32(ODML_CPU_AVX512CD)
            case .avx512vnni: UInt32(ODML_CPU_AVX512VNNI)
            case .avx512bf16: UInt32(ODML_CPU_AVX512BF16)
            case .neon: UInt32(ODML_CPU_NEON)
            }
        }
    }

    /// CPUID's vendor (`"GenuineIntel"`, `"AuthenticAMD"`), `"arm64"` on arm64.
    public var vendor: String
    /// The model name (CPUID's brand string), empty when the CPU gives none.
    public var brand: String
    /// Display family and model (x86-64; 0 elsewhere).
    public var family: Int
    public var model: Int
    /// The features the CPU has and the operating system enabled, in `Feature.allCases` order.
    public var features: [Feature]

    /// Describes a CPU.
    public init(vendor: String, brand: String, family: Int, model: Int, features: [Feature]) {
        self.vendor = vendor
        self.brand = brand
        self.family = family
        self.model = model
        self.features = Feature.allCases.filter(features.contains)
    }

    /// This machine's CPU.
    public static let current: CPUDescription = {
        let cpu = odml_cpu_current().pointee
        return CPUDescription(vendor: _CText.string(cpu.vendor), brand: _CText.string(cpu.brand), family: Int(cpu.family), model: Int(cpu.model),
                              features: Feature.allCases.filter { cpu.features & $0.bit != 0 })
    }()

    /// Whether the CPU has `feature`.
    public func has(_ feature: Feature) -> Bool { features.contains(feature) }

    /// The widest vector level: `"AVX-512"` (F, BW, VL, DQ), `"AVX2"` (with FMA), `"AVX"`,
    /// `"NEON"` or `"SSE"`.
    public var vectorLevel: VectorLevel {
        if has(.neon) { return .neon }
        if [.avx512f, .avx512bw, .avx512vl, .avx512dq].allSatisfy(has) { return .avx512 }
        if has(.avx2) && has(.fma) { return .avx2 }
        if has(.avx) { return .avx }
        return .sse
    }

    /// Vector levels, in the order x86-64 CPUs gained them.
    public enum VectorLevel: Int, Sendable, Comparable, Codable, CustomStringConvertible {
        case sse, avx, avx2, avx512, neon

        public static func < (lhs: VectorLevel, rhs: VectorLevel) -> Bool { lhs.rawValue < rhs.rawValue }

        public var description: String {
            switch self {
            case .sse: "SSE"
            case .avx: "AVX"
            case .avx2: "AVX2"
            case .avx512: "AVX-512"
            case .neon: "NEON"
            }
        }
    }

    /// One line: `AMD EPYC (AuthenticAMD family 25 model 17): SSE3 … AVX-512BF16`.
    public var summary: String {
        let name = brand.isEmpty ? "unnamed CPU" : brand
        let identity = family == 0 && model == 0 ? vendor : "\(vendor) family \(family) model \(model)"
        return "\(name) (\(identity)): " + (features.isEmpty ? "no vector extensions" : features.map(\.rawValue).joined(separator: " "))
    }
}
