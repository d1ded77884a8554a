import Foundation
import PositioningCore
import RadioMap
import Testing
import TestSupport

@testable import WorldSimulator

@Suite struct SimulatedWorldTests {
    @Test func aWorldHasItsRadioMapImportedAndItsWalkWithTheTruth() throws {
        let directory = TemporaryDirectory("simulated-world")
        let world = try SimulatedWorld.build(seed: 11, in: directory.path("town"), walkDuration: 120)
        // 120 s at one sample every 2 s, both ends included.
        #expect(world.steps.count == 61)
        let map = try RadioMap(path: world.radioMapPath, mode: .readOnly)
        let scan = try #require(world.walk().first { !$0.wifi.isEmpty })
        let input = try map.estimationInput(for: scan.geolocateRequest, now: scan.time)
        #expect(!input.accessPoints.isEmpty, "the walk's access points are in the map")
        // Where the walk has GNSS, the fix lies near the truth; without GNSS only the scans remain.
        for step in world.steps {
            if let fix = step.sample.gnss { #expect(Geodesy.distance(from: fix.coordinate, to: step.truth) < 60) }
        }
        #expect(world.walk(includingGNSS: false).allSatisfy { $0.gnss == nil })
    }
}
