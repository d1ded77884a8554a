import Foundation
import TestSupport

@testable import GNSS

#if canImport(Glibc)
    import Glibc
#endif

/// A real gpsd on loopback fed by UDP datagrams the test sends (recipes/components.md §1.4):
/// `gpsd -N -n -b -S PORT -F DIR/ctl.sock udp://127.0.0.1:UPORT`.
final class LoopbackGPSD: @unchecked Sendable {
    static let executable = "/usr/sbin/gpsd"
    static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }

    let port: Int
    let feedPort: Int
    private let process = Process()
    private let directory = TemporaryDirectory("gpsd")
    private let feed: Int32

    var endpoint: GPSDEndpoint { GPSDEndpoint(host: "127.0.0.1", port: port) }

    /// Starts gpsd and waits (with a deadline) until its client port accepts connections.
    init(port requestedPort: Int? = nil) async throws {
        port = try requestedPort ?? Self.freePort(type: SOCK_STREAM)
        feedPort = try Self.freePort(type: SOCK_DGRAM)
        feed = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = ["-N", "-n", "-b", "-S", String(port), "-F", directory.path("ctl.sock"),
                             "udp://127.0.0.1:\(feedPort)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if (try? LineSocket.connect(host: "127.0.0.1", port: port, timeout: 0.2)) != nil { return }
            guard process.isRunning else { break }
            try await Task.sleep(for: .milliseconds(10))
        }
        await stop()
        throw Failure(description: "gpsd did not listen on port \(port) within 5 s")
    }

    /// Sends each sentence (CR LF appended) as its own datagram, as a UDP NMEA source would.
    func send(_ sentences: [String]) {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(feedPort).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        for sentence in sentences {
            let bytes = Array((sentence + "\r\n").utf8)
            _ = withUnsafePointer(to: &address) { pointer in
                pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(feed, bytes, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        }
    }

    /// SIGTERM, then SIGKILL if gpsd has not exited within 3 s.
    func stop() async {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(3)
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(10))
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    deinit {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        close(feed)
    }

    /// A port the kernel just handed out on 127.0.0.1 (bind to port 0, read it back).
    static func freePort(type: __socket_type) throws -> Int {
        let descriptor = socket(AF_INET, Int32(type.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 ? getsockname(descriptor, raw, &length) : -1
            }
        }
        guard result == 0 else { throw Failure(description: "cannot bind a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }
}
