import Foundation
import PositioningCore
import SurveyFormats
import Testing
import TestSupport

@testable import RadioMap

/// Surveys that are SQLite databases: the WiGLE app's `wiglewifi.sqlite` and Kismet's `.kismet`
/// logs, written here with their writers' own table definitions.
@Suite struct SurveyDatabaseImportTests {
    /// The WiGLE app's tables (wiglenet/wigle-wifi-wardriving `DatabaseHelper`), with
    /// `extraRows` more location rows of as many access points, a metre apart and a second apart.
    static func writeWigleDatabase(at path: String, extraRows: Int = 0) throws {
        let database = try SQLiteConnection(path: path, readOnly: false)
        try database.execute("""
            CREATE TABLE network (bssid text primary key not null, ssid text not null, frequency int not null,
              capabilities text not null, lasttime long not null, lastlat double not null, lastlon double not null,
              type text not null default 'W', bestlevel integer not null default 0, bestlat double not null default 0,
              bestlon double not null default 0, rcois text not null default '', mfgrid integer not null default 0,
              service text not null default '');
            CREATE TABLE location (_id integer primary key autoincrement, bssid text not null, level integer not null,
              lat double not null, lon double not null, altitude double not null, accuracy float not null,
              time long not null, external integer not null default 0, mfgrid integer not null default 0);
            INSERT INTO network(bssid, ssid, frequency, capabilities, lasttime, lastlat, lastlon, type) VALUES
              ('0a:1b:2c:3d:4e:01', 'Panadería, Centro', 2437, '[WPA2-PSK-CCMP][ESS]', 1700000000000, -34.6, -58.38, 'W'),
              ('72207_1234_98765432', 'Personal', 0, 'LTE;ar', 1700000000000, -34.6, -58.38, 'G'),
              ('72207_1234_5678', 'Personal', 0, 'GSM;ar', 1700000000000, -34.6, -58.38, 'G'),
              ('72207_1234_7654321', 'Personal', 0, 'LTE;ar', 1700000000000, -34.6, -58.38, 'L'),
              ('c0:ff:ee:00:00:01', 'band', 0, 'Misc', 1700000000000, -34.6, -58.38, 'E'),
              ('0a:1b:2c:3d:4e:02', 'casa_nomap', 2412, '[WPA2]', 1700000000000, -34.6, -58.38, 'W');
            INSERT INTO location(bssid, level, lat, lon, altitude, accuracy, time) VALUES
              ('0a:1b:2c:3d:4e:01', -61, -34.6037, -58.3816, 25, 4, 1700000000000),
              ('0a:1b:2c:3d:4e:01', -70, -34.6040, -58.3820, 25, 6, 0),
              ('72207_1234_98765432', -95, -34.6037, -58.3816, 25, 4, 1700000001000),
              ('72207_1234_5678', -85, -34.6037, -58.3816, 25, 4, 1700000001000),
              ('72207_1234_7654321', -90, -34.6037, -58.3816, 25, 4, 1700000001000),
              ('c0:ff:ee:00:00:01', -80, -34.6037, -58.3816, 25, 4, 1700000002000),
              ('0a:1b:2c:3d:4e:02', -50, -34.6037, -58.3816, 25, 4, 1700000002000),
              ('0a:1b:2c:3d:4e:01', -66, 0, 0, 0, 0, 1700000003000),
              ('0a:1b:2c:3d:4e:03', -72, -34.6041, -58.3821, 25, 5, 1700000004000);
            """)
        guard extraRows > 0 else { return }
        try database.execute("""
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(extraRows))
            INSERT INTO location(bssid, level, lat, lon, altitude, accuracy, time)
            SELECT printf('0a:1b:2c:%02x:%02x:%02x', i / 65536, (i / 256) % 256, i % 256), -70,
                   -34.6 + i * 1e-6, -58.38, 25, 5, 1700000000000 + i * 1000 FROM n
            """)
    }

    /// Kismet's tables (kismetwireless/kismet `kis_database_logfile`), log version `version`.
    static func writeKismetLog(at path: String, version: Int) throws {
        let scale = version < 5 ? 100_000.0 : 1.0
        func position(_ degrees: Double) -> String { version < 5 ? String(Int((degrees * scale).rounded())) : String(degrees) }
        let json = #"{"kismet.device.base.type":"Wi-Fi AP","dot11.device":{"dot11.device.last_beaconed_ssid_record":{"dot11.advertisedssid.ssid":"Biblioteca"}}}"#
        let database = try SQLiteConnection(path: path, readOnly: false)
        try database.execute("""
            CREATE TABLE KISMET (kismet_version TEXT, db_version INT, db_module TEXT);
            INSERT INTO KISMET VALUES ('2023-07-R1', \(version), 'kismetlog');
            CREATE TABLE devices (first_time INT, last_time INT, devkey TEXT, phyname TEXT, devmac TEXT,
              strongest_signal INT, min_lat REAL, min_lon REAL, max_lat REAL, max_lon REAL, avg_lat REAL, avg_lon REAL,
              bytes_data INT, type TEXT, device BLOB, UNIQUE(phyname, devmac) ON CONFLICT REPLACE);
            CREATE TABLE packets (ts_sec INT, ts_usec INT, phyname TEXT, sourcemac TEXT, destmac TEXT, transmac TEXT,
              frequency REAL, devkey TEXT, lat REAL, lon REAL, alt REAL, speed REAL, heading REAL, packet_len INT,
              signal INT, datasource TEXT, dlt INT, packet BLOB, error INT, tags TEXT, datarate REAL, hash INT, packetid INT);
            INSERT INTO devices(first_time, last_time, phyname, devmac, strongest_signal, avg_lat, avg_lon, type, device) VALUES
              (1690000000, 1690000100, 'IEEE802.11', 'AA:BB:CC:30:00:01', -55, \(position(40.4168)), \(position(-3.7038)), 'Wi-Fi AP', '\(json)'),
              (1690000000, 1690000100, 'IEEE802.11', 'AA:BB:CC:30:00:02', -60, \(position(40.4170)), \(position(-3.7040)), 'Wi-Fi AP', '{}'),
              (1690000000, 1690000100, 'IEEE802.11', 'DA:A1:19:00:00:01', -40, \(position(40.4168)), \(position(-3.7038)), 'Wi-Fi Client', '{}'),
              (1690000000, 1690000100, 'Bluetooth', 'C0:FF:EE:00:00:02', -70, 0, 0, 'BR/EDR', '{}');
            INSERT INTO packets(ts_sec, phyname, sourcemac, lat, lon, signal) VALUES
              (1690000010, 'IEEE802.11', 'AA:BB:CC:30:00:01', \(position(40.4168)), \(position(-3.7038)), -58),
              (1690000020, 'IEEE802.11', 'AA:BB:CC:30:00:01', 0, 0, -57),
              (1690000030, 'IEEE802.11', 'AA:BB:CC:30:00:01', \(position(40.4169)), \(position(-3.7039)), -61),
              (1690000040, 'IEEE802.11', 'DA:A1:19:00:00:01', \(position(40.4168)), \(position(-3.7038)), -40),
              (1690000050, 'IEEE802.11', 'AA:BB:CC:99:99:99', \(position(40.4168)), \(position(-3.7038)), -80),
              (1690000060, 'Bluetooth', 'C0:FF:EE:00:00:02', \(position(40.4168)), \(position(-3.7038)), -70);
            """)
    }

    static func reasons(_ summary: ImportSummary) -> [String: [Int]] {
        Dictionary(uniqueKeysWithValues: summary.rejections.map { ($0.reason, $0.firstLines) })
    }

    @Test func theWigleAppsDatabaseImportsItsHearings() throws {
        let directory = TemporaryDirectory()
        let survey = directory.path("wiglewifi.sqlite")
        try Self.writeWigleDatabase(at: survey)
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        let summary = try RadioMapFixtures.importFile(survey, into: mapPath)
        #expect(summary.format == .wigledb)
        #expect(summary.rowsRead == 9)
        #expect(summary.rowsImported == 6)
        #expect(Self.reasons(summary) == ["Bluetooth device": [6], "opted out": [7], "invalid coordinate": [8]])
        let map = try RadioMap(path: mapPath, mode: .readOnly)
        let bakery = BSSID("0a:1b:2c:3d:4e:01")!
        let known = try #require(try map.accessPoints(for: [bakery])[bakery])
        #expect(known.ssid == "Panadería, Centro")
        #expect(known.sampleCount == 2)
        // `time` 0 is WiGLE's "unknown": the hearing is kept without a time.
        #expect(known.firstSeen == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations WHERE time IS NULL") == 1)
        let lteFiledAsGSM = try CellIdentity(radio: .lte, mcc: 722, mnc: 7, area: 1234, cellID: 98_765_432)
        let gsm = try CellIdentity(radio: .gsm, mcc: 722, mnc: 7, area: 1234, cellID: 5678)
        let lte = try CellIdentity(radio: .lte, mcc: 722, mnc: 7, area: 1234, cellID: 7_654_321)
        #expect(Set(try map.cells(for: [lteFiledAsGSM, gsm, lte]).keys) == [lteFiledAsGSM, gsm, lte])
        // A second import of the same database is a no-op.
        #expect(try RadioMapFixtures.importFile(survey, into: mapPath).alreadyImported)
    }

    @Test func aLargeDatabaseReportsItsRowsAsItGoes() throws {
        let directory = TemporaryDirectory()
        let survey = directory.path("wiglewifi.sqlite")
        try Self.writeWigleDatabase(at: survey, extraRows: 25_000)
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        var reported: [Int] = []
        let summary = try map.importSurvey(at: survey, options: ImportOptions(), progress: { reported.append($0.rowsRead) })
        #expect(summary.rowsRead == 25_009)
        #expect(reported.contains(10_000) && reported.contains(20_000))
    }

    /// The unpacked copy holds every position and BSSID of the survey: only its owner may read
    /// it while the rows are imported from it.
    @Test func aCompressedDatabasesScratchCopyIsReadableOnlyByItsOwner() throws {
        let directory = TemporaryDirectory()
        let survey = directory.path("wiglewifi.sqlite")
        try Self.writeWigleDatabase(at: survey, extraRows: 12_000)
        let gzip = try CommandRunner.run(URL(fileURLWithPath: "/bin/gzip"), ["-n", survey])
        try #require(gzip.status == 0)
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        let folder = (mapPath as NSString).deletingLastPathComponent
        let map = try RadioMap(path: mapPath, mode: .readWrite)
        var modes: [Int] = []
        _ = try map.importSurvey(at: survey + ".gz", options: ImportOptions(), progress: { progress in
            guard progress.rowsRead == 10_000 else { return }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name.hasPrefix(".whereabouts-import-") {
                let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)
                modes.append((attributes?[.posixPermissions] as? NSNumber)?.intValue ?? -1)
            }
        })
        #expect(modes == [0o600])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".whereabouts-import-") } == [])
    }

    @Test func aCompressedDatabaseIsUnpackedBesideTheMapAndRemoved() throws {
        let directory = TemporaryDirectory()
        let survey = directory.path("wiglewifi.sqlite")
        try Self.writeWigleDatabase(at: survey)
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-k", "-n", survey]
        try gzip.run()
        gzip.waitUntilExit()
        #expect(gzip.terminationStatus == 0)
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        let summary = try RadioMapFixtures.importFile(survey + ".gz", into: mapPath)
        #expect(summary.format == .wigledb)
        #expect(summary.rowsImported == 6)
        let folder = (mapPath as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".whereabouts-import-") } == [])
        // The plain database is the same content.
        #expect(try RadioMapFixtures.importFile(survey, into: mapPath).alreadyImported)
    }

    @Test(arguments: [8, 4])
    func aKismetLogImportsItsAccessPointsWithTheirLocationRecords(version: Int) throws {
        let directory = TemporaryDirectory()
        let survey = directory.path("Kismet-20230801-10-00-00-1.kismet")
        try Self.writeKismetLog(at: survey, version: version)
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        let summary = try RadioMapFixtures.importFile(survey, into: mapPath)
        #expect(summary.format == .kismet)
        // 5 located packets (the one at 0, 0 is no location record), then AA:BB:CC:30:00:02's average.
        #expect(summary.rowsRead == 6)
        #expect(summary.rowsImported == 3)
        #expect(Self.reasons(summary) == ["not an access point": [4], "no device record": [5], "Bluetooth device": [6]])
        let map = try RadioMap(path: mapPath, mode: .readOnly)
        let library = BSSID("aa:bb:cc:30:00:01")!, quiet = BSSID("aa:bb:cc:30:00:02")!
        let known = try map.accessPoints(for: [library, quiet])
        #expect(known[library]?.ssid == "Biblioteca")
        #expect(known[library]?.sampleCount == 2)
        #expect(abs((known[library]?.coordinate.latitude ?? 0) - 40.41685) < 0.0002)
        #expect(known[quiet]?.sampleCount == 1)
        #expect(abs((known[quiet]?.coordinate.longitude ?? 0) + 3.7040) < 0.0001)
    }

    @Test func aTruncatedOrForeignDatabaseIsRefusedAndChangesNothing() throws {
        let directory = TemporaryDirectory()
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("opencellid_ukraine_sample.csv"), into: mapPath)
        let before = try RadioMap(path: mapPath, mode: .readOnly).statistics()
        let survey = directory.path("wiglewifi.sqlite")
        try Self.writeWigleDatabase(at: survey)
        let bytes = try #require(RadioMapFixtures.bytes(survey))
        let truncated = RadioMapFixtures.write(Array(bytes.prefix(bytes.count / 2)), named: "cut.sqlite", in: directory)
        let foreign = directory.path("notes.sqlite")
        try SQLiteConnection(path: foreign, readOnly: false).execute("CREATE TABLE notes(text TEXT); INSERT INTO notes VALUES('hi')")
        for path in [truncated, foreign, mapPath] {
            #expect(throws: ImportError.self, "\(path)") { _ = try RadioMapFixtures.importFile(path, into: mapPath) }
        }
        #expect(throws: ImportError.self) {
            _ = try RadioMapFixtures.importFile(survey, into: mapPath, options: ImportOptions(format: .kismet))
        }
        // A compressed foreign database is refused too, and its scratch copy is gone.
        let gzip = Process()
        gzip.executableURL = URL(fileURLWithPath: "/bin/gzip")
        gzip.arguments = ["-n", foreign]
        try gzip.run()
        gzip.waitUntilExit()
        #expect(throws: ImportError.self) { _ = try RadioMapFixtures.importFile(foreign + ".gz", into: mapPath) }
        let folder = (mapPath as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".whereabouts-import-") } == [])
        var after = try RadioMap(path: mapPath, mode: .readOnly).statistics()
        after.fileBytes = before.fileBytes
        #expect(after == before)
    }
    /// Each database importer given a file cut short (a copy broken off), plain and gzipped: refused
    /// with a reason that says so, nothing stored, no scratch copy left behind.
    @Test(arguments: ["wigledb", "kismet"], [false, true])
    func aDatabaseCutShortIsRefusedPlainOrCompressed(format: String, compressed: Bool) throws {
        let directory = TemporaryDirectory()
        let mapPath = RadioMapFixtures.mapPath(in: directory)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("opencellid_ukraine_sample.csv"), into: mapPath)
        let before = try RadioMap(path: mapPath, mode: .readOnly).statistics()
        let survey = directory.path("whole.sqlite")
        if format == "wigledb" { try Self.writeWigleDatabase(at: survey) } else { try Self.writeKismetLog(at: survey, version: 9) }
        var path = survey
        if compressed {
            let gzip = try CommandRunner.run(URL(fileURLWithPath: "/bin/gzip"), ["-n", survey])
            try #require(gzip.status == 0)
            path = survey + ".gz"
        }
        let bytes = try #require(RadioMapFixtures.bytes(path))
        let cut = RadioMapFixtures.write(Array(bytes.prefix(bytes.count * 2 / 3)), named: "cut-" + (path as NSString).lastPathComponent,
                                         in: directory)
        #expect {
            _ = try RadioMapFixtures.importFile(cut, into: mapPath)
        } throws: { error in
            "\(error)".contains("truncated")
        }
        let folder = (mapPath as NSString).deletingLastPathComponent
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".whereabouts-import-") } == [])
        var after = try RadioMap(path: mapPath, mode: .readOnly).statistics()
        after.fileBytes = before.fileBytes
        #expect(after == before)
    }
}
