import Foundation
import PositioningCore
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@testable import GNSS

/// NMEA from a phone's GPS-forwarding app: `--nmea tcp://HOST:PORT` and `udp://[ADDRESS]:PORT`,
/// fed over real loopback sockets with gpsd's regression logs.
@Suite("NMEA over TCP and UDP")
struct NMEANetworkInputTests {
    /// gpsd regression logs: the bundled ones, and a few of ../shared's corpus where present.
    static var logs: [URL] {
        var logs = ["skytraq-fix.log", "mtk-3329.log", "hemi.log"].map { GNSSTestData.fixtures.appendingPathComponent($0) }
        if let folder = GNSSTestData.gpsdRegressionLogs {
            logs += ["sirfstarv-nmea.log", "ublox-lea-4h.log", "ublox-lea-5h.log"].map { folder.appendingPathComponent($0) }
                .filter { FileManager.default.fileExists(atPath: $0.path) }
        }
        return logs
    }

    @Test(arguments: ["tcp://10.0.0.2:10110", "udp://:10110", "udp://[::1]:5000", "tcp://:2948", "udp://0.0.0.0:10110"])
    func urlsParseAndPrintBack(_ text: String) throws {
        let input = try #require(NMEAInput(parsing: text))
        #expect(NMEAInput(parsing: input.description) == input)
    }

    @Test func udpWithoutAnAddressListensOnLoopbackOnly() {
        #expect(NMEAInput(parsing: "udp://:10110") == .udp(address: "127.0.0.1", port: 10110))
        #expect(NMEAInput(parsing: "udp://0.0.0.0:10110") == .udp(address: "0.0.0.0", port: 10110))
        #expect(NMEAInput(parsing: "tcp://phone.lan:10110") == .tcp(host: "phone.lan", port: 10110))
    }

    @Test(arguments: ["tcp://host", "udp://:0", "udp://:70000", "http://h:1", "/dev/ttyACM0", "tcp://[::1:5", "udp://::1:5"])
    func malformedURLsAreRefused(_ text: String) {
        #expect(NMEAInput(parsing: text) == nil)
    }

    /// The same fixes, in the same order, as reading the log as a file — whatever the reads cut.
    @Test(arguments: logs)
    func aTCPFeedYieldsTheLogsFixes(_ log: URL) async throws {
        let bytes = Array(try Data(contentsOf: log))
        let expected = NMEAReader.fixes(in: bytes).fixes
        #expect(!expected.isEmpty)
        let feed = try NMEANetworkFeed.tcp(log: bytes)
        var fixes: [Location] = []
        var finished = false
        for await event in NMEAReader(input: .tcp(host: "127.0.0.1", port: feed.port)).events() {
            switch event {
            case .fix(let fix): fixes.append(fix)
            case .finished: finished = true
            case .failed(let error): Issue.record("\(error)")
            case .silent: break
            }
        }
        await feed.stop()
        #expect(finished, "the server closing the connection ends the input")
        #expect(fixes == expected, "\(log.lastPathComponent): \(fixes.count) fixes over TCP, \(expected.count) from the file")
    }

    /// Datagrams sent before the socket was bound are lost, so the feed repeats the log: each fix
    /// that arrives is one of the log's.
    @Test func aUDPFeedYieldsTheLogsFixes() async throws {
        let bytes = Array(try Data(contentsOf: GNSSTestData.fixtures.appendingPathComponent("skytraq-fix.log")))
        let known = Set(NMEAReader.fixes(in: bytes).fixes.map { "\($0.coordinate.latitude),\($0.coordinate.longitude)" })
        let port = try LoopbackGPSD.freePort(type: SOCK_DGRAM)
        let feed = NMEANetworkFeed.udp(log: bytes, to: port)
        var reader = NMEAReader(input: .udp(address: "127.0.0.1", port: port))
        reader.silenceTimeout = 20
        var fixes: [Location] = []
        reading: for await event in reader.events() {
            switch event {
            case .fix(let fix):
                fixes.append(fix)
                if fixes.count == 5 { break reading }
            case .failed(let error):
                Issue.record("\(error)")
                break reading
            case .silent:
                Issue.record("no fix within 20 s")
                break reading
            case .finished:
                break reading
            }
        }
        await feed.stop()
        #expect(fixes.count == 5)
        for fix in fixes { #expect(known.contains("\(fix.coordinate.latitude),\(fix.coordinate.longitude)")) }
    }

    @Test func aRefusedTCPServerIsUnavailableWithARemedy() async throws {
        let port = try LoopbackGPSD.freePort(type: SOCK_STREAM)
        let reader = NMEAReader(input: .tcp(host: "127.0.0.1", port: port))
        await #expect(throws: GNSSError.self) { try await reader.firstFix(timeout: .seconds(5)) }
        guard case .unavailable(let reason, let remedy) = reader.availability() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason.contains("tcp://127.0.0.1:\(port)") && reason.contains("refused"))
        #expect(remedy.contains("GPS-forwarding app"))
    }

    @Test func statusProbeSeesSentencesArrive() async throws {
        let bytes = Array(try Data(contentsOf: GNSSTestData.fixtures.appendingPathComponent("mtk-3329.log")))
        let feed = try NMEANetworkFeed.tcp(log: bytes)
        let tcp = NMEAReader(input: .tcp(host: "127.0.0.1", port: feed.port)).availability()
        await feed.stop()
        #expect(tcp == .available(detail: "NMEA sentences arriving from tcp://127.0.0.1:\(feed.port)"))

        let port = try LoopbackGPSD.freePort(type: SOCK_DGRAM)
        var silent = NMEAReader(input: .udp(address: "127.0.0.1", port: port))
        silent.connectTimeout = 0.3
        guard case .unavailable(let reason, _) = silent.availability() else {
            Issue.record("a UDP port nobody sends to is not a GPS")
            return
        }
        #expect(reason.contains("no NMEA datagram arrived on udp://127.0.0.1:\(port)"))
    }
}
