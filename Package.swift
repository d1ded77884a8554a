// swift-tools-version:6.0
import PackageDescription

// Layers point inward (see README "Architecture"): a target depends only on targets listed
// above it here. Only RadioMap touches CSQLite, CZlib, CLZMA and CCrypto, and only WiFiScanner touches CNetlink.
let package = Package(
    name: "Whereabouts",
    products: [
        .executable(name: "whereabouts", targets: ["whereabouts"]),
        .library(name: "PositioningCore", targets: ["PositioningCore"]),
        .library(name: "RadioMap", targets: ["RadioMap"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CNetlink", pkgConfig: "libnl-genl-3.0", providers: [.apt(["libnl-genl-3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLZMA", pkgConfig: "liblzma", providers: [.apt(["liblzma-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(name: "JSONCodec"),
        .target(name: "PositioningCore"),
        .target(name: "SurveyFormats", dependencies: ["PositioningCore", "JSONCodec"]),
        .target(name: "IchnaeaEstimator", dependencies: ["PositioningCore"]),
        .target(name: "MapRendering", dependencies: ["PositioningCore", "JSONCodec"]),
        .target(name: "RadioMap", dependencies: ["PositioningCore", "JSONCodec", "SurveyFormats", "MapRendering", "CSQLite", "CZlib", "CLZMA", "CCrypto"]),
        .target(name: "WiFiScanner", dependencies: ["PositioningCore", "CNetlink"]),
        .target(name: "Cellular", dependencies: ["PositioningCore", "JSONCodec"]),
        .target(name: "GNSS", dependencies: ["PositioningCore", "JSONCodec"]),
        .target(name: "WorldSimulator", dependencies: ["PositioningCore", "SurveyFormats"]),
        .target(name: "Evaluation", dependencies: ["PositioningCore", "JSONCodec"]),
        .target(name: "LocationService", dependencies: ["PositioningCore", "JSONCodec", "SurveyFormats", "RadioMap", "WiFiScanner", "Cellular", "GNSS"]),
        .target(name: "GeolocateServer", dependencies: ["PositioningCore", "JSONCodec", "SurveyFormats", "RadioMap"]),
        .target(
            name: "WhereaboutsCLI",
            dependencies: [
                "JSONCodec", "PositioningCore", "SurveyFormats", "IchnaeaEstimator", "MapRendering", "RadioMap", "Evaluation", "WiFiScanner", "Cellular", "GNSS", "WorldSimulator", "LocationService",
                "GeolocateServer",
            ]),
        .executableTarget(name: "whereabouts", dependencies: ["WhereaboutsCLI"]),
        .target(name: "TestSupport", dependencies: ["PositioningCore"], path: "Sources/TestSupport"),
        .testTarget(name: "JSONCodecTests", dependencies: ["JSONCodec", "TestSupport"]),
        .testTarget(name: "SurveyFormatsTests", dependencies: ["SurveyFormats", "PositioningCore", "JSONCodec", "TestSupport"]),
        .testTarget(name: "IchnaeaEstimatorTests", dependencies: ["IchnaeaEstimator", "PositioningCore", "TestSupport"]),
        .testTarget(name: "MapRenderingTests", dependencies: ["MapRendering", "PositioningCore", "JSONCodec", "TestSupport"]),
        .testTarget(name: "PositioningCoreTests", dependencies: ["PositioningCore", "Evaluation", "TestSupport"]),
        .testTarget(name: "EvaluationTests", dependencies: ["Evaluation", "PositioningCore", "IchnaeaEstimator", "TestSupport"]),
        .testTarget(name: "RadioMapTests", dependencies: ["RadioMap", "SurveyFormats", "TestSupport", "WorldSimulator"]),
        .testTarget(name: "WiFiScannerTests", dependencies: ["WiFiScanner", "CNetlink", "TestSupport"]),
        .testTarget(name: "CellularTests", dependencies: ["Cellular", "TestSupport"]),
        .testTarget(name: "GNSSTests", dependencies: ["GNSS", "JSONCodec", "TestSupport"]),
        .testTarget(name: "WorldSimulatorTests", dependencies: ["WorldSimulator", "SurveyFormats", "TestSupport"]),
        .testTarget(name: "LocationServiceTests", dependencies: ["LocationService", "JSONCodec", "SurveyFormats", "TestSupport", "WorldSimulator", "RadioMap"]),
        .testTarget(name: "GeolocateServerTests", dependencies: ["GeolocateServer", "JSONCodec", "SurveyFormats", "TestSupport", "WorldSimulator", "RadioMap"]),
        .testTarget(name: "WhereaboutsCLITests", dependencies: ["WhereaboutsCLI", "JSONCodec", "SurveyFormats", "TestSupport"]),
    ]
)

// Package-wide settings, applied in one place.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
