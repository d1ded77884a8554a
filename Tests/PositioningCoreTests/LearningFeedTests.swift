import Foundation
import Testing

@testable import PositioningCore

@Suite struct LearningFeedTests {
    static let here = Location(coordinate: Coordinate(latitude: 52.52, longitude: 13.405), horizontalAccuracy: 5, source: .gps)

    static func scan(_ signal: Double) -> [WiFiObservation] {
        [WiFiObservation(bssid: BSSID(rawValue: 0x0012_3456_789A), signalStrength: signal)]
    }

    /// Between two scans the service repeats the last one with the next fix: learned once only.
    @Test func aRepeatedScanIsOfferedOnce() throws {
        var feed = LearningFeed()
        let start = Date(timeIntervalSince1970: 1_700_000_000)
        let cell = [CellObservation(identity: try CellIdentity(radio: .lte, mcc: 262, mnc: 2, area: 44803, cellID: 20714553), signalStrength: -90)]
        let first = feed.learningSample(for: RadioSample(time: start, gnss: Self.here, wifi: Self.scan(-60), cells: cell))
        #expect(first.wifi.count == 1 && first.cells.count == 1)
        #expect(first.fix?.accuracy == 5 && first.fix?.speed == nil, "an unknown speed stays unknown")
        let repeated = feed.learningSample(for: RadioSample(time: start + 2, gnss: Self.here, wifi: Self.scan(-60), cells: cell))
        #expect(repeated.wifi.isEmpty && repeated.cells.isEmpty)
        #expect(repeated.fix != nil)
        let fresh = feed.learningSample(for: RadioSample(time: start + 4, gnss: Self.here, wifi: Self.scan(-61), cells: cell))
        #expect(fresh.wifi.count == 1 && fresh.cells.isEmpty)
    }

    @Test func anInvalidGNSSPositionIsNoFix() {
        var invalid = Self.here
        invalid.horizontalAccuracy = -1
        var feed = LearningFeed()
        #expect(feed.learningSample(for: RadioSample(time: Date(), gnss: invalid, wifi: Self.scan(-60))).fix == nil)
    }
}
