// swift-tools-version:6.0
import PackageDescription

// MARK: - Public API
let publicTargets: [Target] = [
    .target(name: "TensorCore", dependencies: ["CBLAS"]),
    .target(name: "NeuralNet", dependencies: ["TensorCore", "CNeuralNetKernels"]),
    .target(name: "BoostedTrees", dependencies: ["TensorCore", "CBoostedTreesKernels"]),
    .target(name: "Bandits", dependencies: ["TensorCore"]),
    .target(name: "Explanations", dependencies: ["TensorCore", "NeuralNet", "BoostedTrees"],
            resources: [.copy("Templates")]),
    .target(name: "ModelFiles", dependencies: [
        "TensorCore", "CModelFilesKernels",
        .product(name: "Crypto", package: "swift-crypto"),
        .product(name: "_CryptoExtras", package: "swift-crypto"),
    ], exclude: ["FORMAT.md"]),
    .target(name: "Cycles", dependencies: [
        "TensorCore", "NeuralNet", "BoostedTrees", "Explanations", "ModelFiles",
        .product(name: "GRDB", package: "GRDB.swift"),
    ]),
    .target(name: "Personalization", dependencies: [
        "Cycles", "ModelFiles", .product(name: "GRDB", package: "GRDB.swift"),
    ]),
    .target(name: "Elaro", dependencies: ["TensorCore", "Bandits", "Explanations"]),
    .target(name: "Validation", dependencies: ["Cycles", "Personalization", "ModelFiles"]),
    .target(name: "ONNXExport", dependencies: [
        "TensorCore", "NeuralNet", "BoostedTrees", "Cycles", "ModelFiles",
        .product(name: "SwiftProtobuf", package: "swift-protobuf"),
    ], exclude: ["Protos"]),
    .target(name: "OnDeviceML", dependencies: [
        "TensorCore", "NeuralNet", "BoostedTrees", "Bandits", "Explanations", "ModelFiles",
        "Cycles", "Personalization", "Elaro", "Validation", "ONNXExport",
    ]),
    .executableTarget(name: "odml", dependencies: [
        "OnDeviceML", .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ]),
]

// MARK: - Implementation details
let implementationTargets: [Target] = [
    .systemLibrary(name: "CBLAS", pkgConfig: "openblas",
                   providers: [.apt(["libopenblas-dev", "liblapacke-dev"])]),
    .target(name: "_TestSupport", dependencies: ["TensorCore"]),
    .target(name: "CModelFilesKernels"),   // ModelFiles' CPU-specific kernels (C intrinsics)
    .target(name: "CNeuralNetKernels"),    // NeuralNet's CPU-specific kernels (C intrinsics)
    .target(name: "CBoostedTreesKernels"), // BoostedTrees' kernels with cache prefetch hints (C)
    .executableTarget(name: "odml-bench", dependencies: [
        "OnDeviceML", "CBLAS",
    ], path: "Benchmarks/odml-bench"),
]

// MARK: - Tests
let testTargets: [Target] = [
    .testTarget(name: "TensorCoreTests", dependencies: ["TensorCore", "_TestSupport"]),
    .testTarget(name: "NeuralNetTests", dependencies: ["NeuralNet", "_TestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "BoostedTreesTests", dependencies: ["BoostedTrees", "_TestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "BanditsTests", dependencies: ["Bandits", "_TestSupport"]),
    .testTarget(name: "ExplanationsTests", dependencies: ["Explanations", "_TestSupport"]),
    .testTarget(name: "ModelFilesTests", dependencies: ["ModelFiles", "_TestSupport"]),
    .testTarget(name: "CyclesTests", dependencies: ["Cycles", "_TestSupport"], exclude: ["Fixtures"]),
    .testTarget(name: "PersonalizationTests", dependencies: ["Personalization", "_TestSupport"]),
    .testTarget(name: "ElaroTests", dependencies: ["Elaro", "_TestSupport"]),
    .testTarget(name: "ValidationTests", dependencies: ["Validation", "_TestSupport"]),
    .testTarget(name: "ONNXExportTests", dependencies: [
        "ONNXExport", "_TestSupport", .product(name: "SwiftProtobuf", package: "swift-protobuf"),
    ], resources: [.copy("Fixtures")]),
    .testTarget(name: "odmlTests", dependencies: ["odml", "_TestSupport"], exclude: ["__Snapshots__"]),
]

let package = Package(
    name: "OnDeviceML",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "OnDeviceML", targets: ["OnDeviceML"]),
        .executable(name: "odml", targets: ["odml"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
    ],
    targets: publicTargets + implementationTargets + testTargets
)
