import Foundation
import SystemSupport
import Testing
import TestSupport

@testable import GNSS

#if canImport(Glibc)
    import Glibc
#endif

/// Reconnecting to gpsd leaks no file descriptor: thousands of reconnect attempts to a port
/// where nothing listens (the kernel refuses each), and a hundred sessions with a real gpsd
/// opened and dropped. Counted in a child process of its own, so the descriptors of tests
/// running beside it do not enter the count.
@Suite(.serialized) struct GPSDReconnectDescriptorTests {
    static let marker = "WHEREABOUTS_TEST_GPSD_FD_REPORT"
    static let refusedAttempts = 2_000
    static let sessions = 100

    /// A loopback port with nothing listening on it (bound, then released).
    static func closedPort() -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                _ = bind(descriptor, pointer, length)
                return getsockname(descriptor, pointer, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Waits until the descriptor count is back to `count` (sessions close their sockets on
    /// their own threads shortly after being stopped); the count when the wait ended.
    static func settledCount(atMost count: Int) async -> Int {
        _ = await Deadline(after: .seconds(30)).wait(every: .milliseconds(20)) { ChildTest.openDescriptorCount() <= count }
        return ChildTest.openDescriptorCount()
    }

    @Test(.enabled(if: ChildTest.isChild(marker), "runs only as the child of reconnectsLeakNoDescriptor"))
    func childReconnects() async throws {
        let report = try #require(ProcessInfo.processInfo.environment[Self.marker])
        var options = GPSDClient.Options()
        options.initialBackoff = 0.0005
        options.maximumBackoff = 0.0005
        options.connectTimeout = 2
        let refused = GPSDClient(endpoint: GPSDEndpoint(host: "127.0.0.1", port: Self.closedPort()), options: options)

        func reconnect(_ attempts: Int) async -> Int {
            var disconnections = 0
            for await event in refused.events() {
                if case .disconnected = event { disconnections += 1 }
                if disconnections >= attempts { break }
            }
            return disconnections
        }
        _ = await reconnect(20)  // warm up: the session thread's one-time state
        let before = await Self.settledCount(atMost: ChildTest.openDescriptorCount())
        let refusals = await reconnect(Self.refusedAttempts)
        let afterRefused = await Self.settledCount(atMost: before)

        var lines = ["\(before)", "\(afterRefused)", "\(refusals)"]
        if LoopbackGPSD.isInstalled {
            let gpsd = try await LoopbackGPSD()
            let client = GPSDClient(endpoint: gpsd.endpoint, options: options)
            let withGPSD = await Self.settledCount(atMost: ChildTest.openDescriptorCount())
            var connected = 0
            for _ in 0..<Self.sessions {
                for await event in client.events() {
                    if case .connected = event {
                        connected += 1
                        break
                    }
                }
            }
            let afterSessions = await Self.settledCount(atMost: withGPSD)
            await gpsd.stop()
            lines += ["\(withGPSD)", "\(afterSessions)", "\(connected)"]
        }
        try lines.joined(separator: "\n").write(toFile: report, atomically: true, encoding: .utf8)
    }

    @Test func reconnectsLeakNoDescriptor() async throws {
        let directory = TemporaryDirectory()
        let report = directory.path("report")
        let status = try await DedicatedThread("gpsd child") {
            Result { try ChildTest.run("GPSDReconnectDescriptorTests/childReconnects", environment: [Self.marker: report]) }
        }.value.get()
        #expect(status == 0)
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").compactMap { Int($0) }
        try #require(lines.count >= 3)
        #expect(lines[2] == Self.refusedAttempts, "\(lines)")
        print("descriptors (before, after) — refused reconnects: \(lines[0]), \(lines[1]); gpsd sessions: \(lines.dropFirst(3).prefix(2))")
        // Fewer afterwards is fine (the warm-up's last socket may close late); more is a leak.
        #expect(lines[1] <= lines[0], "descriptors before and after \(Self.refusedAttempts) refused reconnects: \(lines)")
        if lines.count == 6 {
            #expect(lines[5] == Self.sessions, "\(lines)")
            #expect(lines[4] <= lines[3], "descriptors before and after \(Self.sessions) gpsd sessions: \(lines)")
        } else {
            print("gpsd is not installed: only the refused reconnects were counted")
        }
    }
}
