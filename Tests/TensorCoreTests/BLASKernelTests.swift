import Testing
import TensorCore

/// The BLAS kernels: the ones in use fit this CPU, and the table and the diagnostic on CPUs of
/// every kind (a planted misdetection, `OPENBLAS_CORETYPE=Prescott`, is run end to end by
/// `odmlTests.CLISnapshotTests`).
@Suite struct BLASKernelTests {
    static func cpu(_ vendor: String, _ features: [CPUDescription.Feature]) -> CPUDescription {
        CPUDescription(vendor: vendor, brand: "test", family: 6, model: 207, features: features)
    }

    static let avx2: [CPUDescription.Feature] = [.sse3, .ssse3, .sse41, .sse42, .avx, .avx2, .fma]
    static let avx512 = avx2 + [.avx512f, .avx512bw, .avx512vl, .avx512dq, .avx512cd]

    /// Fails when this process's BLAS runs kernels for an older vector level than the CPU has (as
    /// OpenBLAS 0.3.21 does by itself on CPU models newer than it: Prescott, SSE3, on an AVX-512
    /// Xeon), and says which and the fix. When the environment forces a kernel
    /// (`OPENBLAS_CORETYPE` set before the process started, as some machines do), that choice
    /// stands: an older one must then give the typed diagnostic naming the fix instead.
    @Test func theKernelsInUseAreNotOlderThanTheCPUAllows() throws {
        let kernel = BLAS.kernel
        if kernel.choice == .environment {
            if kernel.isOlderThanCPUAllows {
                #expect(throws: TensorError.self) { try BLAS.checkKernel() }
                #expect(kernel.fix?.contains("OPENBLAS_CORETYPE=\(kernel.recommended ?? "?")") == true, "\(kernel.summary)")
            } else {
                try BLAS.checkKernel()
            }
            return
        }
        #expect(!kernel.isOlderThanCPUAllows, "\(kernel.summary)")
        try BLAS.checkKernel()
        if let recommended = kernel.recommended, kernel.choice == .tensorCore {
            #expect(kernel.name.lowercased() == recommended.lowercased(), "\(kernel.summary)")
        }
    }

    @Test func theTableChoosesByFeaturesNotByModel() {
        #expect(BLASKernel.recommendedCoreType(for: Self.cpu("GenuineIntel", Self.avx512)) == "SkylakeX")
        #expect(BLASKernel.recommendedCoreType(for: Self.cpu("AuthenticAMD", Self.avx512)) == "SkylakeX")
        #expect(BLASKernel.recommendedCoreType(for: Self.cpu("GenuineIntel", Self.avx2)) == "Haswell")
        #expect(BLASKernel.recommendedCoreType(for: Self.cpu("AuthenticAMD", Self.avx2)) == "Zen")
        #expect(BLASKernel.recommendedCoreType(for: Self.cpu("GenuineIntel", [.sse3, .avx])) == "Sandybridge")
        #expect(BLASKernel.recommendedCoreType(for: Self.cpu("GenuineIntel", [.sse3, .ssse3])) == nil)
        #expect(BLASKernel.recommendedCoreType(for: CPUDescription(vendor: "arm64", brand: "", family: 0, model: 0,
                                                                   features: [.neon])) == nil)
        // AVX-512F alone (no BW/VL/DQ: Xeon Phi) is not the SkylakeX level.
        #expect(BLASKernel.recommendedCoreType(for: Self.cpu("GenuineIntel", Self.avx2 + [.avx512f])) == "Haswell")
    }

    @Test func aForcedOlderKernelIsReportedWithTheFix() {
        let xeon = Self.cpu("GenuineIntel", Self.avx512)
        let forced = BLASKernel(name: "Prescott", library: "OpenBLAS 0.3.21", path: nil, choice: .environment, coreType: "Prescott",
                                cpu: xeon, recommended: "SkylakeX")
        #expect(forced.isOlderThanCPUAllows)
        #expect(forced.fix == "OPENBLAS_CORETYPE=Prescott forces older kernels: unset it or export OPENBLAS_CORETYPE=SkylakeX")
        let error = TensorError.blasKernelOlderThanCPU(kernel: forced.name, recommended: "SkylakeX", cpu: xeon.summary, fix: forced.fix ?? "")
        #expect(error.description.hasPrefix("BLAS kernels Prescott are older than this CPU allows (SkylakeX for test (GenuineIntel family 6 model 207)"))
        #expect(error.description.hasSuffix("unset it or export OPENBLAS_CORETYPE=SkylakeX"))

        var earlier = forced
        earlier.choice = .loadedEarlier
        #expect(earlier.fix?.hasPrefix("OpenBLAS was loaded before TensorCore") == true)
        var same = forced
        same.name = "Cooperlake"
        #expect(!same.isOlderThanCPUAllows && same.fix == nil)
        var unknown = forced
        unknown.name = "NEOVERSEN1"
        #expect(!unknown.isOlderThanCPUAllows)
    }

    @Test func vectorLevelsOfTheKernelNames() {
        #expect(BLASKernel.vectorLevel(of: "Prescott") == .sse)
        #expect(BLASKernel.vectorLevel(of: "Sandybridge") == .avx)
        #expect(BLASKernel.vectorLevel(of: "Haswell") == .avx2)
        #expect(BLASKernel.vectorLevel(of: "ZEN") == .avx2)
        #expect(BLASKernel.vectorLevel(of: "SkylakeX") == .avx512)
        #expect(BLASKernel.vectorLevel(of: "Cooperlake") == .avx512)
        #expect(BLASKernel.vectorLevel(of: "ARMV8") == nil)
    }

    @Test func theCPUIsDescribed() {
        let cpu = CPUDescription.current
        #expect(!cpu.vendor.isEmpty)
        #expect(cpu.summary.contains(cpu.vendor))
        #if arch(x86_64)
        #expect(cpu.has(.sse3) && cpu.family > 0)
        #elseif arch(arm64)
        #expect(cpu.has(.neon))
        #endif
    }
}
