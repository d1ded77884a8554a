import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

@Suite struct RadioMapLookupTests {
    @Test func estimationInputCarriesEverythingTheRequestMentions() throws {
        let directory = TemporaryDirectory()
        let path = RadioMapFixtures.mapPath(in: directory)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_quirks.csv"), into: path)
        let map = try RadioMap(path: path, mode: .readOnly)
        let umts = try CellIdentity(radio: .wcdma, mcc: 425, mnc: 1, area: 10221, cellID: 1_448_394)
        let unknownCellSameArea = try CellIdentity(radio: .wcdma, mcc: 425, mnc: 1, area: 10221, cellID: 77)
        let request = GeolocateRequest(
            wifiAccessPoints: [WiFiObservation(bssid: BSSID("aa:bb:cc:00:00:01")!, signalStrength: -50),
                               WiFiObservation(bssid: BSSID("02:00:00:00:00:99")!)],
            cellTowers: [CellObservation(identity: umts), CellObservation(identity: unknownCellSameArea)])
        let now = Date(timeIntervalSince1970: 1_700_000_000)
        let input = try map.estimationInput(for: request, now: now)
        #expect(input.wifi == request.wifiAccessPoints)
        #expect(input.cells == request.cellTowers)
        #expect(Set(input.accessPoints.keys) == [BSSID("aa:bb:cc:00:00:01")!])
        #expect(Set(input.knownCells.keys) == [umts])
        #expect(input.areas[umts.areaIdentity]?.cellCount == 1)
        #expect(input.now == now)
        let point = try #require(input.accessPoints[BSSID("aa:bb:cc:00:00:01")!])
        #expect(abs(point.coordinate.latitude - 32.1001) < 0.0001)
        // The survey's unknown-time marker `1970-01-01 02:00:00` says its times are UTC+02:00:
        // 16:12:01 there is 14:12:01 UTC.
        #expect(point.firstSeen == Date(timeIntervalSince1970: 1_509_120_721 - 7200))
        #expect(point.lastSeen == Date(timeIntervalSince1970: 1_509_120_781 - 7200))
    }

    @Test func emptyLookupsReturnNothing() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        #expect(try map.accessPoints(for: [BSSID]()).isEmpty)
        #expect(try map.cells(for: [CellIdentity]()).isEmpty)
        #expect(try map.estimationInput(for: GeolocateRequest(), now: Date()).accessPoints.isEmpty)
    }

    @Test func publishedCellsWinOverSurveyedOnes() throws {
        let directory = TemporaryDirectory()
        let path = RadioMapFixtures.mapPath(in: directory)
        let cell = try CellIdentity(radio: .lte, mcc: 262, mnc: 2, area: 44803, cellID: 20_714_553)
        let quirks = try #require(RadioMapFixtures.bytes(RadioMapFixtures.fixture("wigle_quirks.csv")))
        let surveyed = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_quirks.csv"), into: path)
        #expect(surveyed.cellsNew == 3)
        let published = RadioMapFixtures.write(Array("""
            radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal
            LTE,262,2,44803,20714553,0,13.405,52.52,1200,40,1,1459781580,1485426727,0

            """.utf8), named: "published.csv", in: directory)
        let replaced = try RadioMapFixtures.importFile(published, into: path)
        #expect(replaced.cellsUpdated == 1)
        // More sightings later (same rows plus a trailing blank line: new content) don't move it.
        let again = RadioMapFixtures.write(Array(quirks) + Array("\r\n".utf8), named: "again.csv", in: directory)
        let resurveyed = try RadioMapFixtures.importFile(again, into: path)
        #expect(!resurveyed.alreadyImported)
        let map = try RadioMap(path: path, mode: .readOnly)
        let known = try #require(try map.cells(for: [cell])[cell])
        #expect(known.coordinate == Coordinate(latitude: 52.52, longitude: 13.405))
        #expect(known.radius == 1200)
        #expect(try map.statistics().publishedCells == 1)
        #expect(try map.areas(for: [cell.areaIdentity])[cell.areaIdentity]?.coordinate.latitude == 52.52)
    }
}
