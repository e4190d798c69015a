/// The BLAS kernels this process runs, and whether they are the ones the CPU allows.
///
/// OpenBLAS picks its kernels once, when it loads, from the CPU's model number, and gives a model
/// newer than its release its oldest x86-64 kernels ("Prescott", SSE3): 2 to 5 times slower
/// matrix products on a cloud machine whose CPU postdates the distribution's OpenBLAS, with no
/// sign of it. TensorCore therefore opens OpenBLAS itself on Linux, on the first BLAS call, after
/// choosing the kernel from the CPU's features (`recommendedCoreType(for:)`) and putting it in
/// `OPENBLAS_CORETYPE` for the load, unless the user set that variable. Every program that links
/// TensorCore gets the right kernels; `BLAS.checkKernel()` says when it still did not (the user
/// forced an older one, another library loaded OpenBLAS first, or this OpenBLAS lacks the kernel),
/// with a one-line fix. (The alternative, `odml` re-executing itself with the variable set, would
/// leave apps, tests and benchmarks, which are not `odml`, on the wrong kernels.)
///
/// On Apple platforms the BLAS is Accelerate, which needs no choosing.
public struct BLASKernel: Sendable, Equatable, Encodable {
    /// How the kernel came to be chosen.
    public enum Choice: String, Sendable, Codable {
        /// OpenBLAS chose by itself (no recommendation for this CPU).
        case library
        /// `OPENBLAS_CORETYPE` was set by the user.
        case environment
        /// TensorCore set `OPENBLAS_CORETYPE` to its recommendation while loading OpenBLAS.
        case tensorCore = "tensor-core"
        /// OpenBLAS was already loaded (by another library of the process) when TensorCore opened it.
        case loadedEarlier = "loaded-earlier"
        /// The platform's BLAS has no kernels to choose (Accelerate).
        case platform
    }

    /// The kernel in use: OpenBLAS's core name (`openblas_get_corename`), `"Accelerate"` on Apple platforms.
    public var name: String
    /// The library's build description (`openblas_get_config`), or the reason it could not be opened.
    public var library: String
    /// The file the library was loaded from (Linux).
    public var path: String?
    /// How the kernel came to be chosen.
    public var choice: Choice
    /// `OPENBLAS_CORETYPE` as OpenBLAS saw it when loading (`nil` when unset).
    public var coreType: String?
    /// The CPU.
    public var cpu: CPUDescription
    /// The kernel TensorCore recommends for this CPU (`nil`: none, OpenBLAS's own choice stands).
    public var recommended: String?

    /// Describes a kernel in use on `cpu`.
    public init(name: String, library: String, path: String?, choice: Choice, coreType: String?, cpu: CPUDescription,
                recommended: String?) {
        self.name = name
        self.library = library
        self.path = path
        self.choice = choice
        self.coreType = coreType
        self.cpu = cpu
        self.recommended = recommended
    }

    /// Whether the kernel in use is for an older vector level than the recommended one (e.g.
    /// "Prescott", SSE3, on an AVX-512 CPU). Kernels the table does not know are not judged.
    public var isOlderThanCPUAllows: Bool {
        guard let recommended, let wanted = BLASKernel.vectorLevel(of: recommended),
              let used = BLASKernel.vectorLevel(of: name) else { return false }
        return used < wanted
    }

    /// One line a person can act on when `isOlderThanCPUAllows`, else `nil`.
    public var fix: String? {
        guard isOlderThanCPUAllows, let recommended else { return nil }
        switch choice {
        case .environment:
            return "OPENBLAS_CORETYPE=\(coreType ?? name) forces older kernels: unset it or export OPENBLAS_CORETYPE=\(recommended)"
        case .loadedEarlier:
            return "OpenBLAS was loaded before TensorCore could choose its kernels: export OPENBLAS_CORETYPE=\(recommended) "
                + "before starting the program"
        case .tensorCore, .library, .platform:
            return "this OpenBLAS has no \(recommended) kernels: install one built with DYNAMIC_ARCH (Debian 12: "
                + "libopenblas0-pthread 0.3.21) or a newer release"
        }
    }

    /// The kernel and how it was chosen, for one-line reports: `SkylakeX (set by TensorCore for
    /// AVX-512)`, `Prescott (OPENBLAS_CORETYPE=Prescott set by the user; older than this CPU allows: SkylakeX)`.
    public var shortSummary: String {
        let older = isOlderThanCPUAllows ? "; older than this CPU allows: \(recommended ?? "")" : ""
        return "\(name) (\(howChosen)\(older))"
    }

    private var howChosen: String {
        switch choice {
        case .library: "chosen by OpenBLAS"
        case .environment: "OPENBLAS_CORETYPE=\(coreType ?? "") set by the user"
        case .tensorCore: "set by TensorCore for \(cpu.vectorLevel)"
        case .loadedEarlier: "OpenBLAS loaded before TensorCore"
        case .platform: "platform BLAS"
        }
    }

    /// One line for `odml info`: `SkylakeX (set by TensorCore for AVX-512) — OpenBLAS 0.3.21 …`,
    /// and the fix when the kernel is older than the CPU allows.
    public var summary: String {
        let warning = isOlderThanCPUAllows ? "; OLDER than this CPU allows (\(recommended ?? "")): \(fix ?? "")" : ""
        return "\(name) (\(howChosen)) — \(library)\(warning)"
    }

    private enum CodingKeys: String, CodingKey {
        case name, library, path, choice, coreType = "core_type", recommended, olderThanCPU = "older_than_cpu", fix
    }

    /// The kernel's fields and its verdict (`older_than_cpu`, `fix`), without the CPU (reports
    /// write `CPUDescription` beside it).
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(library, forKey: .library)
        try container.encodeIfPresent(path, forKey: .path)
        try container.encode(choice, forKey: .choice)
        try container.encodeIfPresent(coreType, forKey: .coreType)
        try container.encodeIfPresent(recommended, forKey: .recommended)
        try container.encode(isOlderThanCPUAllows, forKey: .olderThanCPU)
        try container.encodeIfPresent(fix, forKey: .fix)
    }

    // MARK: - The table

    /// The OpenBLAS kernel for `cpu` (x86-64), by features rather than model number, so that a
    /// newer model than OpenBLAS knows still gets its vector width: AVX-512 (F, BW, VL, DQ) →
    /// `SkylakeX` (Intel and AMD Zen 4 alike: OpenBLAS 0.3.21 picks the same kernels, under the name
    /// Cooperlake, on a Zen 4 it knows, and numpy's OpenBLAS picks SkylakeX there); AVX2 + FMA →
    /// `Zen` on AMD, `Haswell` otherwise; AVX → `Sandybridge`. `nil` for older x86-64 CPUs and other
    /// architectures (OpenBLAS's own choice stands). Every name is known to OpenBLAS since 0.3.0.
    public static func recommendedCoreType(for cpu: CPUDescription) -> String? {
        switch cpu.vectorLevel {
        case .avx512: "SkylakeX"
        case .avx2: cpu.vendor == "AuthenticAMD" || cpu.vendor == "HygonGenuine" ? "Zen" : "Haswell"
        case .avx: "Sandybridge"
        case .sse, .neon: nil
        }
    }

    /// The vector level an OpenBLAS x86-64 kernel is written for, `nil` for a name not in the
    /// table (another architecture's kernels, a newer release's names).
    public static func vectorLevel(of coreType: String) -> CPUDescription.VectorLevel? {
        let name = coreType.lowercased()
        if ["skylakex", "cooperlake", "sapphirerapids"].contains(name) { return .avx512 }
        if ["haswell", "zen"].contains(name) { return .avx2 }
        if ["sandybridge", "bulldozer", "piledriver", "steamroller", "excavator"].contains(name) { return .avx }
        if ["katmai", "coppermine", "northwood", "prescott", "banias", "atom", "core2", "penryn", "dunnington", "nehalem",
            "athlon", "opteron", "opteron_sse3", "barcelona", "nano", "bobcat"].contains(name) { return .sse }
        return nil
    }
}
