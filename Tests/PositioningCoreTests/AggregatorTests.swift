import Foundation
import Testing

@testable import PositioningCore

/// Synthetic surveys around a point in Ariel: sightings placed by distance and bearing.
private enum Survey {
    static let origin = Coordinate(latitude: 32.105, longitude: 35.195)
    static let day1 = Date(timeIntervalSince1970: 1_509_100_000)  // 2017-10-27

    static func at(
        _ metres: Double, bearing: Double = 0, from centre: Coordinate = origin, minutes: Double? = 0,
        signal: Double = -70, day: Int = 0
    ) -> SurveyObservation {
        SurveyObservation(
            position: Geodesy.destination(from: centre, distance: metres, bearing: bearing), positionAccuracy: 5,
            signalStrength: signal, time: minutes.map { day1.addingTimeInterval(Double(day) * 86_400 + $0 * 60) })
    }
}

@Suite struct AggregatorTests {
    let router = BSSID("00:11:22:33:44:55")!
    let laa = BSSID("6a:12:f5:00:00:01")!

    @Test func stationaryAccessPointIsUsableWithItsCentreRangeAndHistory() throws {
        let sightings = (0..<8).map { Survey.at(40, bearing: Double($0) * 45, minutes: Double($0)) }
        let entry = try #require(EmitterAggregator.aggregateAccessPoint(router, observations: sightings))
        #expect(entry.status == .usable)
        #expect(Geodesy.distance(from: entry.coordinate, to: Survey.origin) < 2)
        #expect(abs(entry.radius - 40) < 1)
        #expect(entry.sampleCount == 8)
        #expect(entry.firstSeen == Survey.day1)
        #expect(entry.lastSeen == Survey.day1.addingTimeInterval(7 * 60))
    }

    @Test func strongSightingsPullTheCentre() throws {
        let sightings = [Survey.at(0, signal: -50), Survey.at(100, bearing: 90, signal: -90)]
        let entry = try #require(EmitterAggregator.aggregateAccessPoint(router, observations: sightings))
        #expect(Geodesy.distance(from: entry.coordinate, to: Survey.origin) < 5)
    }

    @Test func oneSightingGetsTheRadiusFloor() throws {
        let entry = try #require(EmitterAggregator.aggregateAccessPoint(router, observations: [Survey.at(0)]))
        #expect(entry.radius == AggregationPolicy.accessPoint.radiusFloor)
    }

    @Test func aStrayFixAmongManyDoesNotSetTheRange() throws {
        let sightings = (0..<10).map { Survey.at(20, bearing: Double($0) * 36, minutes: Double($0)) }
            + [Survey.at(600, minutes: 11)]
        let entry = try #require(EmitterAggregator.aggregateAccessPoint(router, observations: sightings))
        #expect(entry.status == .usable)
        #expect(entry.radius < 150)
    }

    @Test func aWildlyImpreciseFixNeitherMovesNorStretchesTheAccessPoint() throws {
        var stray = Survey.at(3_000, bearing: 90, minutes: 30)
        stray.positionAccuracy = 800
        let sightings = (0..<4).map { Survey.at(10, bearing: Double($0) * 90, minutes: Double($0)) } + [stray]
        let entry = try #require(EmitterAggregator.aggregateAccessPoint(router, observations: sightings))
        #expect(entry.status == .usable)
        #expect(Geodesy.distance(from: entry.coordinate, to: Survey.origin) < 2)
        #expect(entry.radius < 50)
    }

    @Test func accessPointHeardAtTwoPlacesOnSeparateDaysIsMovedAndPlacedWhereItIsNow() throws {
        let newHome = Geodesy.destination(from: Survey.origin, distance: 5_000, bearing: 30)
        let sightings = (0..<4).map { Survey.at(10, bearing: Double($0) * 90, minutes: Double($0)) }
            + (0..<4).map { Survey.at(10, bearing: Double($0) * 90, from: newHome, minutes: Double($0), day: 20) }
        let entry = try #require(EmitterAggregator.aggregateAccessPoint(router, observations: sightings))
        #expect(entry.status == .moved)
        #expect(Geodesy.distance(from: entry.coordinate, to: newHome) < 20)
    }

    @Test func hotspotHeardAlongAWalkIsTravelling() throws {
        // Heard every 100 m along a 3 km route within half an hour: one chain, but it moves.
        let sightings = (0..<30).map { Survey.at(Double($0) * 100, bearing: 60, minutes: Double($0)) }
        let entry = try #require(EmitterAggregator.aggregateAccessPoint(router, observations: sightings))
        #expect(entry.status == .travelling)
    }

    @Test func locallyAdministeredAddressSeenOnceIsUnproven() throws {
        let sightings = (0..<5).map { Survey.at(10, bearing: Double($0) * 72, minutes: Double($0)) }
        let entry = try #require(EmitterAggregator.aggregateAccessPoint(laa, observations: sightings))
        #expect(entry.status == .unproven)
        // The same sightings prove nothing for it, but a manufacturer address is trusted at once.
        #expect(EmitterAggregator.aggregateAccessPoint(router, observations: sightings)?.status == .usable)
    }

    @Test(arguments: [(minutes: 90.0, day: 0), (minutes: 5.0, day: 3)])
    func locallyAdministeredAddressSeenAtOnePlaceOnSeparateOccasionsIsProven(minutes: Double, day: Int) throws {
        let sightings = [Survey.at(0, minutes: 0), Survey.at(15, minutes: minutes, day: day)]
        let entry = try #require(EmitterAggregator.aggregateAccessPoint(laa, observations: sightings))
        #expect(entry.status == .usable)
    }

    @Test func sightingsOfUnknownTimeCannotProveStability() throws {
        let sightings = (0..<6).map { Survey.at(10, bearing: Double($0) * 60, minutes: nil) }
        let entry = try #require(EmitterAggregator.aggregateAccessPoint(laa, observations: sightings))
        #expect(entry.status == .unproven)
        #expect(entry.firstSeen == nil)
    }

    @Test func randomizedPhoneAddressNeverBecomesStable() throws {
        // A phone's hotspot seen on many days, but each time somewhere else.
        let sightings = (0..<6).map { day in
            Survey.at(Double(day) * 3_000, bearing: 120, minutes: 0, day: day)
        }
        let entry = try #require(EmitterAggregator.aggregateAccessPoint(laa, observations: sightings))
        #expect(entry.status != .usable)
    }

    @Test func cellRangeHasACellSizedFloorAndToleratesKilometres() throws {
        let identity = try CellIdentity(radio: .lte, mcc: 425, mnc: 1, area: 100, cellID: 12345)
        let sightings = [Survey.at(0), Survey.at(2_000, bearing: 90, minutes: 5)]
        let cell = try #require(EmitterAggregator.aggregateCell(identity, observations: sightings))
        #expect(cell.status == .usable)
        #expect(cell.radius >= AggregationPolicy.cell.radiusFloor)
        let single = try #require(EmitterAggregator.aggregateCell(identity, observations: [Survey.at(0)]))
        #expect(single.radius == AggregationPolicy.cell.radiusFloor)
    }

    @Test func areaIsTheCentroidOfItsCellsAndCoversThem() throws {
        let identities = try (1...2).map { try CellIdentity(radio: .gsm, mcc: 425, mnc: 1, area: 7, cellID: Int64($0)) }
        let cells = [
            KnownCell(identity: identities[0], coordinate: Geodesy.destination(from: Survey.origin, distance: 3_000, bearing: 0),
                      radius: 1_000, sampleCount: 5),
            KnownCell(identity: identities[1], coordinate: Geodesy.destination(from: Survey.origin, distance: 3_000, bearing: 180),
                      radius: 1_000, sampleCount: 5),
        ]
        let area = try #require(EmitterAggregator.aggregateArea(identities[0].areaIdentity, cells: cells))
        #expect(Geodesy.distance(from: area.coordinate, to: Survey.origin) < 1)
        #expect(abs(area.radius - 4_000) < 1)
        #expect(area.cellCount == 2)
    }

    @Test func noObservationsMakeNoEntry() {
        #expect(EmitterAggregator.aggregateAccessPoint(router, observations: []) == nil)
    }
}
