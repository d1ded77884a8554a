import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

@Suite struct ForgetImportTests {
    /// Every aggregated row of the map, for comparing two maps.
    private static func snapshot(_ map: RadioMap) throws -> [String] {
        var rows: [String] = []
        for sql in ["SELECT bssid, latitude, longitude, radius, samples, status FROM access_points ORDER BY 1",
                    "SELECT radio, mcc, mnc, area, cell_id, latitude, longitude, radius, source FROM cells ORDER BY 1, 2, 3, 4, 5",
                    "SELECT radio, mcc, mnc, area, latitude, longitude, radius, cell_count FROM areas ORDER BY 1, 2, 3, 4"] {
            let statement = try map.connection.makeStatement(sql: sql)
            while try statement.step() {
                rows.append((0..<statement.columnCount).map { statement.text($0) ?? "null" }.joined(separator: "|"))
            }
        }
        return rows
    }

    /// `forgetChunk`: the access points are taken a few at a time, or all in one chunk.
    @Test(arguments: [2, 65_536])
    func forgettingTheSecondFileGivesTheMapOfTheFirstAlone(forgetChunk: Int) throws {
        let directory = TemporaryDirectory()
        let onlyFirst = directory.path("first.sqlite")
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_quirks.csv"), into: onlyFirst)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("opencellid_synthetic.csv"), into: onlyFirst)

        let both = directory.path("both.sqlite")
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_quirks.csv"), into: both)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("opencellid_synthetic.csv"), into: both)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("geosubmit_sample.json"), into: both)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_v16_extra_columns.csv"), into: both)

        let map = try RadioMap(path: both, mode: .readWrite)
        map.forgetChunk = forgetChunk
        let records = try map.imports()
        #expect(records.map(\.format) == ["wigle", "opencellid", "geosubmit", "wigle"])
        #expect(records[2].name == "geosubmit_sample.json")
        let geosubmit = try #require(try map.forgetImport(id: records[2].id))
        #expect(geosubmit.observationsRemoved == 5)
        let wigle = try #require(try map.forgetImport(id: records[3].id))
        #expect(wigle.observationsRemoved > 0)
        #expect(try map.imports().map(\.id) == [records[0].id, records[1].id])
        #expect(try Self.snapshot(map) == Self.snapshot(RadioMap(path: onlyFirst, mode: .readOnly)))
        #expect(try map.forgetImport(id: records[3].id) == nil)
    }

    /// Retention has summarized the older half of the survey's sightings and kept the newer
    /// half, so most access points stand on both: forgetting the survey leaves none of them.
    @Test func forgettingAnImportHalfSummarizedLeavesNothingOfIt() throws {
        let town = try TinyTownMap()
        town.map.forgetChunk = 50
        let (sightings, cellSightings) = (try town.count("ap_observations"), try town.count("cell_observations"))
        let middle = try town.map.connection.integer(
            "SELECT CAST(time AS INTEGER) FROM ap_observations ORDER BY time LIMIT 1 OFFSET ?", [.integer(sightings / 2)])
        try town.map.applyRetention(keepingDays: 1, now: Date(timeIntervalSince1970: Double(middle + 86_400)))
        let both = try town.map.connection.integer("""
            SELECT count(*) FROM ap_observation_summaries WHERE bssid IN (SELECT bssid FROM ap_observations)
            """)
        #expect(both > 100)  // of 357 access points
        let survey = try #require(try town.map.imports().first)
        let forgotten = try #require(try town.map.forgetImport(id: survey.id))
        #expect(forgotten.observationsRemoved == Int(sightings + cellSightings))
        #expect(try town.count("access_points") == 0)
        #expect(try town.count("ap_observations") == 0)
        #expect(try town.count("ap_observation_summaries") == 0)
    }

    @Test func forgettingPublishedCellsRemovesThemAndTheirAreas() throws {
        let directory = TemporaryDirectory()
        let path = RadioMapFixtures.mapPath(in: directory)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("opencellid_ukraine_sample.csv"), into: path)
        let map = try RadioMap(path: path, mode: .readWrite)
        let id = try #require(try map.imports().first?.id)
        let summary = try #require(try map.forgetImport(id: id))
        #expect(summary.publishedCellsRemoved >= 29)
        #expect(try map.connection.integer("SELECT count(*) FROM cells") == 0)
        #expect(try map.connection.integer("SELECT count(*) FROM areas") == 0)
        // The same file imports anew afterwards.
        let again = try map.importSurvey(
            at: RadioMapFixtures.fixture("opencellid_ukraine_sample.csv"), options: ImportOptions(), progress: nil)
        #expect(!again.alreadyImported)
    }
}
