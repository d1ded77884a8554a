import Foundation
import PositioningCore
import SystemSupport
import Testing
import TestSupport

@testable import RadioMap

#if canImport(Glibc)
    import Glibc
#endif

/// Readers beside a writer, and two writers: `locate --batch` answers from the map as it was
/// until the import commits and never waits for it; a second `import` waits for the first,
/// says so on stderr, and then completes.
///
/// Both run the built `whereabouts`, as a user would, on a dedicated thread (they block on
/// processes), one at a time (`.serialized`): each keeps an import busy for seconds.
@Suite(.serialized) struct ConcurrentImportTests {
    /// A radio map with the `wigle_quirks.csv` fixture and a survey of `rows` access points
    /// that is not in it yet.
    static func setUp(in directory: TemporaryDirectory, rows: Int) throws -> (map: String, survey: String) {
        let map = RadioMapFixtures.mapPath(in: directory)
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_quirks.csv"), into: map)
        let survey = directory.path("large.csv")
        try LargeSurvey.write(rows: rows, to: survey)
        return (map, survey)
    }

    /// Whether the process `processID` has exited (reaping it when it has).
    static func hasExited(_ processID: pid_t, status: inout Int32) -> Bool {
        waitpid(processID, &status, WNOHANG) == processID
    }

    struct Answer: Sendable {
        var output: String
        var status: Int32
        var startedDuringImport: Bool
        var finishedDuringImport: Bool
    }

    struct ReadOutcome: Sendable {
        var before: String
        var answers: [Answer]
        var after: String
        var importStatus: Int32
    }

    @Test(.timeLimit(.minutes(10)))
    func locateAnswersFromTheMapBeforeTheImportUntilItCommitsWithoutWaiting() async throws {
        let outcome = try await DedicatedThread.run("locate beside import") { () throws in try Self.locateBesideImport() }
        #expect(outcome.importStatus == 0)
        #expect(outcome.before != outcome.after, "the import changes the answer")
        let during = outcome.answers.filter(\.startedDuringImport)
        print("locate beside import: \(during.count) batches during the import, "
              + "\(during.filter { $0.output == outcome.before }.count) answered as before it")
        #expect(during.count >= 3, "only \(during.count) locates ran during the import")
        #expect(outcome.answers.filter { $0.status != 0 }.isEmpty)
        // Each answer is the map before or after the file, never a mixture; once the commit is
        // seen it stays seen.
        for answer in outcome.answers {
            #expect(answer.output == outcome.before || answer.output == outcome.after, "\(answer.output)")
        }
        let firstAfter = outcome.answers.firstIndex { $0.output == outcome.after } ?? outcome.answers.endIndex
        let stayedAfter = outcome.answers[firstAfter...].allSatisfy { $0.output == outcome.after }
        #expect(stayedAfter)
        // No reader waits for the writer: a locate that waited would return only after the
        // commit, with the new answer; these answered, during the import, as before it.
        let answeredBefore = outcome.answers[..<firstAfter].filter(\.finishedDuringImport).count
        #expect(answeredBefore >= 2, "no locate answered from the map before the commit while the import ran")
    }

    static func locateBesideImport() throws -> ReadOutcome {
        let directory = TemporaryDirectory()
        let (map, survey) = try setUp(in: directory, rows: 150_000)
        // Three neighbouring access points of the survey: unknown before it, a fix after.
        let request = #"{"wifiAccessPoints":["#
            + (0..<3).map { #"{"macAddress":"\#(LargeSurvey.bssid(row: $0))","signalStrength":-60}"# }.joined(separator: ",")
            + "]}"
        let batch = directory.path("queries.jsonl")
        // Many lines: a batch is answered from one snapshot, so its lines never mix before and after.
        try Data(String(repeating: request + "\n", count: 200).utf8).write(to: URL(fileURLWithPath: batch))
        func locate() throws -> CommandResult {
            try CommandRunner.whereabouts(["locate", "--db", map, "--batch", batch], timeout: .seconds(300))
        }
        let before = try locate().standardOutput

        let processID = try SpawnedProcess.spawn(
            [CommandRunner.whereaboutsExecutable.path, "import", "--quiet", "--db", map, survey],
            output: .standardError(directory.path("import.log")))
        var status: Int32 = 0
        var answers: [Answer] = []
        var exited = false
        while !exited {
            let result = try locate()
            exited = hasExited(processID, status: &status)
            answers.append(Answer(output: result.standardOutput, status: result.status, startedDuringImport: true,
                                  finishedDuringImport: !exited))
        }
        let after = try locate()
        answers.append(Answer(output: after.standardOutput, status: after.status, startedDuringImport: false,
                              finishedDuringImport: false))
        return ReadOutcome(before: before, answers: answers, after: after.standardOutput,
                           importStatus: status >> 8 & 0xFF)
    }

    struct WriteOutcome: Sendable {
        var firstHeldTheLock: Bool
        var firstStatus: Int32
        var second: CommandResult
        var importCount: Int
        var integrity: String?
    }

    /// Two different files, and the same file twice (the second then finds it imported
    /// meanwhile, says so and changes nothing, instead of failing on the duplicate).
    @Test(.timeLimit(.minutes(10)), arguments: [false, true])
    func secondImportWaitsForTheFirstSaysSoAndCompletes(sameFile: Bool) async throws {
        let outcome = try await DedicatedThread.run("two imports") { () throws in try Self.twoImports(sameFile: sameFile) }
        #expect(outcome.firstHeldTheLock, "the first import never started writing")
        #expect(outcome.firstStatus == 0)
        #expect(outcome.second.status == 0, "\(outcome.second.standardError)")
        #expect(outcome.second.standardError.contains("database busy, waiting for another import"))
        if sameFile {
            #expect(outcome.second.standardOutput.contains("already imported"), "\(outcome.second.standardOutput)")
            #expect(outcome.importCount == 2, "the fixture and the survey, once")
        } else {
            #expect(outcome.importCount == 3, "the fixture and both surveys")
        }
        #expect(outcome.integrity == "ok")
    }

    static func twoImports(sameFile: Bool) throws -> WriteOutcome {
        let directory = TemporaryDirectory()
        let (map, survey) = try setUp(in: directory, rows: 150_000)
        var other = survey
        if !sameFile {
            other = directory.path("other.csv")
            try LargeSurvey.write(rows: 2_000, offset: 1_000_000, to: other)
        }

        let processID = try SpawnedProcess.spawn(
            [CommandRunner.whereaboutsExecutable.path, "import", "--quiet", "--db", map, survey],
            output: .standardError(directory.path("first.log")))
        var status: Int32 = 0
        var exited = false
        // Wait until the first import holds the write lock: a probe's BEGIN IMMEDIATE then fails.
        let probe = try RadioMap(path: map, mode: .readWrite)
        try probe.connection.execute("PRAGMA busy_timeout = 0")
        let holdsLock = Deadline(after: .seconds(300)).poll(every: .milliseconds(20)) {
            if hasExited(processID, status: &status) {
                exited = true
                return true
            }
            guard (try? probe.connection.execute("BEGIN IMMEDIATE")) != nil else { return true }
            try? probe.connection.execute("ROLLBACK")
            return false
        } && !exited
        let second = try CommandRunner.whereabouts(["import", "--db", map, other], timeout: .seconds(600))
        if !exited { _ = waitpid(processID, &status, 0) }
        let imports = try RadioMap(path: map, mode: .readOnly).imports().count
        return WriteOutcome(firstHeldTheLock: holdsLock, firstStatus: status >> 8 & 0xFF, second: second,
                            importCount: imports, integrity: try SurveyImportKillTests.integrityCheck(map))
    }

    /// Four imports started at the same moment on a radio map that does not exist yet: each
    /// creates the file or finds it created, and imports. (Both races once failed: `table places
    /// already exists`, and two of four imports exiting 65, "not a radio map".)
    @Test(.timeLimit(.minutes(10)))
    func importsStartedTogetherOnANewMapAllComplete() async throws {
        let rounds = try await DedicatedThread.run("imports on a new map") { () throws in
            try (0..<10).map { _ in try NewMapRound.run(learners: 0, gated: false) }
        }
        for (index, round) in rounds.enumerated() {
            #expect(round.failures.isEmpty, "round \(index): \(round.failures.joined(separator: "\n"))")
            #expect(round.imports == NewMapRound.files.count, "round \(index)")
            #expect(round.integrity == "ok", "round \(index)")
        }
    }

    /// The window held open: every creator, its map built, waits at a gate before linking it,
    /// so four importers and two learners all race to give the new map its name. Readers run
    /// while all are held (they find no map) and after the gate opens, until every writer has
    /// exited. Every writer completes; no reader says "not a radio map".
    @Test(.timeLimit(.minutes(10)))
    func importersLearnersAndReadersOnANewMapNeverSeeItHalfMade() async throws {
        let rounds = try await DedicatedThread.run("new map window") { () throws in
            try (0..<3).map { _ in try NewMapRound.run(learners: 2, gated: true) }
        }
        for (index, round) in rounds.enumerated() {
            #expect(round.failures.isEmpty, "round \(index): \(round.failures.joined(separator: "\n"))")
            #expect(round.imports == NewMapRound.files.count, "round \(index)")
            #expect(round.integrity == "ok", "round \(index)")
            #expect(round.allHeldAtTheGate, "round \(index): not every writer built a map of its own")
            #expect(round.readerAnswers > 0, "round \(index): no reader found the map")
            #expect(round.readerMisses > 0, "round \(index): no reader ran before the map existed")
        }
    }
}

/// One round of writers (and readers) started together on a radio map that does not exist yet.
enum NewMapRound {
    static let files = ["wigle_quirks.csv", "opencellid_synthetic.csv", "aplist_darmstadt_sample.csv", "geosubmit_sample.json"]

    struct Outcome: Sendable {
        /// Each failed process: its command line, exit status and standard error.
        var failures: [String]
        var imports: Int
        var integrity: String?
        var readerAnswers = 0
        var readerMisses = 0
        var allHeldAtTheGate = false
    }

    static func run(learners: Int, gated: Bool) throws -> Outcome {
        let directory = TemporaryDirectory()
        let map = directory.path("new/map.sqlite")
        var environment = ProcessInfo.processInfo.environment
        let gate = directory.path("gate")
        if gated {
            try FileManager.default.createDirectory(atPath: gate, withIntermediateDirectories: true)
            environment[NewRadioMapFile.linkGateVariable] = gate
        }
        let trace = directory.path("walk.jsonl")
        try Data(learningTrace().utf8).write(to: URL(fileURLWithPath: trace))
        let executable = CommandRunner.whereaboutsExecutable.path
        var commands = files.map { ["import", "--quiet", "--db", map, RadioMapFixtures.fixture($0)] }
        commands += (0..<learners).map { _ in
            ["watch", "--db", map, "--replay", trace, "--speed", "max", "--learn", "--no-calibrate", "--json"]
        }
        let writers = try commands.enumerated().map { index, arguments in
            (arguments, directory.path("writer-\(index).log"),
             try SpawnedProcess.spawn([executable] + arguments, output: .standardError(directory.path("writer-\(index).log")),
                                      environment: environment))
        }
        var failures: [String] = []
        var outcome = Outcome(failures: [], imports: 0, integrity: nil)
        func reader() throws {
            let reader = try CommandRunner.whereabouts(["db", "stats", "--db", map], timeout: .seconds(120))
            if reader.status == 0 {
                outcome.readerAnswers += 1
            } else if reader.standardError.contains("no radio map at") {
                outcome.readerMisses += 1
            } else {
                failures.append("db stats: exit \(reader.status): \(reader.standardError)")
            }
        }
        if gated {
            // Every writer has built its map and waits to link it: a reader now finds no map.
            let built = { ((try? FileManager.default.contentsOfDirectory(atPath: gate)) ?? []).filter { $0.hasPrefix("built-") }.count }
            outcome.allHeldAtTheGate = Deadline(after: .seconds(300)).poll(every: .milliseconds(10)) { built() == commands.count }
            try reader()
            _ = FileManager.default.createFile(atPath: gate + "/open", contents: nil)
        }
        // Readers poll until every writer has exited: before the link they find no map, after it a whole one.
        var running = Set(writers.map(\.2))
        var statuses: [Int32: Int32] = [:]
        while !running.isEmpty {
            try reader()
            for processID in running {
                var status: Int32 = 0
                if waitpid(processID, &status, WNOHANG) == processID {
                    running.remove(processID)
                    statuses[processID] = status
                }
            }
        }
        try reader()
        for (arguments, log, processID) in writers {
            let status = statuses[processID] ?? -1
            guard status != 0 else { continue }
            let errors = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
            failures.append("\(arguments.joined(separator: " ")): status \(status >> 8 & 0xFF) (raw \(status)): \(errors)")
        }
        outcome.failures = failures
        let imported = try RadioMap(path: map, mode: .readOnly).imports()
        outcome.imports = imported.filter { record in files.contains { record.name.hasSuffix($0) } }.count
        outcome.integrity = try SurveyImportKillTests.integrityCheck(map)
        return outcome
    }

    /// Five GPS epochs, each with three access points heard: enough for a learning session.
    static func learningTrace() -> String {
        (0..<5).map { second in
            let latitude = 49.87 + Double(second) * 0.0001
            let points = (1...3).map { #"{"macAddress":"02:00:00:00:10:0\#($0)","signalStrength":-6\#($0)}"# }
            return #"{"time":\#(1_700_000_000_000 + second * 1000),"gnss":{"lat":\#(latitude),"lng":8.65,"accuracy":5},"#
                + #""wifiAccessPoints":[\#(points.joined(separator: ","))]}"#
        }.joined(separator: "\n") + "\n"
    }
}
