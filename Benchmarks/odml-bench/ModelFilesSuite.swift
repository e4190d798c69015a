import Foundation
import OnDeviceML
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `odml-bench modelfiles`: what loading an `.odml` model costs (issue #5's goals: load + validate
/// a 100 KB model in < 100 µs and a 5 MB one in < 5 ms).
///
/// - `disk_load_validate_<size>_<precision>`: `ModelFile.read(from:)` on a file in the page cache:
///   open, read (memory-mapped from 32 KiB), check bounds, CRC-32, shapes and header, and decode
///   every section to fp32 arrays.
/// - `memory_decode_validate_<size>_fp32`: `ModelFile.decode(_:)` of bytes already in memory
///   (the same validation and decoding, no file I/O).
/// - `disk_load_validate_cycle_gbt` / `_cycle_lstm`: the committed models in `Models/` (run from
///   the repository root), tree ensembles and an LSTM; skipped when not found.
/// - encrypted loads (PBKDF2 dominates at 100,000 rounds; 1 round isolates AES-GCM) and the atomic write.
///
/// Every record has the wall-clock median and p99 of the harness (`ours_median_us`, `ours_p99_us`)
/// and, for loads, the median and p99 of the thread CPU time of single calls
/// (`thread_cpu_median_us`, `thread_cpu_p99_us`), which leaves out time spent waiting for a core
/// on a shared machine (kernel time of the reading thread is included).
enum ModelFilesSuite {
    static func run(_ harness: BenchmarkHarness) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("odml-bench-modelfiles-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let small = model(tensorCount: 4, rows: 64, columns: 96, seed: 1)       // 24,576 floats ≈ 98 KB
        let large = model(tensorCount: 20, rows: 256, columns: 256, seed: 2)    // 1,310,720 floats ≈ 5.2 MB

        for (label, model, goal) in [("100KB", small, 100.0), ("5MB", large, 5000.0)] {
            for precision in TensorPrecision.allCases {
                let name = "disk_load_validate_\(label)_\(precision.rawValue)"
                guard harness.shouldRun(name) else { continue }
                let url = directory.appendingPathComponent("\(label)-\(precision.rawValue).odml")
                try model.write(to: url, precision: precision)
                var extra: [String: Any] = ["file_bytes": try fileSize(url)]
                if precision == .fp32 { extra["goal_us"] = goal }
                report(harness, name, extra: extra) { BenchmarkHarness.blackHole(try! ModelFile.read(from: url)) }
            }
            let name = "memory_decode_validate_\(label)_fp32"
            if harness.shouldRun(name) {
                let bytes = try model.encoded()
                report(harness, name, extra: ["file_bytes": bytes.count]) { BenchmarkHarness.blackHole(try! ModelFile.decode(bytes)) }
            }
        }

        for committed in ["cycle-gbt", "cycle-lstm"] {
            let name = "disk_load_validate_\(committed.replacingOccurrences(of: "-", with: "_"))"
            let url = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("Models/\(committed).odml")
            guard harness.shouldRun(name) else { continue }
            guard FileManager.default.fileExists(atPath: url.path) else {
                FileHandle.standardError.write(Data("odml-bench modelfiles: \(url.path) not found (run from the repository root); \(name) skipped\n".utf8))
                continue
            }
            report(harness, name, extra: ["file_bytes": try fileSize(url)]) { BenchmarkHarness.blackHole(try! ModelFile.read(from: url)) }
        }

        // Encrypted: PBKDF2 (100,000 rounds) dominates; the 1-round case isolates AES-GCM + decode.
        for rounds in [ModelFile.defaultKeyDerivationRounds, 1] {
            let url = directory.appendingPathComponent("encrypted-\(rounds).odml")
            let name = "disk_load_validate_100KB_encrypted_pbkdf2_\(rounds)_rounds"
            guard harness.shouldRun(name) else { continue }
            try small.write(to: url, password: "benchmark password", keyDerivationRounds: rounds)
            harness.report(name, harness.measure { BenchmarkHarness.blackHole(try! ModelFile.read(from: url, password: "benchmark password")) },
                           extra: ["rounds": rounds])
        }
        let encryptedName = "disk_load_validate_5MB_encrypted_pbkdf2_1_rounds"
        if harness.shouldRun(encryptedName) {
            let largeEncrypted = directory.appendingPathComponent("encrypted-large.odml")
            try large.write(to: largeEncrypted, password: "benchmark password", keyDerivationRounds: 1)
            harness.report(encryptedName,
                           harness.measure { BenchmarkHarness.blackHole(try! ModelFile.read(from: largeEncrypted, password: "benchmark password")) })
        }

        // Writing: encode + temp file + fsync + rename.
        if harness.shouldRun("write_atomic_5MB_fp32") {
            let writeURL = directory.appendingPathComponent("write.odml")
            harness.report("write_atomic_5MB_fp32", harness.measure { try! large.write(to: writeURL) })
        }
    }

    /// Reports the harness's wall-clock figures plus the thread CPU time of single calls.
    static func report(_ harness: BenchmarkHarness, _ name: String, extra: [String: Any], _ body: () -> Void) {
        let wall = harness.measure(body)
        var samples: [Double] = []
        for _ in 0..<max(200, harness.options.repetitions) {
            let start = threadCPUMicroseconds()
            body()
            samples.append(threadCPUMicroseconds() - start)
        }
        samples.sort()
        var fields = extra
        fields["thread_cpu_median_us"] = BenchmarkHarness.rounded(samples[samples.count / 2])
        fields["thread_cpu_p99_us"] = BenchmarkHarness.rounded(samples[Int((0.99 * Double(samples.count)).rounded(.up)) - 1])
        harness.report(name, wall, extra: fields)
    }

    /// CPU time consumed by the calling thread (user + kernel), in microseconds.
    static func threadCPUMicroseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) * 1e-3
    }

    static func fileSize(_ url: URL) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
    }

    /// `tensorCount` tensors of shape `[rows, columns]` with normal weights, plus a 48-feature schema.
    static func model(tensorCount: Int, rows: Int, columns: Int, seed: UInt64) -> ModelFile {
        var generator = SeededGenerator(seed: seed)
        var model = ModelFile(kind: "benchmark")
        model.header.features = (0..<48).map { FeatureSpec(name: "feature_\($0)", group: "group_\($0 % 4)", scaling: .standardization(mean: 0, standardDeviation: 1)) }
        model.header.metrics = ["mae": 1.5]
        for index in 0..<tensorCount {
            let scalars = (0..<(rows * columns)).map { _ in Float(generator.nextNormal()) * 0.1 }
            model.setTensor("layer.\(index).weight", Tensor(uncheckedShape: [rows, columns], scalars: scalars))
        }
        return model
    }
}
