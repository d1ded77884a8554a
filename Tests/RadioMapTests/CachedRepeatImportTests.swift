import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

/// A survey file that logs its phone's scan cache (`CachedRepeats`): networks logged again, far
/// from where they were heard, with exactly their previous signal.
@Suite struct CachedRepeatImportTests {
    static let origin = Coordinate(latitude: 32.1, longitude: 34.8)

    /// A WiGLE file: 30 networks, each heard once at its own spot `index × 20 m` north; then
    /// each logged again 200 m east — with its first signal exactly when `cached`, else 1 dB
    /// weaker (a new hearing) — and again 400 m east 3 dB weaker.
    static func walk(cached: Bool, passes: [Int] = [0, 1, 2]) -> String {
        var text = "WigleWifi-1.4,appRelease=2.25,model=test,release=6.0.1,device=test,display=t,board=t,brand=t\n"
        text += "MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type\n"
        for (pass, east, weaker) in [(0, 0.0, 0), (1, 200.0, cached ? 0 : 1), (2, 400.0, 3)] where passes.contains(pass) {
            // The second pass runs the other way, so file order is not address order.
            for index in pass == 1 ? Array((0..<30).reversed()) : Array(0..<30) {
                let spot = Geodesy.destination(
                    from: Geodesy.destination(from: origin, distance: Double(index) * 20, bearing: 0), distance: east,
                    bearing: 90)
                let signal = -60 - index - weaker
                text += String(format: "02:00:00:00:00:%02x,net%d,[ESS],2017-10-27 16:%02d:%02d,6,%d,%.7f,%.7f,30,5,WIFI\n",
                               index, index, 10 + pass, index, signal, spot.latitude, spot.longitude)
            }
        }
        return text
    }

    static func importWalk(cached: Bool, in directory: TemporaryDirectory) throws -> (ImportSummary, RadioMap) {
        let path = RadioMapFixtures.write(Array(walk(cached: cached).utf8), named: "walk.csv", in: directory)
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        return (try map.importSurvey(at: path, options: ImportOptions(), progress: nil), map)
    }

    static func bssid(_ index: Int) -> BSSID { BSSID(rawValue: 0x0200_0000_0000 | UInt64(index)) }

    @Test func repeatsOfTheScanCacheAreSetAsideAndReported() throws {
        let directory = TemporaryDirectory()
        let (summary, map) = try Self.importWalk(cached: true, in: directory)
        let repeats = try #require(summary.cachedRepeats)
        #expect(repeats.count == 30)
        #expect(repeats.firstLines == [33, 34, 35, 36, 37])
        #expect(repeats.firstDetail == "line 33: 02:00:00:00:00:1d again at -89 dBm, exactly its previous signal")
        #expect(summary.rowsRead == 90)
        #expect(summary.rowsImported == 60)
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations") == 60)
        #expect(try map.imports().first?.rowsImported == 60)
        // Every access point is placed exactly as if the cached rows had never been logged.
        let plain = try RadioMap(path: directory.path("plain.sqlite"), mode: .readWrite)
        let path = RadioMapFixtures.write(Array(Self.walk(cached: true, passes: [0, 2]).utf8), named: "plain.csv", in: directory)
        _ = try plain.importSurvey(at: path, options: ImportOptions(), progress: nil)
        let all = (0..<30).map(Self.bssid)
        let (kept, expected) = (try map.accessPoints(for: all), try plain.accessPoints(for: all))
        #expect(kept.count == 30)
        #expect(kept == expected)
        #expect(kept[Self.bssid(0)]?.sampleCount == 2)
    }

    @Test func chanceRepeatsAreKept() throws {
        // The second pass is a new hearing 1 dB off, the third 2 dB off that: near misses, no
        // excess of exact repeats, nothing set aside.
        let directory = TemporaryDirectory()
        let (summary, map) = try Self.importWalk(cached: false, in: directory)
        #expect(summary.cachedRepeats == nil)
        #expect(summary.repeatNearMisses == 60)  // 1 dB, then 2 dB off the previous row
        #expect(summary.rowsImported == 90)
        #expect(try map.accessPoints(for: [Self.bssid(0)])[Self.bssid(0)]?.sampleCount == 3)
    }

    /// A long file: 100 networks logged `passes` times in turn, 10 m further north each pass.
    /// Each even pass after the first gives every network its previous signal exactly when
    /// `cached`, else 1 dB off it (a near miss): 12,000 such pairs in 241 passes. The odd passes
    /// move it 4–6 dB (neither).
    static func longWalk(cached: Bool, passes: Int = 241) -> String {
        let networks = 100
        var text = "WigleWifi-1.4,appRelease=2.25,model=test,release=6.0.1,device=test,display=t,board=t,brand=t\n"
        text += "MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type\n"
        for pass in 0..<passes {
            let spot = Geodesy.destination(from: origin, distance: Double(pass) * 10, bearing: 0)
            for index in 0..<networks {
                let signal = -50 - index % 40 - (pass + 1) / 2 * 5 % 30 - (pass % 2 == 1 && !cached ? 1 : 0)
                text += String(format: "02:00:00:00:%02x:%02x,net,[ESS],2017-10-27 16:10:00,6,%d,%.7f,%.7f,30,5,WIFI\n",
                               index / 256, index % 256, signal, spot.latitude, spot.longitude)
            }
        }
        return text
    }

    @Test func aLongFileThatLogsItsCacheHasEveryRepeatSetAside() throws {
        // 12,000 exact repeats: the file is judged after the first 10,000; the later 2,000 are
        // never stored, the earlier ones deleted, and the report counts them all.
        let directory = TemporaryDirectory()
        let path = RadioMapFixtures.write(Array(Self.longWalk(cached: true).utf8), named: "long.csv", in: directory)
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let summary = try map.importSurvey(at: path, options: ImportOptions(), progress: nil)
        #expect(summary.cachedRepeats?.count == 12_000)
        #expect(summary.rowsRead == 24_100)
        #expect(summary.rowsImported == 12_100)
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations") == 12_100)
        #expect(try map.imports().first?.rowsImported == 12_100)
        // No stored row repeats its network's previous stored signal.
        let repeated = try map.connection.integer("""
            SELECT count(*) FROM (SELECT signal = lag(signal) OVER (PARTITION BY bssid ORDER BY line) AS same
            FROM ap_observations) WHERE same
            """)
        #expect(repeated == 0)
    }

    @Test func aLongFileOfNewHearingsKeepsEveryRow() throws {
        let directory = TemporaryDirectory()
        let path = RadioMapFixtures.write(Array(Self.longWalk(cached: false).utf8), named: "long.csv", in: directory)
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let summary = try map.importSurvey(at: path, options: ImportOptions(), progress: nil)
        #expect(summary.cachedRepeats == nil)
        #expect(summary.repeatNearMisses == 10_000)  // watched until the verdict
        #expect(summary.rowsImported == 24_100)
        #expect(try map.connection.integer("SELECT count(*) FROM ap_observations") == 24_100)
    }

    @Test func theVerdictHoldsForTheRestOfTheFile() {
        // Judged on its first 10,000 pairs, a file that logs its cache keeps no later repeat and
        // lists none for deletion, however many near misses follow; one judged the other way
        // stores every later repeat. Memory holds fewer repeats than the pairs that judged it.
        var logging = CachedRepeats()
        var keeping = CachedRepeats()
        for line in 0..<25_000 {
            // 100 networks heard in turn. The logging file repeats every signal exactly for 120
            // rounds, then moves each by 1 dB every round; the keeping file repeats a third of
            // them for 120 rounds (the rest move 1–2 dB), then repeats every one.
            let (bssid, round) = (UInt64(line % 100), line / 100)
            let logged = round < 120 ? -70 : -70 - Double((round + 1) % 2)
            #expect(logging.note(bssid: bssid, signal: logged, line: line)
                == (line >= 10_100 && round < 120 ? .setAside : .store))
            let kept = round < 120 && round % 2 == 1 ? -70 - Double(bssid % 3) : -70
            _ = keeping.note(bssid: bssid, signal: kept, line: line)
        }
        #expect(logging.logsScanCache)
        #expect(logging.count == 11_900)
        #expect(logging.nearMisses == 13_000)  // more than the repeats: the whole file would keep them
        #expect(logging.storedRepeats().count == 10_000)
        #expect(!keeping.logsScanCache)
        #expect(keeping.storedRepeats().isEmpty)
    }
}

