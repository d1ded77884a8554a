import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

/// `learn --here/--at`: a scan pinned to a position known without a GPS.
@Suite struct LearningSessionPinningTests {
    static let home = Coordinate(latitude: 52.52437, longitude: 13.41053)

    @Test func anOldScanIsPinnedAtAnyAccuracyUnderOneForgettableImport() throws {
        let directory = TemporaryDirectory("pinning")
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let bssids = (1...3).map { BSSID("00:11:22:33:44:5\($0)")! }
        // Recorded a year ago, pinned with a place's extent: a GPS fix this old or this wide
        // would be refused.
        let sample = RadioSample(
            time: Date().addingTimeInterval(-365 * 86_400),
            wifi: bssids.map { WiFiObservation(bssid: $0, signalStrength: -60, ssid: "home") }
                + [WiFiObservation(bssid: BSSID("00:11:22:33:44:60")!, signalStrength: -70, ssid: "phone_nomap")])
        let report = try LearningSession.pin([sample], at: Self.home, accuracy: 5_000, in: map, name: "learn --at Home")
        #expect(report.observationsStored == 3)
        #expect(report.optedOutSkipped == 1, "an opted-out network is left out")
        let imported = try #require(try map.imports().last)
        #expect(imported.format == RadioMap.pinnedFormat && imported.name == "learn --at Home" && imported.id == report.importID)
        let known = try map.accessPoints(for: bssids)
        #expect(known.count == 3, "pinned sightings count at once")
        for accessPoint in known.values {
            #expect(Geodesy.distance(from: accessPoint.coordinate, to: Self.home) < 1)
        }
    }

    @Test func aScanWithNothingRecordableStoresNothing() throws {
        let directory = TemporaryDirectory("pinning-empty")
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let sample = RadioSample(time: Date(), wifi: [WiFiObservation(bssid: BSSID("00:11:22:33:44:60")!, ssid: "cafe_nomap")])
        let report = try LearningSession.pin([sample], at: Self.home, accuracy: 50, in: map, name: "learn --here")
        #expect(report.observationsStored == 0)
    }
}
