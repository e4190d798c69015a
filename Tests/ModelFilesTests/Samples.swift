import Foundation
import TensorCore
@testable import ModelFiles

/// Small models and byte-editing helpers shared by the ModelFiles tests.
enum Samples {
    /// A 7-node, 2-tree ensemble that satisfies every structural rule.
    static let ensemble = TreeEnsembleSection(
        treeStarts: [0, 3],
        feature: [1, -1, -1, 0, -1, -1, -1],
        threshold: [0.5, 0, 0, -1.25, 0, 0, 0],
        left: [1, -1, -1, 4, -1, -1, -1],
        right: [2, -1, -1, 5, -1, -1, -1],
        value: [0.1, -0.4, 0.7, 0.05, 0.2, -0.3, 9],
        cover: [10, 4, 6, 10, 7, 3, 1],
        defaultLeft: [1, 0, 0, 0, 0, 0, 0])

    /// A header with every field set.
    static var header: ModelHeader {
        ModelHeader(kind: "cycle-lstm", createdAt: "2026-11-23T08:00:00Z",
                    features: [FeatureSpec(name: "sleep_hours", group: "sleep", scaling: .standardization(mean: 7.1, standardDeviation: 1.2)),
                               FeatureSpec(name: "cycle_day", scaling: .minMax(minimum: 1, maximum: 35)),
                               FeatureSpec(name: "mood")],
                    trainingDataFingerprint: "sha256:1f2e3d",
                    metrics: ["mae_days": 1.75, "coverage": 0.8],
                    properties: ["hidden_size": "8", "config": "{\"layers\":1}"])
    }

    /// A small model with tensors of ranks 0 to 2, a tree ensemble and a full header.
    static func model(seed: UInt64 = 1) -> ModelFile {
        var generator = SeededGenerator(seed: seed)
        var model = ModelFile(header: header)
        model.setTensor("lstm.0.weight_ih", Tensor(uncheckedShape: [4, 3], scalars: (0..<12).map { _ in Float(generator.nextNormal()) }))
        model.setTensor("lstm.0.bias", Tensor((0..<4).map { _ in Float(generator.nextUniform()) - 0.5 }))
        model.setTensor("scale", Tensor(uncheckedShape: [], scalars: [2.5]))
        model.setTensor("empty", Tensor(zeros: [0, 3]))
        model.setTreeEnsemble("gbt", ensemble)
        return model
    }

    /// Offset of the section table.
    static func tableOffset(_ bytes: [UInt8]) -> Int { Int(clamping: load(UInt64.self, bytes, at: 32)) }

    /// Offset of section table entry `index` (entries are variable-length).
    static func entryOffset(_ bytes: [UInt8], index: Int) -> Int {
        var cursor = tableOffset(bytes)
        for _ in 0..<index { cursor += Int(load(UInt32.self, bytes, at: cursor)) }
        return cursor
    }

    static func load<T: FixedWidthInteger>(_: T.Type, _ bytes: [UInt8], at offset: Int) -> T {
        bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
    }

    static func store<T: FixedWidthInteger>(_ value: T, _ bytes: inout [UInt8], at offset: Int) {
        bytes.withUnsafeMutableBytes { $0.storeBytes(of: value.littleEndian, toByteOffset: offset, as: T.self) }
    }

    /// Recomputes the container CRC-32 after an edit (plain containers only).
    static func fixChecksum(_ bytes: inout [UInt8]) {
        guard bytes.count >= 64 else { return }
        let checksum = bytes.withUnsafeBytes { _CRC32.containerChecksum($0) }
        store(checksum, &bytes, at: 60)
    }

    /// The `ModelFileError` that `body` throws, or `nil` (and a recorded issue) otherwise.
    static func modelFileError(_ body: () throws -> Void) -> ModelFileError? {
        do {
            try body()
            return nil
        } catch let error as ModelFileError {
            return error
        } catch {
            return nil
        }
    }

    /// A fresh empty directory under the temporary directory.
    static func temporaryDirectory() throws -> URL {
        var generator = SystemRandomNumberGenerator()
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("odml-tests-\(generator.next())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
