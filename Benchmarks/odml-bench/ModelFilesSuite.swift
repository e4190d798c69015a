import Foundation
import OnDeviceML

/// `odml-bench modelfiles`: load + validate `.odml` files of 100 KB and 5 MB (goals: < 100 µs and
/// < 5 ms), at each precision, encrypted, plus the CRC-32 and the atomic write on their own.
enum ModelFilesSuite {
    static func run(_ harness: BenchmarkHarness) throws {
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
                let name = "load_\(label)_\(precision.rawValue)"
                guard harness.shouldRun(name) else { continue }
                var extra: [String: Any] = ["file_bytes": size]
                if precision == .fp32 { extra["goal_us"] = goal }
                harness.report(name, harness.measure { BenchmarkHarness.blackHole(try! ModelFile.read(from: url)) }, extra: extra)
            }
            let bytes = try model.encoded()
            let name = "decode_in_memory_\(label)_fp32"
            if harness.shouldRun(name) {
                harness.report(name, harness.measure { BenchmarkHarness.blackHole(try! ModelFile.decode(bytes)) },
                               extra: ["file_bytes": bytes.count])
            }
        }

        // Encrypted: PBKDF2 (100,000 rounds) dominates; the 1-round case isolates AES-GCM + decode.
        for rounds in [ModelFile.defaultKeyDerivationRounds, 1] {
            let url = directory.appendingPathComponent("encrypted-\(rounds).odml")
            let name = "load_100KB_encrypted_pbkdf2_\(rounds)_rounds"
            guard harness.shouldRun(name) else { continue }
            try small.write(to: url, password: "benchmark password", keyDerivationRounds: rounds)
            harness.report(name, harness.measure { BenchmarkHarness.blackHole(try! ModelFile.read(from: url, password: "benchmark password")) },
                           extra: ["rounds": rounds])
        }
        if harness.shouldRun("load_5MB_encrypted_pbkdf2_1_rounds") {
            let largeEncrypted = directory.appendingPathComponent("encrypted-large.odml")
            try large.write(to: largeEncrypted, password: "benchmark password", keyDerivationRounds: 1)
            harness.report("load_5MB_encrypted_pbkdf2_1_rounds",
                           harness.measure { BenchmarkHarness.blackHole(try! ModelFile.read(from: largeEncrypted, password: "benchmark password")) })
        }

        // Writing: encode + temp file + fsync + rename.
        if harness.shouldRun("write_atomic_5MB_fp32") {
            let writeURL = directory.appendingPathComponent("write.odml")
            harness.report("write_atomic_5MB_fp32", harness.measure { try! large.write(to: writeURL) })
        }
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
