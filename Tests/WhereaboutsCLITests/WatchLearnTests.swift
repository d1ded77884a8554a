import Foundation
import JSONCodec
import PositioningCore
import SystemSupport
import Testing
import TestSupport
import WorldSimulator

/// `watch --learn` end to end with the built binary, as README's demo runs it: a simulated
/// town's survey imported, its held-out queries located, the town's drive trace replayed with
/// learning, the queries located again — then the learning session taken back.
@Suite(.serialized) struct WatchLearnTests {
    /// Where a `simulate` town and its survey-only radio map are.
    struct Demo {
        let town: String
        let map: String
        /// Line numbers of `queries.jsonl` whose Wi-Fi scan hears a router moved after the survey.
        let movedArea: Set<Int>
    }

    static func makeDemo(
        seed: UInt64, size: String, in directory: TemporaryDirectory, calibrate: Bool = false
    ) async throws -> Demo {
        let town = directory.path("town")
        let written = try await EvalProcessRun(["simulate", "--seed", "\(seed)", "--size", size, "--out", town])
        try #require(written.status == 0, "\(written.errors)")
        let map = directory.path("map.sqlite")
        let imported = try await EvalProcessRun(["import", "--db", map, town + "/survey.wigle.csv", town + "/cells.opencellid.csv"])
        try #require(imported.status == 0, "\(imported.errors)")
        if calibrate {
            let calibrated = try await EvalProcessRun(["db", "calibrate", "--db", map])
            try #require(calibrated.output.contains("Survey scans kept as fingerprints"), "\(calibrated.output)")
        }
        let sizes: [String: TownSize] = ["tiny": .tiny, "small": .small]
        let moved = Set(Town(TownSpecification(seed: seed, centre: TownSpecification.defaultCentre, size: try #require(sizes[size])))
            .accessPoints.filter(\.isMoved).map(\.bssid))
        var movedArea: Set<Int> = []
        let queries = try String(contentsOfFile: town + "/queries.jsonl", encoding: .utf8).split(separator: "\n")
        for (index, line) in queries.enumerated() {
            let request = try JSONParser.parse(String(line))
            let heard = request["wifiAccessPoints"]?.arrayValue ?? []
            if heard.contains(where: { $0["macAddress"]?.stringValue.flatMap { BSSID($0) }.map(moved.contains) == true }) {
                movedArea.insert(index)
            }
        }
        return Demo(town: town, map: map, movedArea: movedArea)
    }

    /// Every query's fix (nil when not located), from `locate --batch`.
    static func locateQueries(_ demo: Demo) async throws -> [Coordinate?] {
        let run = try await EvalProcessRun(["locate", "--db", demo.map, "--batch", demo.town + "/queries.jsonl"])
        try #require(run.status == 0, "\(run.errors)")
        return try run.output.split(separator: "\n").map { line in
            let answer = try JSONParser.parse(String(line))
            guard let lat = answer["location"]?["lat"]?.doubleValue, let lng = answer["location"]?["lng"]?.doubleValue else { return nil }
            return Coordinate(latitude: lat, longitude: lng)
        }
    }

    static func truth(_ demo: Demo) throws -> [Coordinate] {
        try String(contentsOfFile: demo.town + "/truth.jsonl", encoding: .utf8).split(separator: "\n").map { line in
            let value = try JSONParser.parse(String(line))
            return Coordinate(latitude: value["lat"]!.doubleValue!, longitude: value["lng"]!.doubleValue!)
        }
    }

    /// Median error (metres) of the located queries among `lines`, and how many were located.
    static func medianError(_ fixes: [Coordinate?], truth: [Coordinate], lines: Set<Int>) -> (median: Double, located: Int) {
        let errors = lines.compactMap { line in fixes[line].map { Geodesy.distance(from: $0, to: truth[line]) } }.sorted()
        return (errors.isEmpty ? .infinity : errors[errors.count / 2], errors.count)
    }

    @Test func learningRefreshesTheKeptSurveyScansAndRepairsTheMovedArea() async throws {
        // A calibrated map keeps its survey scans as fingerprints. Learning recalibrates it at
        // the end: the learned GPS-tagged scans join the kept ones, and the routers learned to
        // have moved no longer pull the fixes back to where they used to be heard.
        let directory = TemporaryDirectory("watch-learn-fingerprints")
        let demo = try await Self.makeDemo(seed: 2, size: "small", in: directory, calibrate: true)
        let truth = try Self.truth(demo)
        let keptBefore = try await Self.keptSurveyScans(demo)
        let movedBefore = Self.medianError(try await Self.locateQueries(demo), truth: truth, lines: demo.movedArea)
        let watch = try await EvalProcessRun([
            "watch", "--db", demo.map, "--replay", demo.town + "/drive.trace.jsonl", "--speed", "max", "--learn", "--json",
        ])
        #expect(watch.status == 0, "\(watch.errors)")
        let summary = try JSONParser.parse(String(try #require(watch.output.split(separator: "\n").last)))
        #expect(summary["recalibrated"]?.boolValue == true, "\(watch.output)")
        #expect(watch.errors.contains("Radius recalibrated"), "\(watch.errors)")
        #expect(try await Self.keptSurveyScans(demo) > keptBefore, "the learned scans are kept beside the survey's")
        let movedAfter = Self.medianError(try await Self.locateQueries(demo), truth: truth, lines: demo.movedArea)
        #expect(movedAfter.median < 0.8 * movedBefore.median,
                "moved-area median error \(movedBefore.median) m before learning, \(movedAfter.median) m after")
        #expect(movedAfter.located >= movedBefore.located)
    }

    /// The survey scans `db stats` counts as kept fingerprints.
    private static func keptSurveyScans(_ demo: Demo) async throws -> Int {
        let stats = try await EvalProcessRun(["db", "stats", "--db", demo.map, "--json"])
        return Int(try #require(try JSONParser.parse(stats.output)["surveyFingerprints"]?.doubleValue))
    }

    @Test func learningTheDriveRepairsTheMovedAreaAndForgetImportUndoesIt() async throws {
        let directory = TemporaryDirectory("watch-learn")
        let demo = try await Self.makeDemo(seed: 2, size: "small", in: directory)
        let truth = try Self.truth(demo)
        try #require(demo.movedArea.count >= 10, "the town has queries near moved routers")
        let before = try await Self.locateQueries(demo)
        let movedBefore = Self.medianError(before, truth: truth, lines: demo.movedArea)

        let watch = try await EvalProcessRun([
            "watch", "--db", demo.map, "--replay", demo.town + "/drive.trace.jsonl", "--speed", "max", "--learn", "--json",
        ])
        #expect(watch.status == 0, "\(watch.errors)")
        let summary = try JSONParser.parse(String(try #require(watch.output.split(separator: "\n").last)))
        #expect(summary["type"]?.stringValue == "learning")
        #expect((summary["observationsStored"]?.doubleValue ?? 0) > 0)
        #expect((summary["accessPointsMoved"]?.doubleValue ?? 0) > 0)
        #expect(watch.errors.contains("Learning: "), "a one-line summary on standard error: \(watch.errors)")
        #expect(summary["recalibrated"]?.boolValue == false, "a map never calibrated keeps its raw radius")
        let importID = try #require(summary["importID"]?.doubleValue.map { Int($0) })

        let after = try await Self.locateQueries(demo)
        let movedAfter = Self.medianError(after, truth: truth, lines: demo.movedArea)
        let elsewhere = Set(truth.indices).subtracting(demo.movedArea)
        let elsewhereAfter = Self.medianError(after, truth: truth, lines: elsewhere)
        #expect(movedAfter.median < 0.8 * movedBefore.median,
                "moved-area median error \(movedBefore.median) m before learning, \(movedAfter.median) m after")
        #expect(movedAfter.located >= movedBefore.located)
        #expect(movedAfter.median < 2 * elsewhereAfter.median, "the moved area comes back near the rest (\(elsewhereAfter.median) m)")

        // `db imports` lists the session; `db forget-import` takes it back.
        let imports = try await EvalProcessRun(["db", "imports", "--db", demo.map, "--json"])
        let records = try #require(try JSONParser.parse(imports.output).arrayValue)
        let learned = records.filter { $0["format"]?.stringValue == "learned" }
        #expect(learned.count == 1)
        #expect(learned.first?["id"]?.doubleValue.map { Int($0) } == importID)
        #expect(learned.first?["name"]?.stringValue?.contains("drive.trace.jsonl") == true)
        let forget = try await EvalProcessRun(["db", "forget-import", "\(importID)", "--db", demo.map])
        #expect(forget.status == 0, "\(forget.errors)")
        let forgotten = try await Self.locateQueries(demo)
        #expect(forgotten.count == before.count)
        for (index, (was, now)) in zip(before, forgotten).enumerated() {
            switch (was, now) {
            case (nil, nil): continue
            case let (was?, now?):
                #expect(Geodesy.distance(from: was, to: now) < 1, "query \(index) is located as before learning")
            default:
                Issue.record("query \(index): located \(was != nil) before learning, \(now != nil) after forget-import")
            }
        }
    }

    @Test func learnIsTakenFromTheConfigAndNoLearnOverridesIt() async throws {
        let directory = TemporaryDirectory("watch-learn-config")
        let town = directory.path("town")
        _ = try await EvalProcessRun(["simulate", "--seed", "4", "--size", "tiny", "--out", town])
        let map = directory.path("map.sqlite")
        _ = try await EvalProcessRun(["import", "--db", map, town + "/survey.wigle.csv"])
        let config = directory.path("config")
        try FileManager.default.createDirectory(atPath: config + "/whereabouts", withIntermediateDirectories: true)
        try "learn = true\nkeep_observations_days = 3650\n".write(
            toFile: config + "/whereabouts/whereabouts.conf", atomically: true, encoding: .utf8)
        let environment = ["XDG_CONFIG_HOME": config, "HOME": directory.path("home")]
        let trace = town + "/drive.trace.jsonl"

        // Child processes: `watch --learn` catches SIGINT and SIGTERM, which the test process must not.
        let skipped = try await EvalProcessRun(
            ["watch", "--db", map, "--replay", trace, "--speed", "max", "--max-updates", "5", "--no-learn"], environment: environment)
        #expect(skipped.status == 0, "\(skipped.errors)")
        #expect(!skipped.errors.contains("Learning: "))
        let learned = try await EvalProcessRun(
            ["watch", "--db", map, "--replay", trace, "--speed", "max", "--max-updates", "200", "--json"], environment: environment)
        #expect(learned.status == 0, "\(learned.errors)")
        #expect(learned.errors.contains("Learning: "), "learn = true turns learning on: \(learned.errors)")
        let imports = try await EvalProcessRun(["db", "imports", "--db", map, "--json"])
        #expect(try JSONParser.parse(imports.output).arrayValue?.filter { $0["format"]?.stringValue == "learned" }.count == 1)
        let both = try await EvalProcessRun(["watch", "--db", map, "--replay", trace, "--learn", "--no-learn"])
        #expect(both.status == 64)
    }

    /// SIGTERM (or SIGINT) in the middle of a paced replay: `watch --learn` writes what it
    /// queued — less than a batch here — prints its summary and exits 0.
    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalWritesTheQueuedSightingsBeforeExiting(signalNumber: Int32) async throws {
        let directory = TemporaryDirectory("watch-learn-signal")
        let town = directory.path("town")
        _ = try await EvalProcessRun(["simulate", "--seed", "4", "--size", "tiny", "--out", town])
        let map = directory.path("map.sqlite")
        _ = try await EvalProcessRun(["import", "--db", map, town + "/survey.wigle.csv"])
        let outcome = try await DedicatedThread("signalled watch") {
            Result { () throws -> (status: Int32, output: String, errors: String) in
                let output = directory.path("stdout")
                let errors = directory.path("stderr")
                var environment = ProcessInfo.processInfo.environment
                environment["HOME"] = directory.path("home")
                environment["XDG_CONFIG_HOME"] = directory.path("config")
                environment.removeValue(forKey: "WHEREABOUTS_DB")
                let child = try ChildProcess.spawn(
                    CommandRunner.whereaboutsExecutable.path,
                    ["watch", "--db", map, "--replay", town + "/drive.trace.jsonl", "--speed", "20", "--learn", "--json"],
                    environment: environment, standardOutput: .file(output), standardError: .file(errors))
                var exited: ChildProcess.ExitStatus?
                // Ten fixes printed: a few samples are learned, far fewer than a batch of 30.
                let started = Deadline(after: .seconds(120)).poll(every: .milliseconds(20)) {
                    exited = exited ?? child.exitStatusIfExited()
                    return exited != nil || (try? String(contentsOfFile: output, encoding: .utf8))?.split(separator: "\n").count ?? 0 >= 10
                }
                if !started { child.send(SIGKILL) }
                child.send(signalNumber)
                _ = Deadline(after: .seconds(60)).poll(every: .milliseconds(20)) {
                    exited = exited ?? child.exitStatusIfExited()
                    return exited != nil
                }
                if exited == nil {
                    child.send(SIGKILL)
                    exited = child.waitForExit()
                }
                return (exited?.terminationStatus ?? -1, try String(contentsOfFile: output, encoding: .utf8),
                        try String(contentsOfFile: errors, encoding: .utf8))
            }
        }.value.get()
        #expect(outcome.status == 0, "\(outcome.errors)")
        #expect(outcome.errors.contains("Learning: "))
        let summary = try JSONParser.parse(String(try #require(outcome.output.split(separator: "\n").last)))
        #expect(summary["type"]?.stringValue == "learning")
        let offered = try #require(summary["samplesOffered"]?.doubleValue)
        #expect(offered < 1_000, "stopped by the signal, not by the end of the trace")
        #expect((summary["observationsStored"]?.doubleValue ?? 0) > 0)
        let imports = try await EvalProcessRun(["db", "imports", "--db", map, "--json"])
        let learned = try JSONParser.parse(imports.output).arrayValue?.filter { $0["format"]?.stringValue == "learned" } ?? []
        #expect(learned.count == 1)
        #expect(learned.first?["rowsImported"]?.doubleValue == summary["observationsStored"]?.doubleValue)
    }
}
