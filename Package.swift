// swift-tools-version:6.1
import PackageDescription

/// Apple platforms take BLAS and LAPACK from Accelerate, through its current interface: the macro
/// reaches the Swift compiler's Clang importer (`-Xcc -D`) of the targets that call the BLAS.
let accelerateInterface: [CSetting] = [
    .define("ACCELERATE_NEW_LAPACK", .when(platforms: [.macOS, .macCatalyst, .iOS, .tvOS, .watchOS, .visionOS])),
]
/// Linux takes BLAS and LAPACK from OpenBLAS, which TensorCore opens at run time
/// (`CTensorCoreKernels`), after choosing its kernels from the CPU's features.

/// The package traits (all on by default): each turns on one optional capability and the dependency
/// it needs. `swift build --disable-default-traits --product odml` builds the lean tool that
/// `make demo` runs (validation needs none of them); see README.md, "Package traits".
let packageTraits: Set<Trait> = [
    .trait(name: "SQLite", description: "SQLite datasets and the app's own database, the on-device loop (GRDB, swift-crypto)"),
    .trait(name: "Encryption", description: "Encrypted model files: AES-256-GCM, PBKDF2 (swift-crypto)"),
    .trait(name: "Exports", description: "ONNX, TFLite and Core ML exports (SwiftProtobuf)"),
    .default(enabledTraits: ["SQLite", "Encryption", "Exports"]),
]
let grdb: Target.Dependency = .product(name: "GRDB", package: "GRDB.swift", condition: .when(traits: ["SQLite"]))
let swiftProtobuf: Target.Dependency = .product(name: "SwiftProtobuf", package: "swift-protobuf", condition: .when(traits: ["Exports"]))

// MARK: - Public API
let publicTargets: [Target] = [
    .target(name: "TensorCore", dependencies: ["CTensorCoreKernels"], cSettings: accelerateInterface),
    .target(name: "NeuralNet", dependencies: ["TensorCore", "CNeuralNetKernels"]),
    .target(name: "BoostedTrees", dependencies: ["TensorCore", "CBoostedTreesKernels"]),
    .target(name: "Bandits", dependencies: ["TensorCore"]),
    // The generic sentence engine (attribution, languages, templates): no learner, no domain word.
    .target(name: "Explanations", resources: [.copy("Templates")]),
    // Attributions of the learners: TreeSHAP of BoostedTrees' models, Integrated Gradients through NeuralNet's LSTM.
    .target(name: "ExplanationAdapters", dependencies: ["NeuralNet", "BoostedTrees", "Explanations"]),
    .target(name: "ModelFiles", dependencies: [
        "TensorCore", "CModelFilesKernels",
        .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["Encryption"])),
        .product(name: "_CryptoExtras", package: "swift-crypto", condition: .when(traits: ["Encryption"])),
    ], exclude: ["FORMAT.md"]),
    .target(name: "Cycles", dependencies: [
        "TensorCore", "NeuralNet", "BoostedTrees", "Explanations", "ExplanationAdapters", "ModelFiles",
        grdb,
    ], resources: [.copy("Phrases")]),
    .target(name: "Personalization", dependencies: [
        "TensorCore", "BoostedTrees", "Explanations", "Cycles", "ModelFiles", grdb,
        .product(name: "Crypto", package: "swift-crypto", condition: .when(traits: ["SQLite"])),
    ], resources: [.copy("Schema")]),
    .target(name: "Elaro", dependencies: ["TensorCore", "Bandits", "Explanations"], resources: [.copy("Phrases"), .copy("Content")]),
    // What ShifAI links: the cycle engine, model files, reasoning, the loop on the app's database (no lab code, no Elaro).
    .target(name: "ShifAIRuntime", dependencies: ["Cycles", "Explanations", "ModelFiles", "Personalization"]),
    // What Elaro links: the daily recommender, its bandit and its reasons (no lab code, no cycle engine).
    .target(name: "ElaroRuntime", dependencies: ["Elaro", "Explanations"]),
    // The C API (include/odml.h) over both apps' runtimes, for Android (JNI), Python and any C FFI. Linked
    // with the Swift runtime inside (-static-stdlib), so the library needs only the C and C++ runtimes.
    // It exports the header's functions only (exports.map).
    .target(name: "OnDeviceMLC", dependencies: ["ShifAIRuntime", "ElaroRuntime", "TensorCore"], exclude: ["include", "exports.map"],
            linkerSettings: [.unsafeFlags(["-static-stdlib", "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/OnDeviceMLC/exports.map"]
                                          + ["CoreFoundation", "_FoundationICU", "_FoundationCollections", "_FoundationCShims", "swiftSynchronization"].flatMap { ["-Xlinker", "-l:lib\($0).a"] },
                                          .when(platforms: [.linux]))]),

    // MARK: The lab (toolkit only): generators, importers, evaluation, training, simulators
    .target(name: "CyclesLab", dependencies: [
        "TensorCore", "NeuralNet", "BoostedTrees", "Explanations", "ModelFiles", "Cycles",
        grdb,
    ]),
    .target(name: "PersonalizationLab", dependencies: [
        "TensorCore", "Explanations", "Cycles", "CyclesLab", "Personalization", "SVGCharts", grdb,
    ]),
    .target(name: "ElaroLab", dependencies: ["TensorCore", "Bandits", "Elaro", "SVGCharts"]),
    .target(name: "Validation", dependencies: [
        "TensorCore", "Explanations", "Cycles", "CyclesLab", "Personalization", "PersonalizationLab", "SVGCharts",
    ]),
    // The lab's one SVG writer and line chart (reports, learning curves, regret plots): no dependency.
    .target(name: "SVGCharts"),
    // Exporters (ONNX/, TFLite/, CoreML/): toolkit only, not part of what an app links.
    .target(name: "ModelExport", dependencies: [
        "TensorCore", "NeuralNet", "BoostedTrees", "Cycles", "CyclesLab", "ModelFiles",
        swiftProtobuf,
    ], exclude: ["ONNX/Protos", "CoreML/Protos"]),
    .target(name: "OnDeviceML", dependencies: [
        "ShifAIRuntime", "ElaroRuntime", "TensorCore", "NeuralNet", "BoostedTrees", "Bandits", "ExplanationAdapters",
        "CyclesLab", "PersonalizationLab", "ElaroLab", "Validation",
        .target(name: "ModelExport", condition: .when(traits: ["Exports"])),
    ]),
    .executableTarget(name: "odml", dependencies: [
        "OnDeviceML", .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ]),
]

// MARK: - Implementation details
let implementationTargets: [Target] = [
    // TensorCore's C: the CPU's features, OpenBLAS opened at run time (Linux), vector math kernels.
    .target(name: "CTensorCoreKernels",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]),
    .target(name: "_TestSupport", dependencies: ["TensorCore"]),
    .target(name: "CModelFilesKernels"),   // ModelFiles' CPU-specific kernels (C intrinsics)
    .target(name: "CNeuralNetKernels", dependencies: ["CTensorCoreKernels"]),  // NeuralNet's CPU-specific kernels (C intrinsics)
    .target(name: "CBoostedTreesKernels"), // BoostedTrees' kernels with cache prefetch hints (C)
    .executableTarget(name: "odml-bench", dependencies: [
        "OnDeviceML", "TensorCore", "BoostedTrees", "NeuralNet", "CTensorCoreKernels", "CNeuralNetKernels", "CBenchmarkProbes", grdb,
    ], path: "Benchmarks/odml-bench", cSettings: accelerateInterface),
    // The FMA-throughput and clock probes behind the floors odml-bench prints.
    .target(name: "CBenchmarkProbes", path: "Benchmarks/probes"),
]

// MARK: - Tests
let testTargets: [Target] = [
    .testTarget(name: "TensorCoreTests", dependencies: ["TensorCore", "_TestSupport"]),
    .testTarget(name: "NeuralNetTests", dependencies: ["TensorCore", "NeuralNet"], resources: [.copy("Fixtures")]),
    .testTarget(name: "BoostedTreesTests", dependencies: ["TensorCore", "BoostedTrees"], resources: [.copy("Fixtures")]),
    .testTarget(name: "BanditsTests", dependencies: ["TensorCore", "Bandits", "_TestSupport"], resources: [.copy("Fixtures")]),
    .testTarget(name: "ExplanationsTests", dependencies: ["TensorCore", "NeuralNet", "BoostedTrees", "Explanations", "ExplanationAdapters"]),
    .testTarget(name: "ModelFilesTests", dependencies: ["TensorCore", "ModelFiles"]),
    .testTarget(name: "CyclesTests", dependencies: [
        "TensorCore", "NeuralNet", "BoostedTrees", "Explanations", "ModelFiles", "Cycles", "CyclesLab",
    ], exclude: ["Fixtures"]),
    .testTarget(name: "PersonalizationTests", dependencies: [
        "TensorCore", "BoostedTrees", "Explanations", "ModelFiles", "Cycles", "CyclesLab", "Personalization",
        "PersonalizationLab", grdb,
    ]),
    .testTarget(name: "ElaroTests", dependencies: ["TensorCore", "Bandits", "Explanations", "Elaro", "ElaroLab"]),
    .testTarget(name: "ValidationTests", dependencies: ["TensorCore", "Explanations", "Cycles", "CyclesLab", "Validation", "SVGCharts"]),
    .testTarget(name: "ModelExportTests", dependencies: [
        "TensorCore", "NeuralNet", "BoostedTrees", "ModelFiles", "Cycles", "CyclesLab", "ModelExport", swiftProtobuf,
    ], resources: [.copy("Fixtures")]),
    .testTarget(name: "odmlTests", dependencies: [
        "TensorCore", "OnDeviceML", "odml", .product(name: "ArgumentParser", package: "swift-argument-parser"),
    ], exclude: ["__Snapshots__"]),
]

let package = Package(
    name: "OnDeviceML",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        // For ShifAI: the cycle engine, model files, reasoning sentences, the loop on the app's database.
        .library(name: "ShifAIRuntime", targets: ["ShifAIRuntime"]),
        // For Elaro: the daily recommender, its contextual bandit and its reasons.
        .library(name: "ElaroRuntime", targets: ["ElaroRuntime"]),
        // For Android, Python and any C FFI: the C API of both runtimes (Sources/OnDeviceMLC/include/odml.h).
        .library(name: "OnDeviceMLC", type: .dynamic, targets: ["OnDeviceMLC"]),
        // For the lab and the tools: the runtime plus generators, training, evaluation, validation, exports.
        .library(name: "OnDeviceML", targets: ["OnDeviceML"]),
        .executable(name: "odml", targets: ["odml"]),
    ],
    traits: packageTraits,
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.0.0"),
        .package(url: "https://github.com/apple/swift-protobuf", from: "1.39.0"),
        // `make docs`: the DocC archives of the runtime modules (a command plugin; nothing links it).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: publicTargets + implementationTargets + testTargets
)
