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

    /// The faint level a query's cell is judged by comes from the survey's stored sightings of
    /// it — as aggregating them in memory gives it, and for a published cell too — and a cell
    /// the survey heard too rarely has none.
    @Test func aCellsFaintLevelComesFromTheSurveysStoredSightings() throws {
        let directory = TemporaryDirectory()
        let path = RadioMapFixtures.mapPath(in: directory)
        let levels = [-71, -95, -88, -102, -80, -99, -76, -91]
        var rows = """
            WigleWifi-1.4,appRelease=2.25,model=Pixel,release=13,device=test,display=test,board=test,brand=test
            MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type

            """
        for (index, level) in levels.enumerated() {
            let time = "2024-05-01 10:0\(index):00"
            rows += "26202_4480_20714553,Vodafone,LTE;de,\(time),1300,\(level),52.52\(index),13.405,40,5,LTE\n"
            rows += "26202_4480_20714554,Vodafone,LTE;de,\(time),1300,\(level + 3),52.52\(index),13.405,40,5,LTE\n"
            if index < 3 { rows += "26202_4480_20714555,Vodafone,LTE;de,\(time),1300,\(level),52.52\(index),13.405,40,5,LTE\n" }
        }
        let survey = RadioMapFixtures.write(Array(rows.utf8), named: "survey.wigle.csv", in: directory)
        let published = RadioMapFixtures.write(Array("""
            radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal
            LTE,262,2,4480,20714554,0,13.40,52.51,2000,40,1,1459781580,1485426727,0

            """.utf8), named: "published.csv", in: directory)
        _ = try RadioMapFixtures.importFile(survey, into: path)
        _ = try RadioMapFixtures.importFile(published, into: path)
        let map = try RadioMap(path: path, mode: .readOnly)
        let surveyed = try CellIdentity(radio: .lte, mcc: 262, mnc: 2, area: 4480, cellID: 20_714_553)
        let publishedCell = try CellIdentity(radio: .lte, mcc: 262, mnc: 2, area: 4480, cellID: 20_714_554)
        let rare = try CellIdentity(radio: .lte, mcc: 262, mnc: 2, area: 4480, cellID: 20_714_555)
        let found = try map.cells(for: [surveyed, publishedCell, rare])
        // Eight levels: the faintest quarter lies below the second faintest, -99 dBm.
        #expect(found[surveyed]?.faintSignal == -99)
        #expect(found[surveyed]?.faintSignal == KnownCell.faintSignal(of: levels.map(Double.init)))
        #expect(found[publishedCell]?.coordinate.longitude == 13.40, "the publisher's place")
        #expect(found[publishedCell]?.faintSignal == -96, "the survey's levels of it")
        #expect(found[rare] != nil)
        #expect(found[rare]?.faintSignal == nil, "three sightings")
        // Published first, surveyed after: the same levels.
        let second = directory.path("second.sqlite")
        _ = try RadioMapFixtures.importFile(published, into: second)
        _ = try RadioMapFixtures.importFile(survey, into: second)
        #expect(try RadioMap(path: second, mode: .readOnly).cells(for: [publishedCell])[publishedCell]?.faintSignal == -96)
        // A map imported before the column existed gets its levels from `db calibrate`.
        let writable = try RadioMap(path: second, mode: .readWrite)
        try writable.connection.execute("UPDATE cells SET faint_signal = NULL")
        #expect(try writable.cells(for: [surveyed])[surveyed]?.faintSignal == nil)
        try writable.replaceCalibration([], surveyFingerprints: nil)
        let refreshed = try writable.cells(for: [surveyed, publishedCell, rare])
        #expect(refreshed[surveyed]?.faintSignal == -99)
        #expect(refreshed[publishedCell]?.faintSignal == -96)
        #expect(refreshed[rare]?.faintSignal == nil)
        // A map from before the column, opened read-only (never migrated): cells without levels.
        try writable.connection.execute("ALTER TABLE cells DROP COLUMN faint_signal")
        let old = try RadioMap(path: second, mode: .readOnly).cells(for: [surveyed, publishedCell])
        #expect(old.count == 2)
        #expect(old.values.allSatisfy { $0.faintSignal == nil })
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
