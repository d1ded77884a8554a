import Foundation
import Glibc
import PositioningCore
import RadioMap
import SystemSupport
import Testing
import TestSupport

@testable import GeolocateServer

/// The server answers from the map as it was until an import running beside it commits, and
/// never waits for the import: its workers read through read-only WAL connections.
@Suite(.serialized) struct ServerBesideImportTests {
    struct Answer: Sendable {
        var status: Int
        var body: String
        var finishedDuringImport: Bool
    }

    struct Outcome: Sendable {
        var before: Answer
        var answers: [Answer]
        var after: Answer
        var importStatus: Int32
    }

    @Test(.timeLimit(.minutes(10)))
    func answersFromTheMapBeforeTheImportUntilItCommitsWithoutWaiting() async throws {
        let directory = TemporaryDirectory()
        let map = directory.path("map.sqlite")
        _ = try RadioMap(path: map, mode: .readWrite).importSurvey(
            at: TestPaths.fixture("radiomap/wigle_quirks.csv").path, options: ImportOptions(), progress: nil)
        let survey = directory.path("large.csv")
        try LargeSurvey.write(rows: 150_000, to: survey)
        let server = try GeolocateServer(configuration: ServerConfiguration(
            listenAddress: ListenAddress(host: "127.0.0.1", port: 0), databasePath: map))
        defer { server.stop() }
        let request = #"{"wifiAccessPoints":["#
            + (0..<3).map { #"{"macAddress":"\#(LargeSurvey.bssid(row: $0))","signalStrength":-60}"# }.joined(separator: ",")
            + "]}"
        let port = server.port
        let outcome = try await DedicatedThread("serve beside import") {
            Result { () throws -> Outcome in
                let client = try HTTPTestClient(port: port, timeoutSeconds: 300)
                func ask(_ running: () -> Bool) throws -> Answer {
                    try client.post("/v1/geolocate", request)
                    let response = try #require(try client.readResponse())
                    return Answer(status: response.status, body: response.body, finishedDuringImport: running())
                }
                let before = try ask { false }
                let processID = try SpawnedProcess.spawn(
                    [CommandRunner.whereaboutsExecutable.path, "import", "--quiet", "--db", map, survey],
                    output: .standardError(directory.path("import.log")))
                var status: Int32 = 0
                var exited = false
                var answers: [Answer] = []
                while !exited {
                    answers.append(try ask {
                        exited = waitpid(processID, &status, WNOHANG) == processID
                        return !exited
                    })
                }
                return Outcome(before: before, answers: answers, after: try ask { false }, importStatus: status >> 8 & 0xFF)
            }
        }.value.get()

        #expect(outcome.importStatus == 0)
        #expect(outcome.before.status == 404, "the survey's access points are unknown before it")
        #expect(outcome.after.status == 200, "and known after it")
        #expect(outcome.answers.count >= 3, "only \(outcome.answers.count) requests were answered during the import")
        for answer in outcome.answers {
            #expect(answer.body == outcome.before.body || answer.body == outcome.after.body, "\(answer.body)")
        }
        let firstAfter = outcome.answers.firstIndex { $0.body == outcome.after.body } ?? outcome.answers.endIndex
        let flippedBack = outcome.answers[firstAfter...].filter { $0.body != outcome.after.body }.count
        #expect(flippedBack == 0)
        // No request waits for the writer: one that waited would be answered only after the
        // commit, with the new answer; these were answered, during the import, as before it.
        let answeredBefore = outcome.answers[..<firstAfter].filter(\.finishedDuringImport).count
        #expect(answeredBefore >= 2, "no request was answered from the map before the commit while the import ran")
    }
}
