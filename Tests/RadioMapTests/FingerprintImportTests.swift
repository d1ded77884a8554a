import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

@Suite struct FingerprintImportTests {
    @Test func ujiIndoorLocRowsBecomeFingerprintsWithFloorAndBuilding() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let summary = try map.importSurvey(
            at: RadioMapFixtures.fixture("ujiindoorloc_sample.csv"), options: ImportOptions(), progress: nil)
        #expect(summary.format == .fingerprints)
        #expect(summary.rowsRead == 5)
        #expect(summary.rowsImported == 4)
        #expect(summary.rejections.map(\.reason) == ["no access point heard"])
        #expect(summary.rejections.first?.firstLines == [6])
        #expect(try map.connection.integer("SELECT count(*) FROM fingerprints") == 4)
        #expect(try map.connection.integer("SELECT count(*) FROM fingerprint_readings") == 17 + 16 + 15 + 16)
        let select = try map.connection.makeStatement(
            sql: "SELECT latitude, longitude, floor, building FROM fingerprints ORDER BY line LIMIT 1")
        #expect(try select.step())
        // EPSG:3857 (-7541.26, 4864920.78) is on the Universitat Jaume I campus, Castelló.
        #expect(abs(select.double(0) - 39.992971) < 1e-6)
        #expect(abs(select.double(1) - -0.067744) < 1e-6)
        #expect(select.int64(2) == 2)
        #expect(select.text(3) == "1")
        select.reset()

        let id = try #require(try map.imports().first?.id)
        let forgotten = try #require(try map.forgetImport(id: id))
        #expect(forgotten.observationsRemoved == 4)
        #expect(try map.connection.integer("SELECT count(*) FROM fingerprint_readings") == 0)
    }

    @Test func fingerprintsHearingAnAccessPointComeBackWhole() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        _ = try map.importSurvey(at: RadioMapFixtures.fixture("ujiindoorloc_sample.csv"), options: ImportOptions(), progress: nil)
        let all = try map.fingerprints()
        #expect(all.count == 4)
        #expect(all.allSatisfy { $0.floor != nil && $0.building != nil && !$0.readings.isEmpty })
        #expect(try map.hasFingerprints())
        let name = try #require(all.first?.readings.first?.accessPoint)
        let hearing = try map.fingerprints(hearing: [name, "WAP-never-heard"])
        #expect(hearing == all.filter { $0.readings.contains { $0.accessPoint == name } })
        #expect(try map.fingerprints(hearing: ["WAP-never-heard"]).isEmpty)
    }

    @Test func badFingerprintRowsAreCounted() throws {
        let directory = TemporaryDirectory()
        let text = """
            WAP001,WAP002,LONGITUDE,LATITUDE,FLOOR,BUILDINGID,TIMESTAMP
            -50,100,-7541.26,4864920.77,2,1,1371713733
            -50,7,-7541.26,4864920.77,2,1,1371713733
            -50,100,nan,4864920.77,2,1,1371713733
            -50,100,-7541.26,99999999999,2,1,1371713733
            WAP001,WAP002,LONGITUDE,LATITUDE,FLOOR,BUILDINGID,TIMESTAMP
            -50,100,-7541.26,4864920.77,99999999999999999999,1,1371713733

            """
        let path = RadioMapFixtures.write(Array(text.utf8), named: "uji.csv", in: directory)
        let summary = try RadioMapFixtures.importFile(path, into: RadioMapFixtures.mapPath(in: directory))
        #expect(summary.rowsImported == 1)
        let lines = Dictionary(uniqueKeysWithValues: summary.rejections.map { ($0.reason, $0.firstLines) })
        #expect(lines["invalid signal"] == [3])
        #expect(lines["invalid coordinate"] == [4, 5])
        #expect(lines["repeated header"] == [6])
        #expect(lines["invalid number"] == [7])
    }

    @Test(.enabled(if: TestPaths.sharedData("fingerprint/ujiindoorloc/validationData.csv.xz") != nil,
                   "shared data fingerprint/ujiindoorloc is absent (../shared/data or $WHEREABOUTS_SHARED_DATA)"))
    func ujiIndoorLocValidationSetImports() throws {
        let path = try #require(TestPaths.sharedData("fingerprint/ujiindoorloc/validationData.csv.xz")).path
        let directory = TemporaryDirectory()
        let summary = try RadioMapFixtures.importFile(path, into: RadioMapFixtures.mapPath(in: directory))
        #expect(summary.format == .fingerprints)
        #expect(summary.rowsRead == 1_111)
        #expect(summary.rowsImported > 1_000)
    }
}
