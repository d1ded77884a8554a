import Foundation
import RadioMap
import TestSupport
import Testing
import TownTestSupport

/// `serve --accept-submissions` on a disk that is full: a submission is refused with 503 and a
/// message that says the disk is full, the map is exactly as before, and the server goes on
/// answering geolocate requests.
@Suite(.preparing(TestTown.fixture), .enabled(if: ScratchMount.unavailableReason == nil, "\(ScratchMount.unavailableReason ?? "")"))
struct ServeFullDiskTests {
    static let submission = #"""
        {"items":[{"timestamp":1700000000000,"position":{"latitude":48.1371,"longitude":11.5754,"accuracy":8},
         "wifiAccessPoints":[{"macAddress":"0a:1b:2c:3d:4e:01","signalStrength":-55},
                             {"macAddress":"0a:1b:2c:3d:4e:02","signalStrength":-62}]}]}
        """#

    @Test(.timeLimit(.minutes(5)))
    func aSubmissionOnAFullDiskIsRefusedAndServeKeepsAnswering() async throws {
        let mount = try ScratchMount(kibibytes: 4096)
        let map = mount.path("map.sqlite")
        try FileManager.default.copyItem(atPath: TestTown.shared.path, toPath: map)
        let before = try RadioMap(path: map, mode: .readOnly)
        let (statistics, imports) = (try before.statistics(), try before.imports())
        let logs = TemporaryDirectory("serve-full-disk")
        // Room for the server's open (its `-shm` index) and nothing more.
        try mount.fill(keeping: 36 << 10)
        let server = try await RunningServe.start(map: map, log: logs.path("serve.err"), arguments: ["--accept-submissions"])
        defer { server.killIfRunning() }
        let client = try HTTPTestClient(port: server.port)
        try client.post("/v2/geosubmit", Self.submission)
        let refused = try #require(try client.readResponse())
        #expect(refused.status == 503, "\(refused.body)")
        #expect(refused.body.contains("(\(mount.path)) is full"), "\(refused.body)")
        for query in TestTown.shared.queries.prefix(3) {
            try client.post("/v1/geolocate", query)
            let answer = try #require(try client.readResponse())
            #expect(answer.status == 200, "\(answer.body)")
        }
        #expect(await server.terminate() == .exited(0))
        let after = try RadioMap(path: map, mode: .readOnly)
        var afterStatistics = try after.statistics()
        afterStatistics.fileBytes = statistics.fileBytes
        #expect(afterStatistics == statistics)
        #expect(try after.imports() == imports)
        #expect(try after.integrityCheck() == ["ok"])
    }
}
