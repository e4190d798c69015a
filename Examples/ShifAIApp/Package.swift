// swift-tools-version:6.0
import PackageDescription

/// An app-shaped example: what ShifAI links. `shifai-app` depends only on the runtime product;
/// `shifai-app-umbrella` is the same program (the same source file, through a symbolic link) on
/// the tools umbrella, to compare release binary sizes (`make example` in the repository root).
let package = Package(
    name: "ShifAIApp",
    platforms: [.macOS(.v14), .iOS(.v17)],
    dependencies: [.package(name: "OnDeviceML", path: "../..")],
    targets: [
        .executableTarget(name: "shifai-app", dependencies: [
            .product(name: "ShifAIRuntime", package: "OnDeviceML"),
        ]),
        .executableTarget(name: "shifai-app-umbrella", dependencies: [
            .product(name: "OnDeviceML", package: "OnDeviceML"),
        ], swiftSettings: [.define("UMBRELLA")]),
    ]
)
