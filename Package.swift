// swift-tools-version:6.0
import PackageDescription

// Layers point inward (see README "Architecture"): a target depends only on targets listed
// above it here. SystemSupport, ArgumentParsing (the declarative command-line parser) and
// JSONCodec know nothing of positioning; SurveyFormats, IchnaeaEstimator and MapRendering are
// pure leaves over PositioningCore. Geolocation, over RadioMap, is the one request → answer
// path that LocationService, GeolocateServer, Evaluation and the CLI answer through. RadioMap
// calibrates a map in-process (MapCalibration); Evaluation holds the eval engines (workspaces,
// the streamed survey split, pooled towns and devices) over RadioMap and WorldSimulator;
// WhereaboutsCLI only parses, calls and prints. Only RadioMap touches CSQLite, CZlib, CLZMA and
// CCrypto, and only WiFiScanner touches CNetlink.
let package = Package(
    name: "Whereabouts",
    products: [
        .executable(name: "whereabouts", targets: ["whereabouts"]),
        .library(name: "PositioningCore", targets: ["PositioningCore"]),
        .library(name: "RadioMap", targets: ["RadioMap"]),
        .library(name: "Geolocation", targets: ["Geolocation"]),
        .library(name: "LocationService", targets: ["LocationService"]),
        .library(name: "CoreLocationLinux", targets: ["CoreLocationLinux"]),
        .library(name: "WorldSimulator", targets: ["WorldSimulator"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CNetlink", pkgConfig: "libnl-genl-3.0", providers: [.apt(["libnl-genl-3-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CLZMA", pkgConfig: "liblzma", providers: [.apt(["liblzma-dev"])]),
        .systemLibrary(name: "CCrypto", pkgConfig: "libcrypto", providers: [.apt(["libssl-dev"])]),
        .target(name: "SystemSupport"),
        .target(name: "ArgumentParsing"),
        .target(name: "JSONCodec"),
        .target(name: "PositioningCore"),
        .target(name: "SurveyFormats", dependencies: ["JSONCodec", "PositioningCore"]),
        .target(name: "IchnaeaEstimator", dependencies: ["PositioningCore"]),
        .target(name: "MapRendering", dependencies: ["JSONCodec", "PositioningCore"]),
        .target(
            name: "RadioMap",
            dependencies: [
                "SystemSupport", "JSONCodec", "PositioningCore", "SurveyFormats", "MapRendering",
                "CSQLite", "CZlib", "CLZMA", "CCrypto",
            ]),
        .target(name: "WiFiScanner", dependencies: ["SystemSupport", "JSONCodec", "PositioningCore", "CNetlink"]),
        .target(name: "Cellular", dependencies: ["SystemSupport", "JSONCodec", "PositioningCore"]),
        .target(name: "GNSS", dependencies: ["SystemSupport", "JSONCodec", "PositioningCore"]),
        .target(name: "WorldSimulator", dependencies: ["SystemSupport", "JSONCodec", "PositioningCore", "SurveyFormats", "RadioMap"]),
        .target(
            name: "Geolocation",
            dependencies: [
                "SystemSupport", "JSONCodec", "PositioningCore", "SurveyFormats", "IchnaeaEstimator", "MapRendering",
                "RadioMap",
            ]),
        .target(
            name: "Evaluation",
            dependencies: [
                "SystemSupport", "JSONCodec", "PositioningCore", "SurveyFormats", "RadioMap", "WorldSimulator", "Geolocation",
                "IchnaeaEstimator",
            ]),
        .target(
            name: "LocationService",
            dependencies: [
                "SystemSupport", "JSONCodec", "PositioningCore", "SurveyFormats", "RadioMap", "Geolocation", "WiFiScanner",
                "Cellular", "GNSS",
            ]),
        .target(
            name: "CoreLocationLinux",
            dependencies: ["SystemSupport", "PositioningCore", "RadioMap", "GNSS", "LocationService"]),
        .target(
            name: "GeolocateServer",
            dependencies: ["SystemSupport", "JSONCodec", "PositioningCore", "SurveyFormats", "RadioMap", "Geolocation"]),
        .target(
            name: "WhereaboutsCLI",
            dependencies: [
                "SystemSupport", "ArgumentParsing", "JSONCodec", "PositioningCore", "SurveyFormats", "IchnaeaEstimator",
                "MapRendering", "RadioMap", "Geolocation", "WiFiScanner", "Cellular", "GNSS", "WorldSimulator", "Evaluation",
                "LocationService", "GeolocateServer",
            ]),
        .executableTarget(name: "whereabouts", dependencies: ["WhereaboutsCLI"]),
        .target(name: "TestSupport", dependencies: ["SystemSupport", "PositioningCore"], path: "Sources/TestSupport"),
        .target(
            name: "TownTestSupport",
            dependencies: ["JSONCodec", "PositioningCore", "SurveyFormats", "RadioMap", "WorldSimulator", "TestSupport"],
            path: "Sources/TownTestSupport"),
        .testTarget(name: "SystemSupportTests", dependencies: ["SystemSupport", "TestSupport"]),
        .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing", "TestSupport"]),
        .testTarget(name: "JSONCodecTests", dependencies: ["JSONCodec", "TestSupport"]),
        .testTarget(name: "PositioningCoreTests", dependencies: ["SystemSupport", "PositioningCore", "Evaluation", "TestSupport"]),
        .testTarget(name: "SurveyFormatsTests", dependencies: ["JSONCodec", "PositioningCore", "SurveyFormats", "TestSupport"]),
        .testTarget(name: "IchnaeaEstimatorTests", dependencies: ["PositioningCore", "IchnaeaEstimator", "TestSupport"]),
        .testTarget(name: "MapRenderingTests", dependencies: ["JSONCodec", "PositioningCore", "MapRendering", "TestSupport"]),
        .testTarget(
            name: "RadioMapTests",
            dependencies: ["SystemSupport", "JSONCodec", "PositioningCore", "SurveyFormats", "RadioMap", "WorldSimulator", "TestSupport"]),
        .testTarget(
            name: "WiFiScannerTests", dependencies: ["SystemSupport", "PositioningCore", "WiFiScanner", "CNetlink", "TestSupport"]),
        .testTarget(name: "CellularTests", dependencies: ["SystemSupport", "PositioningCore", "Cellular", "TestSupport"]),
        .testTarget(name: "GNSSTests", dependencies: ["SystemSupport", "JSONCodec", "PositioningCore", "GNSS", "TestSupport"]),
        .testTarget(
            name: "WorldSimulatorTests", dependencies: ["PositioningCore", "SurveyFormats", "RadioMap", "WorldSimulator", "TestSupport"]),
        .testTarget(
            name: "EvaluationTests",
            dependencies: [
                "SystemSupport", "PositioningCore", "SurveyFormats", "IchnaeaEstimator", "RadioMap", "WorldSimulator", "Geolocation",
                "Evaluation", "TestSupport",
            ]),
        .testTarget(
            name: "GeolocationTests",
            dependencies: [
                "JSONCodec", "PositioningCore", "SurveyFormats", "RadioMap", "WorldSimulator", "Geolocation", "TestSupport",
                "TownTestSupport",
            ]),
        .testTarget(
            name: "LocationServiceTests",
            dependencies: [
                "SystemSupport", "JSONCodec", "PositioningCore", "SurveyFormats", "RadioMap", "Cellular", "GNSS", "WorldSimulator", "LocationService",
                "TestSupport", "TownTestSupport",
            ]),
        .testTarget(
            name: "CoreLocationLinuxTests",
            dependencies: [
                "PositioningCore", "SurveyFormats", "RadioMap", "Cellular", "GNSS", "WorldSimulator", "LocationService",
                "CoreLocationLinux",
                "TestSupport",
            ]),
        .testTarget(
            name: "GeolocateServerTests",
            dependencies: [
                "SystemSupport", "JSONCodec", "PositioningCore", "SurveyFormats", "RadioMap", "Geolocation",
                "WorldSimulator", "GeolocateServer", "TestSupport", "TownTestSupport",
            ]),
        .testTarget(
            name: "WhereaboutsCLITests",
            dependencies: [
                "SystemSupport", "ArgumentParsing", "JSONCodec", "PositioningCore", "SurveyFormats", "RadioMap", "GNSS",
                "WorldSimulator", "Evaluation", "WhereaboutsCLI", "TestSupport",
            ]),
    ]
)

// Package-wide settings, applied in one place.
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}
