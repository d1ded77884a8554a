import Foundation
import PositioningCore
import Testing

@testable import IchnaeaEstimator

/// Ichnaea's own map of a survey (`eval --ichnaea-stations built`): every emitter placed by
/// Ichnaea's observation weights, a too-spread one blocked, published cells left to the map.
@Suite struct IchnaeaSurveyStationsTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let origin = Coordinate(latitude: 52.5, longitude: 13.4)
    static let accessPoint = BSSID(rawValue: 0x00_11_22_33_44_01)
    static let spread = BSSID(rawValue: 0x00_11_22_33_44_02)
    static let surveyCell = try! CellIdentity(radio: .gsm, mcc: 262, mnc: 1, area: 100, cellID: 7)
    static let publishedCell = try! CellIdentity(radio: .gsm, mcc: 262, mnc: 1, area: 100, cellID: 8)

    /// Two scans 100 m apart, the first with a 5 m GPS fix, the second with a 100 m one; a second
    /// access point heard 6 km away as well.
    static var scans: [SurveyScan] {
        let north = Geodesy.destination(from: origin, distance: 100, bearing: 0)
        let far = Geodesy.destination(from: origin, distance: 6_000, bearing: 90)
        func seen(_ at: Coordinate, _ accuracy: Double) -> SurveyObservation {
            SurveyObservation(position: at, positionAccuracy: accuracy, signalStrength: -70, time: now)
        }
        return [
            SurveyScan(position: origin, accessPoints: [accessPoint: seen(origin, 5), spread: seen(origin, 5)],
                       cells: [surveyCell: seen(origin, 5), publishedCell: seen(origin, 5)]),
            SurveyScan(position: north, accessPoints: [accessPoint: seen(north, 100)], cells: [surveyCell: seen(north, 100)]),
            SurveyScan(position: far, accessPoints: [spread: seen(far, 5)]),
        ]
    }

    @Test func aStationSitsWhereIchnaeasGPSAccuracyWeightsPutIt() throws {
        let stations = IchnaeaSurveyStations(scans: Self.scans, now: Self.now)
        // Ichnaea weighs a fix by √(10 / max(accuracy, 10)): 1 for the 5 m fix, √0.1 for the
        // 100 m one, so the station stands √0.1 / (1 + √0.1) of the way, 24.0 m, to the second.
        let share = 0.1.squareRoot() / (1 + 0.1.squareRoot())
        let station = try #require(stations.accessPoints[Self.accessPoint])
        #expect(abs(Geodesy.distance(from: Self.origin, to: station.coordinate) - 100 * share) < 0.5)
        #expect(station.sampleCount == 2)
        let cell = try #require(stations.cells[Self.surveyCell])
        #expect(abs(Geodesy.distance(from: Self.origin, to: cell.coordinate) - 100 * share) < 0.5)
        #expect(stations.accessPoints[Self.spread] == nil, "sightings 6 km apart: Ichnaea blocks a Wi-Fi station past 5 km")
    }

    @Test func anInputMeetsIchnaeasStationsAndKeepsItsPublishedCells() throws {
        let stations = IchnaeaSurveyStations(scans: Self.scans, publishedCells: [Self.publishedCell], now: Self.now)
        #expect(stations.cells[Self.publishedCell] == nil, "a published cell is not a survey station")
        let elsewhere = Geodesy.destination(from: Self.origin, distance: 500, bearing: 180)
        let ours = KnownAccessPoint(bssid: Self.accessPoint, coordinate: elsewhere, radius: 50, sampleCount: 2, status: .moved)
        let published = KnownCell(identity: Self.publishedCell, coordinate: elsewhere, radius: 2_000, sampleCount: 40)
        let surveyed = KnownCell(identity: Self.surveyCell, coordinate: elsewhere, radius: 900, sampleCount: 2)
        let input = EstimationInput(
            wifi: [], cells: [],
            accessPoints: [Self.accessPoint: ours, Self.spread: KnownAccessPoint(bssid: Self.spread, coordinate: elsewhere, radius: 3_000, sampleCount: 2)],
            knownCells: [Self.publishedCell: published, Self.surveyCell: surveyed], areas: [:], now: Self.now)
        let supplied = stations.supplying(input)
        #expect(supplied.accessPoints[Self.accessPoint] == stations.accessPoints[Self.accessPoint])
        #expect(supplied.accessPoints[Self.accessPoint]?.status == .usable, "our map's judgement is not Ichnaea's")
        #expect(supplied.accessPoints[Self.spread] == nil, "a station Ichnaea blocked is not in its map")
        #expect(supplied.knownCells[Self.surveyCell] == stations.cells[Self.surveyCell])
        #expect(supplied.knownCells[Self.publishedCell] == published)
    }
}
