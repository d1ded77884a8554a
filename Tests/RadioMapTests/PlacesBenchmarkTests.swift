import Foundation
import PositioningCore
import RadioMap
import Testing
import TestSupport

/// Reverse-lookup speed against a cities500-sized set (≈ 200 k places). Measures and prints;
/// it asserts no timing (the suite runs on shared cores). Run by `tools/bench-places`
/// (release build) with `WHEREABOUTS_BENCH=1`; skipped otherwise.
@Suite(.enabled(if: ProcessInfo.processInfo.environment["WHEREABOUTS_BENCH"] == "1",
                "benchmark: run tools/bench-places (WHEREABOUTS_BENCH=1)"))
struct PlacesBenchmarkTests {
    static let placeCount = Int(ProcessInfo.processInfo.environment["WHEREABOUTS_BENCH_PLACES"] ?? "") ?? 200_000
    static let queryCount = 20_000

    /// A synthetic cities500-style file: 80 % of places in 3,000 clusters (towns around
    /// cities), 20 % scattered, the 19 GeoNames columns filled.
    static func writePlaces(to path: String) throws {
        var random = SplitMix64(seed: 500)
        let clusters = (0..<3_000).map { _ in
            (Double.random(in: -55...70, using: &random), Double.random(in: -180..<180, using: &random))
        }
        var text = ""
        text.reserveCapacity(placeCount * 110)
        for id in 1...placeCount {
            var latitude: Double, longitude: Double
            if Double.random(in: 0..<1, using: &random) < 0.8 {
                let (lat, lon) = clusters[Int.random(in: 0..<clusters.count, using: &random)]
                latitude = min(max(lat + Double.random(in: -1...1, using: &random), -89), 89)
                longitude = lon + Double.random(in: -1.5...1.5, using: &random)
                if longitude >= 180 { longitude -= 360 } else if longitude < -180 { longitude += 360 }
            } else {
                latitude = Double.random(in: -60...75, using: &random)
                longitude = Double.random(in: -180..<180, using: &random)
            }
            let population = Int(500 * pow(2, Double.random(in: 0...12, using: &random)))
            text += "\(id)\tPlace \(id)\tPlace \(id)\t\t\(String(format: "%.5f", latitude))\t\(String(format: "%.5f", longitude))"
            text += "\tP\tPPL\tXX\t\t01\t\t\t\t\(population)\t\t10\tEtc/UTC\t2024-01-01\n"
        }
        try text.write(toFile: path, atomically: false, encoding: .utf8)
    }

    @Test func reverseLookupTimePerQuery() throws {
        let directory = TemporaryDirectory("whereabouts-bench")
        let placesPath = directory.path("cities-synthetic.txt")
        try Self.writePlaces(to: placesPath)
        let mapPath = directory.path("bench.sqlite")
        let importStart = ContinuousClock.now
        let summary = try RadioMap(path: mapPath, mode: .readWrite)
            .importSurvey(at: placesPath, options: ImportOptions(), progress: nil)
        let importTime = importStart.duration(to: .now)
        #expect(summary.rowsImported == Self.placeCount)

        let map = try RadioMap(path: mapPath, mode: .readOnly)
        var random = SplitMix64(seed: 7)
        // Half the queries anywhere between 80° S and 80° N (oceans widen the search), half
        // where people live (near a place).
        let queries: [Coordinate] = (0..<Self.queryCount).map { index in
            if index.isMultiple(of: 2) {
                return Coordinate(latitude: Double.random(in: -80...80, using: &random),
                                  longitude: Double.random(in: -180..<180, using: &random))
            }
            return Coordinate(latitude: Double.random(in: -50...65, using: &random),
                              longitude: Double.random(in: -180..<180, using: &random))
        }
        _ = try map.nearestPlace(to: queries[0])  // warm the page cache
        var found = 0
        var slowest = Duration.zero
        let start = ContinuousClock.now
        for query in queries {
            let one = ContinuousClock.now
            if try map.nearestPlace(to: query) != nil { found += 1 }
            slowest = max(slowest, one.duration(to: .now))
        }
        let total = start.duration(to: .now)
        #expect(found == Self.queryCount)
        let perQuery = Double(total.components.seconds) * 1e3 + Double(total.components.attoseconds) / 1e15
        print(String(format: "bench-places: %d places imported in %.1f s; %d reverse lookups: %.3f ms per query (slowest %.3f ms)",
                     Self.placeCount, Double(importTime.components.seconds) + Double(importTime.components.attoseconds) / 1e18,
                     Self.queryCount, perQuery / Double(Self.queryCount),
                     Double(slowest.components.seconds) * 1e3 + Double(slowest.components.attoseconds) / 1e15))
    }
}
