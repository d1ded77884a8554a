import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

/// Access-point lists with known positions, and OpenCellID files without a header line.
@Suite(.onItsOwnThread) struct ReferenceListImportTests {
    @Test func accessPointListPlacesEachAccessPointAtItsListedPosition() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let summary = try map.importSurvey(
            at: RadioMapFixtures.fixture("aplist_darmstadt_sample.csv"), options: ImportOptions(), progress: nil)
        #expect(summary.format == .aplist)
        #expect(summary.rowsRead == 12)
        #expect(summary.rowsImported == 12)
        #expect(summary.accessPointsNew == 12)
        let bssid = try #require(BSSID("88:f7:c7:52:54:c6"))
        let known = try #require(try map.accessPoints(for: [bssid])[bssid])
        #expect(abs(known.coordinate.latitude - 49.8710322) < 1e-6)
        #expect(abs(known.coordinate.longitude - 8.6546448) < 1e-6)
        #expect(known.ssid == "City WG")
    }

    @Test func accessPointListBadRowsAreCountedWithTheirLines() throws {
        let directory = TemporaryDirectory()
        let text = """
            ssid,bssid,encryption,vendor,longitude,latitude
            good,00:11:22:33:44:55,"",Vendor,8.65,49.87
            ssid,bssid,encryption,vendor,longitude,latitude
            nan,00:11:22:33:44:56,"",Vendor,nan,49.87
            huge,00:11:22:33:44:57,"",Vendor,1e400,49.87
            home_nomap,00:11:22:33:44:58,"",Vendor,8.65,49.87
            short,00:11:22:33:44:59
            caf\u{E9},zz:11:22:33:44:5a,"",Vendor,8.65,49.87

            """
        var bytes = Array(text.utf8)
        bytes.append(contentsOf: Array("\"stray,00:11:22:33:44:5b,,,8.6,49.8\n".utf8))
        let path = RadioMapFixtures.write(bytes, named: "list.csv", in: directory)
        let summary = try RadioMapFixtures.importFile(path, into: RadioMapFixtures.mapPath(in: directory))
        #expect(summary.format == .aplist)
        #expect(summary.rowsImported == 1)
        let lines = Dictionary(uniqueKeysWithValues: summary.rejections.map { ($0.reason, $0.firstLines) })
        #expect(lines["repeated header"] == [3])
        #expect(lines["invalid coordinate"] == [4, 5])
        #expect(lines["opted out"] == [6])
        #expect(lines["too few fields"] == [7])
        #expect(lines["invalid MAC"] == [8])
        #expect(summary.rowsRead == summary.rowsImported + summary.rowsRejected)
    }

    @Test func headerlessOpenCellIDFileIsRecognisedByItsShape() throws {
        let directory = TemporaryDirectory()
        let sample = try #require(RadioMapFixtures.bytes(RadioMapFixtures.fixture("opencellid_ukraine_sample.csv")))
        let withoutHeader = Array(sample.drop(while: { $0 != UInt8(ascii: "\n") }).dropFirst())
        let path = RadioMapFixtures.write(withoutHeader, named: "cells.csv", in: directory)
        let headerless = try RadioMapFixtures.importFile(path, into: directory.path("a.sqlite"))
        let withHeader = try RadioMapFixtures.importFile(
            RadioMapFixtures.fixture("opencellid_ukraine_sample.csv"), into: directory.path("b.sqlite"))
        #expect(headerless.format == .opencellid)
        #expect(headerless.rowsRead == withHeader.rowsRead)
        #expect(headerless.cellsNew == withHeader.cellsNew)
        let cell = try CellIdentity(radio: .gsm, mcc: 255, mnc: 3, area: 34000, cellID: 28052)
        let map = try RadioMap(path: directory.path("a.sqlite"), mode: .readOnly)
        #expect(try map.cells(for: [cell])[cell]?.coordinate.latitude == 48.811569213867)
    }

    @Test func openCellIDHeaderRepeatedMidFileIsARejectedRow() throws {
        let directory = TemporaryDirectory()
        let text = """
            radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal
            GSM,255,3,34000,28052,0,31.64,48.81,1000,1,1,1459781580,1459781580,0
            radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal
            GSM,255,3,34000,99999999999999999999,0,31.64,48.81,1000,1,1,1459781580,1459781580,0
            GSM,255,3,34000,28053,0,31.64,48.81,1000,1,1,1459781580,1459781580,0

            """
        let path = RadioMapFixtures.write(Array(text.utf8), named: "cells.csv", in: directory)
        let summary = try RadioMapFixtures.importFile(path, into: RadioMapFixtures.mapPath(in: directory))
        #expect(summary.rowsImported == 2)
        let lines = Dictionary(uniqueKeysWithValues: summary.rejections.map { ($0.reason, $0.firstLines) })
        #expect(lines["repeated header"] == [3])
        #expect(lines["invalid number"] == [4])
    }

    @Test(.enabled(if: TestPaths.sharedData("ap_databases/darmstadt_wifi/complete.csv.xz") != nil,
                   "shared data ap_databases/darmstadt_wifi is absent (../shared/data or $WHEREABOUTS_SHARED_DATA)"))
    func darmstadtListImportsFromItsXZFile() throws {
        let path = try #require(TestPaths.sharedData("ap_databases/darmstadt_wifi/complete.csv.xz")).path
        let directory = TemporaryDirectory()
        let summary = try RadioMapFixtures.importFile(path, into: RadioMapFixtures.mapPath(in: directory))
        #expect(summary.format == .aplist)
        #expect(summary.rowsRead == 34_699)
        #expect(summary.rowsImported > 34_000)
        #expect(summary.accessPointsNew > 30_000)
    }
}

/// Geosubmit v2 documents, read item by item.
@Suite(.onItsOwnThread) struct GeosubmitImportTests {
    @Test func geosubmitItemsBecomeObservationsAndCountedRejections() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let summary = try map.importSurvey(
            at: RadioMapFixtures.fixture("geosubmit_sample.json"), options: ImportOptions(), progress: nil)
        #expect(summary.format == .geosubmit)
        #expect(summary.rowsRead == 6)
        #expect(summary.rowsImported == 3)
        let lines = Dictionary(uniqueKeysWithValues: summary.rejections.map { ($0.reason, $0.firstLines) })
        #expect(lines["invalid coordinate"] == [3])
        #expect(lines["no usable emitters"] == [4])
        #expect(lines["missing position"] == [5])
        #expect(summary.accessPointsNew == 3)
        #expect(summary.cellsNew == 1)
        let bssid = try #require(BSSID("88:f7:c7:52:54:c6"))
        #expect(try map.accessPoints(for: [bssid])[bssid]?.sampleCount == 2)
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations") == 4)
    }

    @Test func itemsRepeatingTheScanCacheStayWithoutTheirRepeats() throws {
        // 30 reports 100 m apart, each with the same five access points at exactly the same
        // signals: a phone submitting its scan cache. The repeated readings are set aside; the
        // reports themselves stay imported.
        let items = (0..<30).map { index in
            let readings = (0..<5).map { "{\"macAddress\":\"88:f7:c7:52:54:0\($0)\",\"signalStrength\":\(-60 - $0)}" }
            return "{\"timestamp\":\(1_405_602_028_568 + index * 10_000),\"position\":{\"latitude\":\(49.87 + Double(index) * 0.0009),"
                + "\"longitude\":8.65,\"accuracy\":10},\"wifiAccessPoints\":[\(readings.joined(separator: ","))]}"
        }
        let directory = TemporaryDirectory()
        let path = RadioMapFixtures.write(Array("{\"items\":[\(items.joined(separator: ","))]}".utf8), named: "cache.json", in: directory)
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let summary = try map.importSurvey(at: path, options: ImportOptions(), progress: nil)
        let repeats = try #require(summary.cachedRepeats)
        #expect(repeats.count == 29 * 5)
        #expect(repeats.firstLines == [2, 3, 4, 5, 6])
        #expect(summary.rowsRead == 30)
        #expect(summary.rowsImported == 30)
        #expect(try map.imports().first?.rowsImported == 30)
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations") == 5)
    }

    @Test(arguments: ["truncated", "trailing"])
    func malformedDocumentIsRefusedWhole(_ damage: String) throws {
        let directory = TemporaryDirectory()
        var bytes = Array(try #require(RadioMapFixtures.bytes(RadioMapFixtures.fixture("geosubmit_sample.json"))))
        if damage == "truncated" { bytes.removeLast(40) } else { bytes += Array("{}".utf8) }
        let path = RadioMapFixtures.write(bytes, named: "bad.json", in: directory)
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        #expect {
            try RadioMapFixtures.importFile(path, into: mapPath)
        } throws: { error in
            guard case ImportError.malformedDocument = error else { return false }
            return true
        }
        let map = try RadioMap(path: mapPath, mode: .readOnly)
        #expect(try map.connection.integer("SELECT count(*) FROM imports") == 0)
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations") == 0)
    }
}
