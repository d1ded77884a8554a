import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

@Suite struct CompressedImportTests {
    /// The content of the map that matters to a fix: every access point and cell with its position.
    private static func emitters(_ map: RadioMap) throws -> [String] {
        var rows: [String] = []
        let aps = try map.connection.makeStatement(
            sql: "SELECT bssid, latitude, longitude, radius, samples FROM access_points ORDER BY bssid")
        while try aps.step() { rows.append("ap \(aps.int64(0)) \(aps.double(1)) \(aps.double(2)) \(aps.double(3)) \(aps.int64(4))") }
        let cells = try map.connection.makeStatement(
            sql: "SELECT radio, mcc, mnc, area, cell_id, latitude, longitude FROM cells ORDER BY 1, 2, 3, 4, 5")
        while try cells.step() {
            rows.append("cell \(cells.text(0) ?? "") \(cells.int64(4)) \(cells.double(5)) \(cells.double(6))")
        }
        return rows
    }

    @Test(arguments: ["wigle_quirks.csv.gz", "wigle_quirks.csv.xz"])
    func compressedFileGivesTheSameMapAsThePlainOne(_ name: String) throws {
        let directory = TemporaryDirectory()
        let plainPath = directory.path("plain.sqlite")
        let plain = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_quirks.csv"), into: plainPath)
        let packedPath = directory.path("packed.sqlite")
        let packed = try RadioMapFixtures.importFile(RadioMapFixtures.fixture(name), into: packedPath)
        #expect(packed.format == .wigle)
        #expect(packed.rowsRead == plain.rowsRead)
        #expect(packed.rowsImported == plain.rowsImported)
        #expect(packed.rejections == plain.rejections)
        #expect(try Self.emitters(RadioMap(path: packedPath, mode: .readOnly))
                == Self.emitters(RadioMap(path: plainPath, mode: .readOnly)))
        // The same compressed file again is a no-op.
        #expect(try RadioMapFixtures.importFile(RadioMapFixtures.fixture(name), into: packedPath).alreadyImported)
    }

    /// One survey is one content whatever its wrapping: importing the plain file and then its
    /// compressed copy (or the other way round) is recognised as the same content, and the map
    /// — positions, sample counts — is the one either gives alone.
    @Test(arguments: ["wigle_quirks.csv.gz", "wigle_quirks.csv.xz"])
    func plainAndCompressedCopiesAreTheSameContent(_ name: String) throws {
        let directory = TemporaryDirectory()
        let alonePath = directory.path("alone.sqlite")
        let alone = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_quirks.csv"), into: alonePath)
        for (first, second) in [("wigle_quirks.csv", name), (name, "wigle_quirks.csv")] {
            let path = directory.path("\(first)-then-\(second).sqlite")
            let imported = try RadioMapFixtures.importFile(RadioMapFixtures.fixture(first), into: path)
            #expect(!imported.alreadyImported)
            #expect(imported.contentHash == alone.contentHash)
            let again = try RadioMapFixtures.importFile(RadioMapFixtures.fixture(second), into: path)
            #expect(again.alreadyImported, "\(second) after \(first)")
            #expect(again.contentHash == alone.contentHash)
            let map = try RadioMap(path: path, mode: .readOnly)
            #expect(try map.connection.integer("SELECT count(*) FROM imports") == 1)
            #expect(try Self.emitters(map) == Self.emitters(RadioMap(path: alonePath, mode: .readOnly)))
        }
    }

    @Test(arguments: ["wigle_quirks.csv.gz", "wigle_quirks.csv.xz"])
    func truncatedStreamIsRefusedAndChangesNothing(_ name: String) throws {
        let directory = TemporaryDirectory()
        let whole = try #require(RadioMapFixtures.bytes(RadioMapFixtures.fixture(name)))
        let path = RadioMapFixtures.write(Array(whole.prefix(whole.count - 12)), named: "cut-" + name, in: directory)
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        #expect {
            try RadioMapFixtures.importFile(path, into: mapPath)
        } throws: { error in
            guard case ImportError.corrupt(_, let reason) = error else { return false }
            return reason.contains("truncated") || reason.contains("corrupt")
        }
        let map = try RadioMap(path: mapPath, mode: .readOnly)
        #expect(try map.connection.integer("SELECT count(*) FROM imports") == 0)
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations") == 0)
    }

    @Test(arguments: ["wigle_quirks.csv.gz", "wigle_quirks.csv.xz"])
    func corruptStreamIsRefusedAndChangesNothing(_ name: String) throws {
        let directory = TemporaryDirectory()
        var bytes = Array(try #require(RadioMapFixtures.bytes(RadioMapFixtures.fixture(name))))
        for index in stride(from: 40, to: bytes.count - 40, by: 7) { bytes[index] ^= 0x5A }
        let path = RadioMapFixtures.write(bytes, named: "bad-" + name, in: directory)
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        #expect {
            try RadioMapFixtures.importFile(path, into: mapPath)
        } throws: { error in
            guard case ImportError.corrupt = error else { return false }
            return true
        }
        let map = try RadioMap(path: mapPath, mode: .readOnly)
        #expect(try map.connection.integer("SELECT count(*) FROM imports") == 0)
    }

    @Test func gzipWithOnlyAHeaderIsRefusedAsTruncated() throws {
        let directory = TemporaryDirectory()
        let path = RadioMapFixtures.write([0x1F, 0x8B, 0x08, 0x00], named: "stub.gz", in: directory)
        #expect(throws: ImportError.self) {
            try RadioMapFixtures.importFile(path, into: RadioMapFixtures.mapPath(in: directory))
        }
    }

    @Test func concatenatedGzipMembersAreOneStream() throws {
        let directory = TemporaryDirectory()
        let whole = try #require(RadioMapFixtures.bytes(RadioMapFixtures.fixture("wigle_quirks.csv.gz")))
        // An empty gzip member (gzip -c </dev/null) appended: readers must go on past the first trailer.
        let empty: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03, 0x03, 0x00, 0, 0, 0, 0, 0, 0, 0, 0]
        let path = RadioMapFixtures.write(Array(whole) + empty, named: "two.csv.gz", in: directory)
        let summary = try RadioMapFixtures.importFile(path, into: RadioMapFixtures.mapPath(in: directory))
        #expect(summary.rowsRead == 19)
    }
}
