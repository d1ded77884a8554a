import Foundation
import Testing
import TestSupport

@testable import WhereaboutsCLI

/// Garbage given to each importer — detected or insisted on with `--format` — is refused with
/// exit 65 and the map exactly as before.
@Suite struct ImportFormatRefusalTests {
    static let garbage: [(name: String, bytes: [UInt8])] = [
        ("notes.txt", Array("shopping list\neggs, milk\n".utf8)),
        ("random.bin", (0..<512).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }),
        ("export.zip", [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00] + Array(repeating: 0, count: 40)),
        ("half.kismet", Array("SQLite format 3\u{0}".utf8) + Array(repeating: 0x41, count: 90)),
    ]

    @Test(arguments: [nil, "wigle", "scanlog", "neostumbler", "microg", "lnb", "aplist", "wigledb", "kismet"] as [String?])
    func garbageIsRefusedWithExit65AndNothingStored(format: String?) async throws {
        let temporary = TemporaryDirectory()
        let map = temporary.path("map.sqlite")
        _ = await CLIRun(["import", "--db", map, (await SharedTown.shared.town()) + "/cells.opencellid.csv"])
        let before = await CLIRun(["db", "stats", "--db", map, "--json"])
        for file in Self.garbage {
            let path = temporary.path(file.name)
            try Data(file.bytes).write(to: URL(fileURLWithPath: path))
            let run = await CLIRun(["import", "--db", map] + (format.map { ["--format", $0] } ?? []) + [path])
            #expect(run.status == 65, "\(file.name) as \(format ?? "detected"): \(run.errors)")
            #expect(run.errors.hasPrefix("Error: "))
        }
        let after = await CLIRun(["db", "stats", "--db", map, "--json"])
        #expect(before.output == after.output)
    }

    @Test func aBrokenZipArchiveIsNamedAsSuch() async throws {
        let temporary = TemporaryDirectory()
        let path = temporary.path("neostumbler-export.zip")
        try Data(Self.garbage[2].bytes).write(to: URL(fileURLWithPath: path))
        let run = await CLIRun(["import", "--db", temporary.path("map.sqlite"), path])
        #expect(run.status == 65)
        #expect(run.errors.contains("unreadable ZIP archive: no ZIP end record"))
    }

    @Test func neoStumblersZipExportImportsEachOfItsFiles() async throws {
        let temporary = TemporaryDirectory()
        let run = await CLIRun(["import", "--db", temporary.path("map.sqlite"), "--no-calibrate",
                                TestPaths.fixture("radiomap/neostumbler_export.zip").path])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("neostumbler_export.zip:wifis.csv (neostumbler): 6 rows read, 3 imported, 3 rejected"))
        #expect(run.output.contains("neostumbler_export.zip:cells.csv (neostumbler): 3 rows read, 2 imported"))
        #expect(run.output.contains("neostumbler_export.zip:beacons.csv (neostumbler): 1 rows read, 0 imported"))
    }

    @Test func aKismetPacketExportIsRefusedWithWhatToImportInstead() async {
        let temporary = TemporaryDirectory()
        let run = await CLIRun(["import", "--db", temporary.path("map.sqlite"),
                                TestPaths.fixture("radiomap/kismet_packets_export.tsv").path])
        #expect(run.status == 65)
        #expect(run.errors.contains("does not say which senders are access points: import the .kismet log"))
    }

    @Test func anUnknownTimeZoneIsAUsageError() async {
        let run = await CLIRun(["import", "--timezone", "Mars/Olympus", "x.csv"])
        #expect(run.status == 64)
        #expect(run.errors.contains("unknown time zone 'Mars/Olympus'"))
    }
}
