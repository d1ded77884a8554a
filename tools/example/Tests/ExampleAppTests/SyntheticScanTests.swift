import CoreLocationLinux
import Foundation
import LocationService
import PositioningCore
import Testing
import WorldSimulator

/// The example's own unit test, written as another package's would be: a synthetic town from
/// WorldSimulator, its walk replayed with the GNSS taken out, so every position comes from the
/// town's Wi-Fi scans and cells through the radio map.
@Suite struct SyntheticScanTests {
    @Test func aWalkHeardOnlyThroughItsScansIsFollowedWithinTensOfMetres() async throws {
        let directory = NSTemporaryDirectory() + "example-tests-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let world = try SimulatedWorld.build(seed: 3, in: directory, walkDuration: 300)
        let truth = Dictionary(uniqueKeysWithValues: world.steps.map { ($0.sample.time, $0.truth) })
        let environment = CoreLocationEnvironment(
            radios: ReplayRadios(samples: world.walk(includingGNSS: false), pace: .unpaced),
            resolver: RadioMapResolver(path: world.radioMapPath))

        var errors: [Double] = []
        for try await update in CLLocationUpdate.liveUpdates(environment: environment) {
            guard let location = update.location else { continue }
            #expect(location.horizontalAccuracy > 0)
            let actual = try #require(truth[location.timestamp])
            errors.append(Geodesy.distance(
                from: Coordinate(latitude: location.coordinate.latitude, longitude: location.coordinate.longitude), to: actual))
        }
        // Scans every fifth sample stay readable 30 s: most of the 151 epochs get a position.
        #expect(errors.count > 100)
        let median = errors.sorted()[errors.count / 2]
        #expect(median < 40, "median error \(median) m")
    }
}
