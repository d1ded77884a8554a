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
    private let processID: pid_t
    private let directory = TemporaryDirectory("gpsd")
    private let feed: Int32
    private var exited = false

    var endpoint: GPSDEndpoint { GPSDEndpoint(host: "127.0.0.1", port: port) }

    /// Starts gpsd and waits (with a deadline) until its client port accepts connections.
    init(port requestedPort: Int? = nil) async throws {
        port = try requestedPort ?? Self.freePort(type: SOCK_STREAM)
        feedPort = try Self.freePort(type: SOCK_DGRAM)
        feed = socket(AF_INET, Int32(SOCK_DGRAM.rawValue), 0)
        processID = try Self.spawn([Self.executable, "-N", "-n", "-b", "-S", String(port),
                                    "-F", directory.path("ctl.sock"), "udp://127.0.0.1:\(feedPort)"])
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline {
            if (try? LineSocket.connect(host: "127.0.0.1", port: port, timeout: 0.2)) != nil { return }
            guard !reap() else { break }
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

    /// Removes the UDP device through gpsd's control socket (what `gpsdctl remove` does);
    /// watchers then get `DEVICE` with `activated: 0`.
    func removeDevice() throws {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(directory.path("ctl.sock").utf8CString)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.prefix(raw.count - 1).enumerated() { raw[index] = UInt8(bitPattern: byte) }
        }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { throw Failure(description: "cannot reach gpsd's control socket") }
        let command = Array("-udp://127.0.0.1:\(feedPort)\n".utf8)
        guard Glibc.write(descriptor, command, command.count) == command.count else {
            throw Failure(description: "cannot write to gpsd's control socket")
        }
        var reply = [UInt8](repeating: 0, count: 16)
        _ = read(descriptor, &reply, reply.count)  // "OK\n"
    }

    /// SIGTERM, then SIGKILL if gpsd has not exited within 3 s; reaps the process.
    func stop() async {
        guard !reap() else { return }
        kill(processID, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(3)
        while ContinuousClock.now < deadline {
            if reap() { return }
            try? await Task.sleep(for: .milliseconds(10))
        }
        kill(processID, SIGKILL)
        var status: Int32 = 0
        waitpid(processID, &status, 0)
        exited = true
    }

    /// Whether the daemon has exited (collecting its status if so).
    private func reap() -> Bool {
        if exited { return true }
        var status: Int32 = 0
        exited = waitpid(processID, &status, WNOHANG) == processID
        return exited
    }

    deinit {
        if !exited {
            kill(processID, SIGKILL)
            var status: Int32 = 0
            waitpid(processID, &status, 0)
        }
        close(feed)
    }

    /// Starts `arguments[0]` with output discarded and — unlike Foundation's `Process` here,
    /// whose children inherit the test runner's blocked signal mask and so ignore SIGTERM —
    /// with an empty signal mask and default signal dispositions.
    static func spawn(_ arguments: [String]) throws -> pid_t {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, arguments[0], &actions, &attributes, argv, environ)
        guard result == 0 else { throw Failure(description: "cannot start \(arguments[0]): \(String(cString: strerror(result)))") }
        return pid
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
