import Foundation
import Testing
import TestSupport

@testable import SurveyFormats

/// The ZIP directory reader as a library: what it reads from real archives (written by Python's
/// zipfile, deflated with data descriptors as Java's ZipOutputStream writes them, and stored),
/// and every malformed shape it must refuse with a reason — never a crash, never a member read
/// from bytes that are not its own.
@Suite struct ZipArchiveTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: TestPaths.fixture("radiomap/" + name)))
    }

    static func reason(_ bytes: [UInt8]) -> String? {
        do {
            _ = try ZipArchive.entries(in: bytes)
            return nil
        } catch {
            return error.reason
        }
    }

    /// Offsets of the stored fixture's records: the end record, the central directory.
    static func layout(_ bytes: [UInt8]) throws -> (end: Int, directory: Int) {
        let end = try #require((0...(bytes.count - 22)).last { bytes[$0..<($0 + 4)].elementsEqual([0x50, 0x4B, 0x05, 0x06]) })
        let directory = Int(bytes[end + 16]) | Int(bytes[end + 17]) << 8 | Int(bytes[end + 18]) << 16 | Int(bytes[end + 19]) << 24
        return (end, directory)
    }

    @Test func aDeflatedExportListsItsMembersWithTheirSizesAndChecksums() throws {
        let bytes = try Self.fixture("neostumbler_export.zip")
        #expect(ZipArchive.looksLikeArchive(bytes))
        let members = try ZipArchive.entries(in: bytes)
        #expect(members.map(\.entry.name) == ["wifis.csv", "cells.csv", "beacons.csv"])
        #expect(members.allSatisfy { $0.entry.method == .deflated })
        let wifis = try Self.fixture("neostumbler_wifis.csv")
        #expect(members[0].entry.uncompressedSize == wifis.count)
        // Each member's data starts right after its local header and name.
        #expect(members[0].dataOffset == 30 + "wifis.csv".utf8.count)
    }

    @Test func aStoredArchiveWithAFolderEntry() throws {
        let members = try ZipArchive.entries(in: try Self.fixture("neostumbler_export_stored.zip"))
        #expect(members.map(\.entry.name) == ["export/", "export/wifis.csv"])
        #expect(members[0].entry.isDirectory && !members[1].entry.isDirectory)
        let stored = members[1]
        #expect(stored.entry.method == .stored && stored.entry.compressedSize == stored.entry.uncompressedSize)
        let bytes = try Self.fixture("neostumbler_export_stored.zip")
        let content = bytes[stored.dataOffset..<(stored.dataOffset + stored.entry.compressedSize)]
        #expect(Array(content) == (try Self.fixture("neostumbler_wifis.csv")))
    }

    @Test func everyTruncationIsRefusedWithAReason() throws {
        let bytes = try Self.fixture("neostumbler_export.zip")
        for length in 0..<bytes.count {
            #expect(Self.reason(Array(bytes.prefix(length))) != nil, "cut at \(length)")
        }
    }

    @Test func everyFlippedByteInTheDirectoryIsReadOrRefusedNeverACrash() throws {
        let bytes = try Self.fixture("neostumbler_export.zip")
        let (_, directory) = try Self.layout(bytes)
        for index in directory..<bytes.count {
            for flip: UInt8 in [0x01, 0x80, 0xFF] {
                var corrupt = bytes
                corrupt[index] ^= flip
                if let members = try? ZipArchive.entries(in: corrupt) {
                    // What is read still lies inside the file, before the directory.
                    #expect(members.allSatisfy { $0.dataOffset + $0.entry.compressedSize <= corrupt.count })
                }
            }
        }
    }

    @Test func malformedArchivesAreRefusedWithWhatIsWrong() throws {
        let bytes = try Self.fixture("neostumbler_export_stored.zip")
        let (end, directory) = try Self.layout(bytes)
        let second = try #require((directory + 4..<end).first { bytes[$0..<($0 + 4)].elementsEqual([0x50, 0x4B, 0x01, 0x02]) })
        func patched(_ edits: [(Int, UInt8)]) -> [UInt8] {
            var copy = bytes
            for (index, value) in edits { copy[index] = value }
            return copy
        }
        let cases: [(String, [UInt8], String)] = [
            ("encrypted", patched([(second + 8, 0x01)]), "is encrypted"),
            ("bzip2", patched([(second + 10, 12)]), "compression method 12"),
            ("stored sizes differ", patched([(second + 20, bytes[second + 20] &+ 1)]), "two sizes differ"),
            ("a count too small", patched([(end + 8, 1), (end + 10, 1)]), "more than its 1 entries"),
            ("a count too large", patched([(end + 8, 3), (end + 10, 3)]), "entry 3 is malformed"),
            ("split", patched([(end + 4, 1)]), "split (multi-disk)"),
            ("ZIP64", patched([(end + 10, 0xFF), (end + 11, 0xFF), (end + 8, 0xFF), (end + 9, 0xFF)]), "ZIP64"),
            ("comment past the end", patched([(end + 20, 5)]), "no ZIP end record"),
            ("local name differs", patched([(30 + 7 + 30 + 7, UInt8(ascii: "W"))]), "disagree"),
            ("member after the directory", patched([(second + 45, 0x7F)]), "runs into the central directory"),
            ("overlap", patched([(second + 42, 0), (second + 43, 0), (second + 44, 0), (second + 45, 0)]), "overlaps another member"),
            ("junk before the end record", bytes.prefix(end) + [0] + bytes[end...], "does not end where the end record begins"),
        ]
        for (name, archive, expected) in cases {
            let reason = Self.reason(archive)
            #expect(reason?.contains(expected) == true, "\(name): \(reason ?? "read")")
        }
    }

    @Test func anEmptyArchiveHasNoMembers() throws {
        let empty: [UInt8] = [0x50, 0x4B, 0x05, 0x06] + Array(repeating: 0, count: 18)
        #expect(ZipArchive.looksLikeArchive(empty))
        #expect(try ZipArchive.entries(in: empty).isEmpty)
        #expect(!ZipArchive.looksLikeArchive(Array("timestamp,latitude".utf8)))
    }
}
