import Foundation
import OnDeviceML

/// `odml-bench modelfiles`: load + validate `.odml` files of 100 KB and 5 MB (goals: < 100 µs and
/// < 5 ms), at each precision, encrypted, plus the CRC-32 and the atomic write on their own.
enum ModelFilesSuite {
    static func run(arguments: [String]) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("odml-bench-modelfiles-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let small = model(tensorCount: 4, rows: 64, columns: 96, seed: 1)       // 24,576 floats ≈ 98 KB
        let large = model(tensorCount: 20, rows: 256, columns: 256, seed: 2)    // 1,310,720 floats ≈ 5.2 MB

        for (label, model, goal) in [("100KB", small, 100.0), ("5MB", large, 5000.0)] {
            for precision in TensorPrecision.allCases {
                let url = directory.appendingPathComponent("\(label)-\(precision.rawValue).odml")
                try model.write(to: url, precision: precision)
                let size = try FileManager.default.attributesOfItem(atPath: url.path)[.size] as! Int
                let stats = measure { _ = try! ModelFile.read(from: url) }
                report(case: "load_\(label)_\(precision.rawValue)", stats,
                       extra: ["file_bytes": Double(size), "goal_us": precision == .fp32 ? goal : nil])
            }
            let bytes = try model.encoded()
            let decode = measure { _ = try! ModelFile.decode(bytes) }
            report(case: "decode_in_memory_\(label)_fp32", decode, extra: ["file_bytes": Double(bytes.count)])
        }

        // Encrypted: PBKDF2 (100,000 rounds) dominates; the 1-round case isolates AES-GCM + decode.
        for rounds in [ModelFile.defaultKeyDerivationRounds, 1] {
            let url = directory.appendingPathComponent("encrypted-\(rounds).odml")
            try small.write(to: url, password: "benchmark password", keyDerivationRounds: rounds)
            let stats = measure(minimumRepetitions: 30, budgetSeconds: 2) { _ = try! ModelFile.read(from: url, password: "benchmark password") }
            report(case: "load_100KB_encrypted_pbkdf2_\(rounds)_rounds", stats, extra: ["rounds": Double(rounds)])
        }
        let largeEncrypted = directory.appendingPathComponent("encrypted-large.odml")
        try large.write(to: largeEncrypted, password: "benchmark password", keyDerivationRounds: 1)
        report(case: "load_5MB_encrypted_pbkdf2_1_rounds",
               measure { _ = try! ModelFile.read(from: largeEncrypted, password: "benchmark password") }, extra: [:])

        // Writing: encode + temp file + fsync + rename.
        let writeURL = directory.appendingPathComponent("write.odml")
        report(case: "write_atomic_5MB_fp32", measure(minimumRepetitions: 30, budgetSeconds: 3) { try! large.write(to: writeURL) }, extra: [:])
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

    struct Statistics {
        var medianMicroseconds: Double
        var p99Microseconds: Double
        var repetitions: Int
        /// Median thread CPU time: robust to a busy machine, where wall time includes waiting for a core.
        var cpuMedianMicroseconds: Double
    }

    /// CPU time of the calling thread, in microseconds.
    static func threadCPUMicroseconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) * 1e6 + Double(time.tv_nsec) / 1e3
    }

    /// Runs `body` after a warm-up, at least `minimumRepetitions` times and until `budgetSeconds` pass
    /// (at most 2,000 times); returns the median and 99th percentile in microseconds.
    static func measure(minimumRepetitions: Int = 50, budgetSeconds: Double = 1, _ body: () -> Void) -> Statistics {
        for _ in 0..<3 { body() }
        var samples: [Double] = []
        var cpuSamples: [Double] = []
        let start = DispatchTime.now().uptimeNanoseconds
        while samples.count < minimumRepetitions
            || (samples.count < 2000 && Double(DispatchTime.now().uptimeNanoseconds - start) < budgetSeconds * 1e9) {
            let cpuBefore = threadCPUMicroseconds()
            let before = DispatchTime.now().uptimeNanoseconds
            body()
            samples.append(Double(DispatchTime.now().uptimeNanoseconds - before) / 1000)
            cpuSamples.append(threadCPUMicroseconds() - cpuBefore)
        }
        samples.sort()
        cpuSamples.sort()
        let p99Index = min(samples.count - 1, Int((Double(samples.count) * 0.99).rounded(.up)) - 1)
        return Statistics(medianMicroseconds: samples[samples.count / 2], p99Microseconds: samples[p99Index], repetitions: samples.count,
                          cpuMedianMicroseconds: cpuSamples[cpuSamples.count / 2])
    }

    /// Prints one JSON line in the harness format.
    static func report(case name: String, _ statistics: Statistics, extra: [String: Double?]) {
        var record: [String: Any] = [
            "benchmark": "modelfiles", "case": name,
            "ours_median_us": (statistics.medianMicroseconds * 100).rounded() / 100,
            "ours_p99_us": (statistics.p99Microseconds * 100).rounded() / 100,
            "repetitions": statistics.repetitions,
            "ours_cpu_median_us": (statistics.cpuMedianMicroseconds * 100).rounded() / 100,
        ]
        for (key, value) in extra { if let value { record[key] = value } }
        let data = try! JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
        print(String(decoding: data, as: UTF8.self))
        fflush(nil)
    }
}
