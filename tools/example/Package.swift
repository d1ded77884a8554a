// swift-tools-version:6.0
import PackageDescription

// A package outside Whereabouts that depends on it by path, as another project would: iOS-style
// Core Location samples (Sources/ExampleApp, Swift 5 code as iOS samples are) run on a walk of
// a simulated town, and a unit test of its own on synthetic scans. tools/test builds, runs and
// tests it.
let package = Package(
    name: "WhereaboutsExample",
    dependencies: [
        .package(name: "Whereabouts", path: "../.."),
    ],
    targets: [
        .target(
            name: "ExampleApp",
            dependencies: [.product(name: "CoreLocationLinux", package: "Whereabouts")],
            swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(
            name: "whereabouts-example",
            dependencies: [
                "ExampleApp",
                .product(name: "CoreLocationLinux", package: "Whereabouts"),
                .product(name: "WorldSimulator", package: "Whereabouts"),
            ]),
        .testTarget(
            name: "ExampleAppTests",
            dependencies: [
                "ExampleApp",
                .product(name: "CoreLocationLinux", package: "Whereabouts"),
                .product(name: "LocationService", package: "Whereabouts"),
                .product(name: "WorldSimulator", package: "Whereabouts"),
                .product(name: "PositioningCore", package: "Whereabouts"),
            ]),
    ]
)
