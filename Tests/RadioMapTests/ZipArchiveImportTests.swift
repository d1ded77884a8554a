import Foundation
import PositioningCore
import SurveyFormats
import Testing
import TestSupport

@testable import RadioMap

/// NeoStumbler's export as users have it — one ZIP of `wifis.csv`, `cells.csv` and
/// `beacons.csv` — imported whole: each member streamed, inflated and checked, all in one
/// transaction, so a damaged archive changes nothing.
@Suite struct ZipArchiveImportTests {
    static func importing(_ path: String, into mapPath: String, options: ImportOptions = ImportOptions()) throws -> [ImportSummary] {
        try RadioMap(path: mapPath, mode: .readWrite).importSurveys(at: path, options: options, progress: nil)
    }

    static func snapshot(_ mapPath: String) throws -> (RadioMapStatistics, Int64) {
        let map = try RadioMap(path: mapPath, mode: .readOnly)
        return (try map.statistics(), try map.connection.integer("SELECT count(*) FROM imports"))
    }

    /// CRC-32 (IEEE 802.3, reflected), bit by bit: enough for a test's few hundred bytes.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    @Test func eachMemberImportsAsItsOwnFileFromTheArchive() throws {
        let directory = TemporaryDirectory()
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        let summaries = try Self.importing(RadioMapFixtures.fixture("neostumbler_export.zip"), into: mapPath)
        #expect(summaries.map { ($0.path as NSString).lastPathComponent }
            == ["neostumbler_export.zip:wifis.csv", "neostumbler_export.zip:cells.csv", "neostumbler_export.zip:beacons.csv"])
        #expect(summaries.allSatisfy { $0.format == .neostumbler })
        // The same rows as the files imported one by one (StumblerExportImportTests).
        #expect(summaries.map(\.rowsImported) == [3, 2, 0])
        #expect(summaries[0].rejections.map(\.reason) == ["invalid coordinate", "invalid MAC", "the file ends mid-line"])
        let map = try RadioMap(path: mapPath, mode: .readOnly)
        let cafe = BSSID("02:11:22:33:44:01")!
        #expect(try map.accessPoints(for: [cafe])[cafe]?.ssid == "Kahvila, Helsinki")
        let lte = try CellIdentity(radio: .lte, mcc: 244, mnc: 91, area: 4100, cellID: 2_345_678)
        #expect(try map.cells(for: [lte]).count == 1)
        #expect(try map.connection.integer("SELECT count(*) FROM imports WHERE name LIKE 'neostumbler_export.zip:%'") == 3)
    }

    @Test func theArchiveAgainOrItsUnpackedFilesChangeNothing() throws {
        let directory = TemporaryDirectory()
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        _ = try Self.importing(RadioMapFixtures.fixture("neostumbler_export.zip"), into: mapPath)
        let before = try Self.snapshot(mapPath)
        let again = try Self.importing(RadioMapFixtures.fixture("neostumbler_export.zip"), into: mapPath)
        #expect(again.count == 3 && again.allSatisfy(\.alreadyImported))
        // The content hash is the member's plain bytes: the unpacked file is the same survey.
        let unpacked = try Self.importing(RadioMapFixtures.fixture("neostumbler_wifis.csv"), into: mapPath)
        #expect(unpacked.count == 1 && unpacked[0].alreadyImported)
        #expect(try Self.snapshot(mapPath) == before)
    }

    @Test func aStoredArchiveWithFoldersImportsItsFiles() throws {
        let directory = TemporaryDirectory()
        let summaries = try Self.importing(RadioMapFixtures.fixture("neostumbler_export_stored.zip"),
                                           into: RadioMapFixtures.mapPath(in: directory))
        #expect(summaries.count == 1)
        #expect(summaries[0].path.hasSuffix(":export/wifis.csv"))
        #expect(summaries[0].rowsImported == 3)
    }

    @Test func aDamagedMemberRollsBackTheMembersBeforeIt() throws {
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: RadioMapFixtures.fixture("neostumbler_export.zip"))))
        let cells = try #require(try ZipArchive.entries(in: bytes).first { $0.entry.name == "cells.csv" })
        let directory = TemporaryDirectory()
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("opencellid_synthetic.csv"), into: mapPath)
        let before = try Self.snapshot(mapPath)
        var damaged = bytes
        damaged[cells.dataOffset + cells.entry.compressedSize / 2] ^= 0x55
        var cut = bytes
        cut.removeLast(10)
        for (name, archive) in [("damaged.zip", damaged), ("cut.zip", cut)] {
            let path = RadioMapFixtures.write(archive, named: name, in: directory)
            #expect(throws: ImportError.self, "\(name)") { try Self.importing(path, into: mapPath) }
            // wifis.csv came first and was sound: it is not kept either.
            #expect(try Self.snapshot(mapPath) == before, "\(name)")
        }
    }

    @Test func strictStopsAtTheFirstBadRowOfAnyMemberAndStoresNothing() throws {
        let directory = TemporaryDirectory()
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        #expect {
            try Self.importing(RadioMapFixtures.fixture("neostumbler_export.zip"), into: mapPath, options: ImportOptions(strict: true))
        } throws: { error in
            guard case ImportError.malformedRow(let line, _, _) = error else { return false }
            return line == 5
        }
        #expect(try Self.snapshot(mapPath).1 == 0)
    }

    @Test func anArchiveWithAMemberThatIsNoSurveyIsRefusedWhole() throws {
        let directory = TemporaryDirectory()
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("opencellid_synthetic.csv"), into: mapPath)
        let before = try Self.snapshot(mapPath)
        // The stored fixture with its member's first bytes made garbage (and its CRC kept right).
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: RadioMapFixtures.fixture("neostumbler_export_stored.zip"))))
        let member = try #require(try ZipArchive.entries(in: bytes).last)
        let garbage = Array("shopping list\neggs, milk\n".utf8)
        var content = Array(bytes[member.dataOffset..<(member.dataOffset + member.entry.compressedSize)])
        content.replaceSubrange(0..<garbage.count, with: garbage)
        content = Array(content.prefix(garbage.count)) + Array(repeating: UInt8(ascii: "\n"), count: content.count - garbage.count)
        bytes.replaceSubrange(member.dataOffset..<(member.dataOffset + content.count), with: content)
        let central = try #require((0...(bytes.count - 4)).last { bytes[$0..<($0 + 4)].elementsEqual([0x50, 0x4B, 0x01, 0x02]) })
        let checksum = Self.crc32(content)
        for byte in 0..<4 { bytes[central + 16 + byte] = UInt8(truncatingIfNeeded: checksum >> (8 * byte)) }
        let path = RadioMapFixtures.write(bytes, named: "garbage.zip", in: directory)
        #expect {
            try Self.importing(path, into: mapPath)
        } throws: { error in
            guard case ImportError.notASurvey(_, let reason) = error else { return false }
            return reason.contains("unknown header")
        }
        #expect(try Self.snapshot(mapPath) == before)
    }
}
