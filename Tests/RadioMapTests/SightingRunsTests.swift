import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

/// A large import spills its sightings in sorted runs to a scratch file and merges them back
/// (`SightingRuns`): nothing may be lost or changed on the way, and the file may leave no trace.
@Suite(.onItsOwnThread) struct SightingRunsTests {
    /// Sightings with every field present or absent in turn, SSIDs empty, non-ASCII and one far
    /// longer than a read buffer, several rows per BSSID.
    static func sightings(count: Int, seed: UInt64) -> [PendingObservation] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { line in
            let ssids: [String?] = [nil, "", "Café ☕", "net\(line)", String(repeating: "x", count: 40_000)]
            let ssid = line % 997 == 0 ? ssids[4] : ssids[line % 4]
            let seen = SurveyObservation(
                position: Coordinate(latitude: Double.random(in: -89...89, using: &random),
                                     longitude: Double.random(in: -180...180, using: &random)),
                positionAccuracy: line % 3 == 0 ? nil : Double.random(in: 1...50, using: &random),
                signalStrength: line % 5 == 0 ? nil : Double(Int.random(in: -99 ... -30, using: &random)),
                time: line % 7 == 0 ? nil : Date(timeIntervalSince1970: Double.random(in: 0...2e9, using: &random)),
                ssid: ssid)
            return PendingObservation(bssid: UInt64.random(in: 0...400, using: &random), line: line, seen: seen)
        }
    }

    @Test func mergedRunsComeBackInKeyOrderWithEveryField() throws {
        let directory = TemporaryDirectory()
        let runs = try SightingRuns(directory: directory.url.path)
        let all = Self.sightings(count: 5_000, seed: 1)
        // Uneven runs, each sorted by (BSSID, line) as the importer spills them.
        var start = 0
        for size in [1, 700, 1_299, 3_000] {
            try runs.append(all[start..<start + size].sorted { ($0.bssid, $0.line) < ($1.bssid, $1.line) })
            start += size
        }
        var merged: [PendingObservation] = []
        try runs.merge(batchSize: 256) { batch in
            #expect(batch.count <= 256)
            merged += batch
        }
        let expected = all.sorted { ($0.bssid, $0.line) < ($1.bssid, $1.line) }
        #expect(merged.count == expected.count)
        #expect(merged.map(\.bssid) == expected.map(\.bssid))
        #expect(merged.map(\.line) == expected.map(\.line))
        #expect(merged.map(\.seen) == expected.map(\.seen))
    }

    @Test func theScratchFileLeavesNoNameBehind() throws {
        let directory = TemporaryDirectory()
        let runs = try SightingRuns(directory: directory.url.path)
        try runs.append(Self.sightings(count: 100, seed: 2).sorted { ($0.bssid, $0.line) < ($1.bssid, $1.line) })
        // Unlinked at once: the sightings live only behind the open descriptor.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty)
        var rows = 0
        try runs.merge(batchSize: 64) { rows += $0.count }
        #expect(rows == 100)
    }

    @Test func aDirectoryThatCannotHoldItIsAClearError() {
        #expect {
            _ = try SightingRuns(directory: "/nonexistent-whereabouts-directory")
        } throws: { error in
            "\(error)".hasPrefix("the import's scratch file failed: cannot create it in /nonexistent-whereabouts-directory: No such file")
        }
    }

    /// A file of several batches into a map past the page cache goes through the scratch file
    /// (and says so in its progress); the same file into a small map goes straight into the
    /// table. Both maps must hold the same sightings, place the same access points and count
    /// them alike — also when the map fills up partway through the file (`directBatches`: the
    /// first batch goes straight into the table, the rest is spilled), and when a second file
    /// updates what the first placed.
    @Test(arguments: [0, 1])
    func aSpilledImportStoresWhatADirectImportStores(directBatches: Int) throws {
        let directory = TemporaryDirectory()
        let whole = Self.randomWalk(rows: 30_000, seed: 3, in: directory)
        let spilled = try RadioMap(path: directory.path("spilled.sqlite"), mode: .readWrite)
        // As if the map outgrew the page cache at once, or after the first batch (8 Ki rows).
        spilled.importSpillThreshold = directBatches == 0 ? 0 : try Self.mapBytes(spilled) + Self.slack
        var spilledWrites: [ImportProgress.SortedWrite] = []
        let summary = try spilled.importSurvey(at: whole, options: ImportOptions()) { update in
            if let write = update.sortedWrite { spilledWrites.append(write) }
        }
        #expect(summary.rowsImported == 30_000)
        let spilledRows = 30_000 - 8_192 * directBatches
        #expect(spilledWrites.last == ImportProgress.SortedWrite(written: spilledRows, total: spilledRows))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).allSatisfy { !$0.hasPrefix(".whereabouts-import") })

        let direct = try RadioMap(path: directory.path("direct.sqlite"), mode: .readWrite)
        var directWrites = 0
        let directSummary = try direct.importSurvey(at: whole, options: ImportOptions()) { update in
            if update.sortedWrite != nil { directWrites += 1 }
        }
        #expect(directWrites == 0)
        #expect(try Self.rows(Self.sightings, columns: 7, in: spilled) == Self.rows(Self.sightings, columns: 7, in: direct))
        let placed = try Self.rows(Self.places, columns: 5, in: spilled)
        #expect(placed.count > 2_900)  // of 3,000 addresses drawn at random
        #expect(placed == (try Self.rows(Self.places, columns: 5, in: direct)))
        #expect(summary.accessPointsNew == placed.count)
        #expect(summary.accessPointsNew == directSummary.accessPointsNew)
        #expect(summary.accessPointsUpdated == 0)  // each counted once, also when met before and after the spill began

        // A second file hearing most of the same addresses again: updated, not new.
        let more = Self.randomWalk(rows: 12_000, seed: 4, in: directory)
        let (again, directAgain) = (try spilled.importSurvey(at: more, options: ImportOptions(), progress: nil),
                                    try direct.importSurvey(at: more, options: ImportOptions(), progress: nil))
        #expect(again.accessPointsUpdated > 2_500)
        #expect(again.accessPointsNew == directAgain.accessPointsNew)
        #expect(again.accessPointsUpdated == directAgain.accessPointsUpdated)
        #expect(try Self.rows(Self.places, columns: 5, in: spilled) == Self.rows(Self.places, columns: 5, in: direct))
    }

    /// A file logging its scan cache, spilled: the merge leaves out the repeats stored before
    /// the verdict (after its first 10,000 repeats, about row 20,000) that are still in the
    /// runs, the ones already in the table are deleted, and the access points come out as a
    /// direct import places them.
    @Test func aSpilledFileThatLogsItsCacheLeavesOutWhatADirectImportLeavesOut() throws {
        let directory = TemporaryDirectory()
        let walk = CachedRepeatImportTests.longWalk(cached: true, passes: 601)
        let path = RadioMapFixtures.write(Array(walk.utf8), named: "long.csv", in: directory)
        let direct = try RadioMap(path: directory.path("direct.sqlite"), mode: .readWrite)
        let directSummary = try direct.importSurvey(at: path, options: ImportOptions(), progress: nil)
        #expect(directSummary.rowsImported == 30_100)
        // Everything spilled, or the first batch of 8 Ki rows straight into the table.
        for directBatches in [0, 1] {
            let spilled = try RadioMap(path: directory.path("spilled\(directBatches).sqlite"), mode: .readWrite)
            spilled.importSpillThreshold = directBatches == 0 ? 0 : try Self.mapBytes(spilled) + Self.slack
            var spilledWrites = 0
            let summary = try spilled.importSurvey(at: path, options: ImportOptions()) { update in
                if update.sortedWrite != nil { spilledWrites += 1 }
            }
            #expect(spilledWrites > 0)
            #expect(summary.cachedRepeats?.count == 30_000)
            #expect(summary.rowsImported == 30_100)
            #expect(try Self.rows(Self.sightings, columns: 7, in: spilled) == Self.rows(Self.sightings, columns: 7, in: direct))
            #expect(try Self.rows(Self.places, columns: 5, in: spilled) == Self.rows(Self.places, columns: 5, in: direct))
            #expect(summary.accessPointsNew == 100)
        }
    }

    static let sightings = "SELECT bssid, latitude, longitude, accuracy, signal, time, ssid FROM ap_observations ORDER BY 1, 2, 3, 4, 5, 6, 7"
    static let places = "SELECT bssid, round(latitude, 9), round(longitude, 9), radius, samples FROM access_points ORDER BY bssid"

    /// Room for the pages an import's first rows add before its first batch is written.
    static let slack: Int64 = 64 << 10

    static func mapBytes(_ map: RadioMap) throws -> Int64 {
        try map.connection.integer("PRAGMA page_count") * map.connection.integer("PRAGMA page_size")
    }

    /// A WiGLE file of `rows` sightings of 3,000 addresses drawn at random, with empty,
    /// non-ASCII and absent fields.
    static func randomWalk(rows count: Int, seed: UInt64, in directory: TemporaryDirectory) -> String {
        let header = "WigleWifi-1.4,appRelease=2.26,model=Test\n"
            + "MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type\n"
        var random = SplitMix64(seed: seed)
        let rows = (0..<count).map { row in
            let bssid = BSSID(rawValue: 0x0012_3400_0000 + UInt64.random(in: 0..<3_000, using: &random))
            let signal = Int.random(in: -95 ... -40, using: &random)
            let ssid = row % 11 == 0 ? "" : "net\(row % 13) é"
            return String(format: "%@,%@,[ESS],2017-10-27 16:%02d:%02d,6,%d,%.7f,%.7f,30,%@,WIFI\n",
                          "\(bssid)", ssid, row / 60 % 60, row % 60, signal,
                          32 + Double.random(in: 0...0.05, using: &random), 34.8 + Double.random(in: 0...0.05, using: &random),
                          row % 4 == 0 ? "" : "\(Int.random(in: 3...30, using: &random))")
        }
        return RadioMapFixtures.write(Array((header + rows.joined()).utf8), named: "walk\(seed).csv", in: directory)
    }

    /// The query's rows as text, its `columns` columns joined by "|" (NULL as "∅").
    static func rows(_ sql: String, columns: Int32, in map: RadioMap) throws -> [String] {
        let statement = try map.connection.cachedStatement(sql: sql)
        statement.bind([])
        var rows: [String] = []
        while try statement.step() {
            rows.append((0..<columns).map { statement.text($0) ?? "∅" }.joined(separator: "|"))
        }
        statement.reset()
        return rows
    }
}
