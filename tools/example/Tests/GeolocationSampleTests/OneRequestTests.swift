import Foundation
import GeolocationSample
import PositioningCore
import Testing
import WorldSimulator

/// The geolocate sample's own unit test, on synthetic scans: every Wi-Fi scan of a simulated
/// walk answered as one request from the town's radio map, scored against where the walker was.
@Suite struct OneRequestTests {
    @Test func eachScanOfAWalkIsOneRequestAnsweredNearTheWalker() throws {
        let directory = NSTemporaryDirectory() + "example-geolocate-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let world = try SimulatedWorld.build(seed: 5, in: directory, walkDuration: 300)
        let scans = world.steps.filter { !$0.sample.wifi.isEmpty }
        try #require(scans.count >= 20, "the walk scans every fifth sample")

        var errors: [Double] = []
        var inside68 = 0
        for step in scans {
            let answer = try OneRequest.answer(wifi: step.sample.wifi, cells: step.sample.cells, radioMapPath: world.radioMapPath)
            guard let location = answer.location else { continue }
            #expect(location.horizontalAccuracy > 0 && location.accuracy95 >= location.horizontalAccuracy)
            #expect(!answer.used.isEmpty)
            let error = Geodesy.distance(from: location.coordinate, to: step.truth)
            errors.append(error)
            if error <= location.horizontalAccuracy { inside68 += 1 }
        }
        #expect(errors.count >= scans.count * 9 / 10, "\(errors.count) of \(scans.count) scans answered")
        let median = errors.sorted()[errors.count / 2]
        // One scan alone, without the manager's walk to smooth it: a few tens of metres (42 m for
        // this town), against the hundred-odd metres of the raw radius.
        #expect(median < 60, "median error \(median) m")
        // The uncalibrated map's radius is the raw, conservative one: it holds the truth at least
        // as often as it promises.
        #expect(Double(inside68) >= 0.68 * Double(errors.count), "\(inside68) of \(errors.count) inside the 68 % radius")
    }

    @Test func aScanOfNetworksTheMapNeverSawIsNotFound() throws {
        let directory = NSTemporaryDirectory() + "example-geolocate-\(getpid())-\(UUID().uuidString)"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let world = try SimulatedWorld.build(seed: 5, in: directory, walkDuration: 60)
        // Universally administered addresses from the documentation range (RFC 7042): heard, but
        // in no survey.
        let strangers = try (1...4).map { index in
            WiFiObservation(bssid: try #require(BSSID("00:00:5e:00:53:0\(index)")), signalStrength: -60)
        }
        let answer = try OneRequest.answer(wifi: strangers, radioMapPath: world.radioMapPath)
        #expect(!answer.isFound)
        #expect(OneRequest.lines(for: answer) == ["not found"])
    }
}
