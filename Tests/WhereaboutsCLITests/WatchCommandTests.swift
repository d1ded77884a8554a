import Foundation
import GNSS
import JSONCodec
import SurveyFormats
import Testing
import TestSupport

@testable import PositioningCore
@testable import WhereaboutsCLI

@Suite struct WatchCommandTests {
    /// The walk's true positions by time (Unix milliseconds).
    static func truth(in town: String) throws -> [(time: Int, coordinate: Coordinate)] {
        try String(contentsOfFile: town + "/walk.truth.jsonl", encoding: .utf8).split(separator: "\n").map { line in
            let value = try JSONParser.parse(String(line))
            return (value["time"]!.integerValue!, Coordinate(latitude: value["lat"]!.doubleValue!, longitude: value["lng"]!.doubleValue!))
        }
    }

    static func milliseconds(_ iso: String) -> Int {
        Int((ISO8601Timestamp.parse(iso)!.timeIntervalSince1970 * 1000).rounded())
    }

    /// End to end with the built binary: a simulated town's survey imported, its walk replayed
    /// at 1000× with a region around a point of the walk; fixes and region events checked
    /// against where the walker really was.
    @Test func replayedWalkGivesFixesAndRegionEventsThatMatchTheTruth() async throws {
        let town = await SharedTown.shared.town()
        let map = await SharedTown.shared.radioMap()
        let truth = try Self.truth(in: town)
        let byTime = Dictionary(uniqueKeysWithValues: truth.map { ($0.time, $0.coordinate) })
        let centre = truth[150].coordinate
        let radius = 100.0
        let run = try await EvalProcessRun([
            "watch", "--db", map, "--replay", town + "/walk.trace.jsonl", "--speed", "1000", "--json",
            "--region", "square=\(centre.latitude),\(centre.longitude),\(Int(radius))",
        ])
        #expect(run.status == 0, "\(run.errors)")
        let lines = try run.output.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        let fixes = lines.filter { $0["type"]?.stringValue == "fix" }
        let events = lines.filter { $0["type"]?.stringValue == "region" }
        #expect(fixes.count == truth.count, "every epoch of the walk gives a fix (Wi-Fi covers the GPS drop-outs)")
        var sources: Set<String> = []
        for fix in fixes {
            let truePosition = try #require(byTime[Self.milliseconds(fix["timestamp"]!.stringValue!)])
            let position = Coordinate(latitude: fix["location"]!["lat"]!.doubleValue!, longitude: fix["location"]!["lng"]!.doubleValue!)
            let error = Geodesy.distance(from: position, to: truePosition)
            let source = fix["source"]!.stringValue!
            sources.insert(source)
            if source == "gps" {
                #expect(error < 40, "the walk's GPS error stays under 40 m")
                #expect(fix["calibrated"] == nil, "a GPS radius is the receiver's own")
            } else {
                #expect(error < 3 * fix["accuracy"]!.doubleValue!, "a \(source) fix is within three radii of the truth")
                #expect(fix["calibrated"]?.boolValue == false, "as `locate` says on a map never calibrated")
                #expect(fix["notes"]?.arrayValue?.contains { $0.stringValue?.contains("not calibrated") == true } == true)
            }
            #expect(fix["fallback"]?[0]?["source"]?.stringValue == "gps")
        }
        #expect(sources.contains("gps") && sources.contains("wifi"), "GPS drop-outs fall back to Wi-Fi: \(sources)")

        // Region events: the initial state, then crossings that alternate and agree with the truth.
        let inside = truth.map { Geodesy.distance(from: centre, to: $0.coordinate) <= radius }
        let trueCrossings = zip(inside, inside.dropFirst()).filter { $0 != $1 }.count
        let kinds = events.map { $0["event"]!.stringValue! }
        try #require(!kinds.isEmpty)
        #expect(kinds[0] == (inside[0] ? "inside" : "outside"))
        #expect(kinds.dropFirst().allSatisfy { $0 == "enter" || $0 == "exit" })
        #expect(kinds.count - 1 >= 1 && kinds.count - 1 <= trueCrossings, "no flapping: \(kinds), \(trueCrossings) true crossings")
        var expected = inside[0] ? "exit" : "enter"
        for event in events.dropFirst() {
            #expect(event["event"]?.stringValue == expected)
            let truePosition = try #require(byTime[Self.milliseconds(event["time"]!.stringValue!)])
            let distance = Geodesy.distance(from: centre, to: truePosition)
            if expected == "enter" { #expect(distance < radius) } else { #expect(distance > radius) }
            expected = expected == "enter" ? "exit" : "enter"
        }
    }

    @Test func recordedWatchReplaysToTheSameFixes() async throws {
        let town = await SharedTown.shared.town()
        let map = await SharedTown.shared.radioMap()
        let directory = TemporaryDirectory("watch-record")
        let recording = directory.path("recorded.jsonl")
        let first = await CLIRun([
            "watch", "--db", map, "--replay", town + "/walk.trace.jsonl", "--speed", "max", "--json", "--max-updates", "40",
            "--record", recording,
        ])
        #expect(first.status == 0, "\(first.errors)")
        let attributes = try FileManager.default.attributesOfItem(atPath: recording)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        let second = await CLIRun(["watch", "--db", map, "--replay", recording, "--speed", "max", "--json", "--max-updates", "40"])
        #expect(second.status == 0, "\(second.errors)")
        func positions(_ output: String) throws -> [String] {
            try output.split(separator: "\n").map { try JSONParser.parse(String($0)) }.map {
                "\($0["timestamp"]!.stringValue!) \($0["location"]!["lat"]!.doubleValue!) \($0["location"]!["lng"]!.doubleValue!)"
            }
        }
        let original = try positions(first.output)
        #expect(original.count == 40)
        #expect(try positions(second.output) == original)
    }

    @Test func nmeaOutIsReadBackAsTheSameFixes() async throws {
        let town = await SharedTown.shared.town()
        let map = await SharedTown.shared.radioMap()
        let json = await CLIRun(["watch", "--db", map, "--replay", town + "/walk.trace.jsonl", "--speed", "max", "--json", "--max-updates", "10"])
        let nmea = await CLIRun(["watch", "--db", map, "--replay", town + "/walk.trace.jsonl", "--speed", "max", "--nmea-out", "--max-updates", "10"])
        #expect(nmea.status == 0, "\(nmea.errors)")
        let read = NMEAReader.fixes(in: Array(nmea.output.utf8)).fixes
        let expected = try json.output.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(read.count == expected.count && read.count == 10)
        for (fix, line) in zip(read, expected) {
            #expect(abs(fix.coordinate.latitude - line["location"]!["lat"]!.doubleValue!) < 1e-6)
            #expect(abs(fix.coordinate.longitude - line["location"]!["lng"]!.doubleValue!) < 1e-6)
        }
    }

    @Test(arguments: [
        (["--region", "park=52.5,13.4"], "--region expects ID=LAT,LON,RADIUS"),
        (["--speed", "fast", "--replay", "x"], "--speed expects a positive number or 'max'"),
        (["--speed", "2"], "--speed applies to --replay"),
        (["--max-updates", "0"], "--max-updates expects a positive whole number"),
        (["--nmea-out", "--json"], "--nmea-out and --json cannot be combined"),
        (["--replay", "x", "--interval", "2"], "--interval applies to the live radios, not --replay"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) async {
        let run = await CLIRun(["watch"] + arguments)
        #expect(run.status == 64)
        #expect(run.errors.contains(message), "\(run.errors)")
    }

    @Test func aBadTraceLineIsADataErrorNamingTheLine() async throws {
        let directory = TemporaryDirectory("watch-bad-trace")
        let trace = directory.path("bad.jsonl")
        try "{\"time\":0}\n{\"time\":1,\"gnss\":{\"lat\":1}}\n".write(toFile: trace, atomically: true, encoding: .utf8)
        let run = await CLIRun(["watch", "--replay", trace])
        #expect(run.status == 65)
        #expect(run.errors.contains("bad.jsonl: line 2: gnss needs \"lat\" and \"lng\""), "\(run.errors)")
    }

    @Test func aTraceWithNothingToFixEndsAfterThreeEpochsWithExit2() async throws {
        let directory = TemporaryDirectory("watch-unknown")
        let trace = directory.path("unknown.jsonl")
        let lines = (0..<5).map { "{\"time\":\($0 * 1000),\"wifiAccessPoints\":[{\"macAddress\":\"0a:00:00:00:00:0\($0)\"}]}" }
        try lines.joined(separator: "\n").write(toFile: trace, atomically: true, encoding: .utf8)
        let run = await CLIRun(["watch", "--replay", trace, "--speed", "max", "--db", directory.path("none.sqlite")])
        #expect(run.status == 69, "no radio map: nothing can resolve Wi-Fi")
        let map = await SharedTown.shared.radioMap()
        let known = await CLIRun(["watch", "--replay", trace, "--speed", "max", "--db", map])
        #expect(known.status == 2, "\(known.errors)")
        #expect(known.errors.contains("Error: the sources ran but none could fix a position"))
        #expect(known.errors.contains("wifi: noFix — nothing heard is in the radio map"))
    }

    @Test func locateHandsOutTheLastFixOnlyWhenMaxAgeAllowsAndMarksItCached() async throws {
        let home = TemporaryDirectory("locate-max-age")
        let environment = ["HOME": home.url.path]
        let fresh = await CLIRun(["locate", "--sources", "gps", "--nmea-device", LiveLocateTests.receiverLog, "--json"], environment: environment)
        #expect(fresh.status == 0, "\(fresh.errors)")
        let freshResponse = try JSONParser.parse(fresh.output)
        #expect(freshResponse["cached"] == nil)
        let stored = home.path(".local/share/whereabouts/last-location.json")
        let attributes = try FileManager.default.attributesOfItem(atPath: stored)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)

        // gpsd is unreachable now; an hour's --max-age allows the remembered fix.
        let cached = await CLIRun(["locate", "--sources", "gps", "--gpsd", "127.0.0.1:1", "--max-age", "3600", "--json"], environment: environment)
        #expect(cached.status == 0, "\(cached.errors)")
        let response = try JSONParser.parse(cached.output)
        #expect(response["cached"] == .bool(true))
        #expect(response["location"] == freshResponse["location"])
        let text = await CLIRun(["locate", "--sources", "gps", "--gpsd", "127.0.0.1:1", "--max-age", "3600"], environment: environment)
        #expect(text.output.contains("s old)"), "\(text.output)")
        // Without --max-age the cached fix is never returned: the sources run and fail.
        let live = await CLIRun(["locate", "--sources", "gps", "--gpsd", "127.0.0.1:1", "--json"], environment: environment)
        #expect(live.status == 69)
        #expect(try JSONParser.parse(live.output)["cached"] == nil)
    }

    @Test func regionsAreRememberedUntilForgotten() async throws {
        let town = await SharedTown.shared.town()
        let map = await SharedTown.shared.radioMap()
        let home = TemporaryDirectory("watch-regions")
        let environment = ["HOME": home.url.path]
        let replay = ["watch", "--db", map, "--replay", town + "/walk.trace.jsonl", "--speed", "max", "--max-updates", "1"]
        let first = await CLIRun(replay + ["--region", "corner=52.52,13.405,150"], environment: environment)
        #expect(first.status == 0, "\(first.errors)")
        #expect(first.output.contains("region corner: starts"))
        let stored = home.path(".local/share/whereabouts/regions.json")
        #expect((try FileManager.default.attributesOfItem(atPath: stored)[.posixPermissions] as? Int) == 0o600)
        let second = await CLIRun(replay, environment: environment)
        #expect(second.output.contains("region corner: starts"), "remembered: \(second.output)")
        let forget = await CLIRun(replay + ["--forget-region", "corner"], environment: environment)
        #expect(forget.status == 0)
        #expect(!forget.output.contains("region corner"))
        let unknown = await CLIRun(replay + ["--forget-region", "corner"], environment: environment)
        #expect(unknown.status == 64)
        #expect(unknown.errors.contains("no region 'corner' is monitored"))
    }

    @Test func liveWatchPlaysAnNMEALogOneFixPerEpochInOrder() async throws {
        let log = try Data(contentsOf: URL(fileURLWithPath: LiveLocateTests.receiverLog))
        let recorded = NMEAReader.fixes(in: log).fixes
        try #require(recorded.count >= 3)
        let run = await CLIRun([
            "watch", "--sources", "gps", "--nmea-device", LiveLocateTests.receiverLog, "--interval", "0.1",
            "--max-updates", "3", "--json",
        ])
        #expect(run.status == 0, "\(run.errors)")
        let fixes = try run.output.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(fixes.count == 3)
        for (fix, expected) in zip(fixes, recorded) {
            #expect(abs((fix["location"]?["lat"]?.doubleValue ?? 0) - expected.coordinate.latitude) < 1e-6)
            #expect(abs((fix["location"]?["lng"]?.doubleValue ?? 0) - expected.coordinate.longitude) < 1e-6)
        }
    }

    @Test func watchIsListedWithItsHelp() async {
        let overview = await CLIRun(["--help"])
        #expect(overview.output.contains("watch"))
        let help = await CLIRun(["watch", "--help"])
        #expect(help.status == 0)
        #expect(help.output.contains("--nmea-out") && help.output.contains("--region ID=LAT,LON,RADIUS"))
    }
}
