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
        .target(name: "SystemSupport"),
        .target(name: "JSONCodec"),
        .target(name: "PositioningCore"),
        .target(name: "SurveyFormats", dependencies: ["PositioningCore", "JSONCodec"]),
        .target(name: "IchnaeaEstimator", dependencies: ["PositioningCore"]),
        .target(name: "MapRendering", dependencies: ["PositioningCore", "JSONCodec"]),
        .target(name: "RadioMap", dependencies: ["PositioningCore", "JSONCodec", "SurveyFormats", "MapRendering", "SystemSupport", "CSQLite", "CZlib", "CLZMA", "CCrypto"]),
        .target(name: "WiFiScanner", dependencies: ["PositioningCore", "SystemSupport", "CNetlink"]),
        .target(name: "Cellular", dependencies: ["PositioningCore", "JSONCodec", "SystemSupport"]),
        .target(name: "GNSS", dependencies: ["PositioningCore", "JSONCodec", "SystemSupport"]),
        .target(name: "WorldSimulator", dependencies: ["PositioningCore", "SurveyFormats", "SystemSupport"]),
        .target(name: "Evaluation", dependencies: ["PositioningCore", "JSONCodec"]),
        .target(name: "LocationService", dependencies: ["PositioningCore", "JSONCodec", "SurveyFormats", "SystemSupport", "RadioMap", "WiFiScanner", "Cellular", "GNSS"]),
        .target(name: "GeolocateServer", dependencies: ["PositioningCore", "JSONCodec", "SurveyFormats", "SystemSupport", "RadioMap"]),
        .target(
            name: "WhereaboutsCLI",
            dependencies: [
                "JSONCodec", "PositioningCore", "SurveyFormats", "IchnaeaEstimator", "MapRendering", "RadioMap", "Evaluation", "SystemSupport", "WiFiScanner", "Cellular", "GNSS", "WorldSimulator", "LocationService",
                "GeolocateServer",
            ]),
        .executableTarget(name: "whereabouts", dependencies: ["WhereaboutsCLI"]),
        .target(name: "TestSupport", dependencies: ["PositioningCore", "SystemSupport"], path: "Sources/TestSupport"),
        .testTarget(name: "SystemSupportTests", dependencies: ["SystemSupport", "TestSupport"]),
        .testTarget(name: "JSONCodecTests", dependencies: ["JSONCodec", "TestSupport"]),
        .testTarget(name: "SurveyFormatsTests", dependencies: ["SurveyFormats", "PositioningCore", "JSONCodec", "TestSupport"]),
        .testTarget(name: "IchnaeaEstimatorTests", dependencies: ["IchnaeaEstimator", "PositioningCore", "TestSupport"]),
        .testTarget(name: "MapRenderingTests", dependencies: ["MapRendering", "PositioningCore", "JSONCodec", "TestSupport"]),
        .testTarget(name: "PositioningCoreTests", dependencies: ["PositioningCore", "Evaluation", "SystemSupport", "TestSupport"]),
        .testTarget(name: "EvaluationTests", dependencies: ["Evaluation", "PositioningCore", "IchnaeaEstimator", "TestSupport"]),
        .testTarget(name: "RadioMapTests", dependencies: ["RadioMap", "SurveyFormats", "SystemSupport", "TestSupport", "WorldSimulator"]),
        .testTarget(name: "WiFiScannerTests", dependencies: ["WiFiScanner", "CNetlink", "SystemSupport", "TestSupport"]),
        .testTarget(name: "CellularTests", dependencies: ["Cellular", "SystemSupport", "TestSupport"]),
        .testTarget(name: "GNSSTests", dependencies: ["GNSS", "JSONCodec", "SystemSupport", "TestSupport"]),
        .testTarget(name: "WorldSimulatorTests", dependencies: ["WorldSimulator", "SurveyFormats", "TestSupport"]),
        .testTarget(name: "LocationServiceTests", dependencies: ["LocationService", "JSONCodec", "SurveyFormats", "TestSupport", "WorldSimulator", "RadioMap"]),
        .testTarget(name: "GeolocateServerTests", dependencies: ["GeolocateServer", "JSONCodec", "SurveyFormats", "SystemSupport", "TestSupport", "WorldSimulator", "RadioMap"]),
        .testTarget(name: "WhereaboutsCLITests", dependencies: ["WhereaboutsCLI", "JSONCodec", "SurveyFormats", "SystemSupport", "TestSupport"]),
    ]
)

// Package-wide settings, applied in one place.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
