// swift-tools-version:6.0
import PackageDescription

// A package outside Whereabouts that depends on it by path, as another project would: iOS-style
// Core Location samples (Sources/ExampleApp, Swift 5 code as iOS samples are) run on a walk of
// a simulated town, one geolocate request through the Geolocation library
// (Sources/GeolocationSample), and unit tests of their own on synthetic scans. tools/test
// builds, runs and tests it.
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
        .target(
            name: "GeolocationSample",
            dependencies: [
                .product(name: "Geolocation", package: "Whereabouts"),
                .product(name: "RadioMap", package: "Whereabouts"),
                .product(name: "PositioningCore", package: "Whereabouts"),
            ]),
        .executableTarget(
            name: "whereabouts-example",
            dependencies: [
                "ExampleApp",
                "GeolocationSample",
                .product(name: "CoreLocationLinux", package: "Whereabouts"),
                .product(name: "PositioningCore", package: "Whereabouts"),
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
            .testTarget(
            name: "GeolocationSampleTests",
            dependencies: [
                "GeolocationSample",
                .product(name: "WorldSimulator", package: "Whereabouts"),
                .product(name: "PositioningCore", package: "Whereabouts"),
            ]),
    ]
)
