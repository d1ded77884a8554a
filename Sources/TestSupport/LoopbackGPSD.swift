import Foundation
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A real gpsd on loopback fed by UDP datagrams the test sends (recipes/components.md §1.4):
/// `gpsd -N -n -b -S PORT -F DIR/ctl.sock udp://127.0.0.1:UPORT`.
///
/// Starting it is retried with fresh ports: a port found free can be taken before gpsd binds
/// it, and gpsd then does not exit — it logs "can't bind" (or, for the UDP device, "open
/// failed") and runs on without that socket. Ready means gpsd answers as gpsd on `port` and
/// lists our UDP device, so datagrams sent afterwards reach it.
///
/// ```swift
/// let gpsd = try await LoopbackGPSD()
/// gpsd.send(NMEATestWriter.epoch(latitude: 52.52, longitude: 13.405, second: 0))
/// … connect to "127.0.0.1:\(gpsd.port)" …
/// await gpsd.stop()
/// ```
public final class LoopbackGPSD: @unchecked Sendable {
    /// Where Debian installs gpsd.
    public static let executable = "/usr/sbin/gpsd"
    /// Whether gpsd is installed (suites that need it are enabled only then).
    public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: executable) }
    /// How long gpsd may take to come up; generous, because a loaded CI machine is slow and
    /// this only bounds a wait that normally ends within milliseconds.
    public static let startDeadline = Duration.seconds(20)

    /// gpsd's client port on 127.0.0.1.
    public let port: Int
    /// The UDP port gpsd reads NMEA datagrams from.
    public let feedPort: Int
    private let processID: pid_t
    private let directory: TemporaryDirectory
    private let feed: Int32
    private let reaped = Atomic(false)

    /// `127.0.0.1:PORT`, as `--gpsd` takes it.
    public var address: String { "127.0.0.1:\(port)" }
    /// The device name gpsd gives the UDP feed.
    public var devicePath: String { "udp://127.0.0.1:\(feedPort)" }

    /// Starts gpsd (on `requestedPort`, or a free port) and waits until it is ready.
    public init(port requestedPort: Int? = nil) async throws {
        let directory = TemporaryDirectory("gpsd")
        let launch = try await DedicatedThread("start gpsd") {
            Self.launch(requestedPort: requestedPort, directory: directory, deadline: Deadline(after: Self.startDeadline))
        }.value.get()
        self.directory = directory
        processID = launch.processID
        port = launch.port
        feedPort = launch.feedPort
        feed = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    }

    /// Sends each sentence (CR LF appended) as its own datagram, as a UDP NMEA source would.
    public func send(_ sentences: [String]) {
        var address = Self.loopback(port: feedPort)
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
    public func removeDevice() async throws {
        let socketPath = directory.path("ctl.sock")
        let command = "-\(devicePath)\n"
        try await DedicatedThread("gpsd control") { Self.control(socketPath: socketPath, command: command) }.value.get()
    }

    /// SIGTERM, then SIGKILL if gpsd has not exited within 3 s; reaps the process.
    public func stop() async {
        guard !reaped.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let processID = processID
        await DedicatedThread("stop gpsd") { Self.terminate(processID) }.value
    }

    deinit {
        if !reaped.load(ordering: .acquiring) {
            let child = ChildProcess(processID: processID)
            child.send(SIGKILL)
            child.waitForExit()
        }
        close(feed)
    }

    // The blocking parts below run on dedicated threads, never on the concurrency pool.

    private struct Launch: Sendable {
        let processID: pid_t
        let port: Int
        let feedPort: Int
    }

    private static func launch(requestedPort: Int?, directory: TemporaryDirectory, deadline: Deadline) -> Result<Launch, Failure> {
        var failures: [String] = []
        repeat {
            let port: Int
            let feedPort: Int
            do throws(Failure) {
                if let requestedPort { port = requestedPort } else { port = try freePort(type: SOCK_STREAM) }
                feedPort = try freePort(type: SOCK_DGRAM)
            } catch {
                return .failure(error)
            }
            let log = directory.path("gpsd-\(failures.count).log")
            let processID: pid_t
            do {
                processID = try spawn(
                    [executable, "-N", "-n", "-b", "-S", String(port), "-F", directory.path("ctl.sock"),
                     "udp://127.0.0.1:\(feedPort)"], log: log)
            } catch {
                return .failure(error)
            }
            var failure: String?
            var exited = false
            let ready = deadline.poll(every: .milliseconds(20)) {
                if let status = ChildProcess(processID: processID).exitStatusIfExited() {
                    exited = true
                    failure = "gpsd exited (\(status))"
                    return true
                }
                let text = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
                if text.contains("can't bind to IPv4 port") || text.contains("open failed") {
                    failure = text.split(separator: "\n").filter { $0.contains("ERROR") }.joined(separator: "; ")
                    return true
                }
                return probe(port: port, expecting: "udp://127.0.0.1:\(feedPort)")
            }
            if ready && failure == nil {
                return .success(Launch(processID: processID, port: port, feedPort: feedPort))
            }
            if !exited { terminate(processID) }
            failures.append("port \(port)/udp \(feedPort): \(failure ?? "not ready")")
        } while !deadline.hasPassed
        return .failure(Failure(description: "gpsd did not come up within \(startDeadline): \(failures.joined(separator: " | "))"))
    }

    /// Whether gpsd answers on `port` (its `VERSION` banner, then `DEVICES` for `?DEVICES;`)
    /// and lists `device`. gpsd_json(5): the banner comes unasked; requests end with `;`.
    private static func probe(port: Int, expecting device: String) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = loopback(port: port)
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else { return false }
        var received: [UInt8] = []
        var asked = false
        let deadline = Deadline(after: .seconds(1))
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !deadline.hasPassed {
            let count = recv(descriptor, &chunk, chunk.count, 0)
            guard count > 0 else { return false }
            received += chunk[0..<count]
            // Whole lines only (gpsd ends them with CR LF).
            let lines = received.split(separator: 0x0A, omittingEmptySubsequences: true).map { String(decoding: $0, as: UTF8.self) }
            if !asked, lines.contains(where: { $0.contains("\"class\":\"VERSION\"") }) {
                asked = true
                let request = Array("?DEVICES;\n".utf8)
                guard Glibc.send(descriptor, request, request.count, Int32(MSG_NOSIGNAL)) == request.count else { return false }
            }
            if received.last == 0x0A, let devices = lines.first(where: { $0.contains("\"class\":\"DEVICES\"") }) {
                return devices.contains(device)
            }
        }
        return false
    }

    private static func terminate(_ processID: pid_t) {
        ChildProcess(processID: processID).terminate(gracePeriod: .seconds(3))
    }

    private static func control(socketPath: String, command: String) -> Result<Void, Failure> {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let path = Array(socketPath.utf8CString)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in path.prefix(raw.count - 1).enumerated() { raw[index] = UInt8(bitPattern: byte) }
        }
        let connected = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { return .failure(Failure(description: "cannot reach gpsd's control socket")) }
        let bytes = Array(command.utf8)
        guard Glibc.write(descriptor, bytes, bytes.count) == bytes.count else {
            return .failure(Failure(description: "cannot write to gpsd's control socket"))
        }
        var pending = PollSet(FileDescriptor(rawValue: descriptor), events: .readable)
        guard (try? pending.wait(timeout: .seconds(20))) == 1 else { return .failure(Failure(description: "gpsd's control socket did not answer within 20 s")) }
        var reply = [UInt8](repeating: 0, count: 16)
        let count = read(descriptor, &reply, reply.count)
        guard count > 0, String(decoding: reply[0..<count], as: UTF8.self).hasPrefix("OK") else {
            return .failure(Failure(description: "gpsd refused `\(command.dropLast())`"))
        }
        return .success(())
    }

    /// Starts `arguments[0]` with stdout discarded and stderr to `log`.
    private static func spawn(_ arguments: [String], log: String) throws(Failure) -> pid_t {
        do {
            return try SpawnedProcess.spawn(arguments, output: .standardError(log))
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// Ports handed out in this process, so two tests starting at once never get the same one.
    private static let handedOut = Mutex(Set<Int>())

    /// A port on 127.0.0.1 that is free now, below the kernel's ephemeral range when that
    /// leaves room: a port from that range can be taken by any outgoing connection meanwhile
    /// (a client retrying a stopped gpsd can even connect to itself on it).
    public static func freePort(type: __socket_type) throws(Failure) -> Int {
        let ephemeral = (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))?
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) } ?? []
        if let lowest = ephemeral.first, lowest > 12_000 {
            for _ in 0..<200 {
                let candidate = Int.random(in: 10_000..<lowest)
                guard canBind(candidate, type: type) else { continue }
                if handedOut.withLock({ $0.insert(candidate).inserted }) { return candidate }
            }
        }
        for _ in 0..<20 {
            let port = try kernelChosenPort(type: type)
            if handedOut.withLock({ $0.insert(port).inserted }) { return port }
        }
        throw Failure(description: "cannot find a free port")
    }

    private static func canBind(_ port: Int, type: __socket_type) -> Bool {
        let descriptor = socket(AF_INET, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(descriptor) }
        var on: Int32 = 1
        // As gpsd binds its listening socket: a port whose old connections linger in TIME_WAIT is free.
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
        var address = loopback(port: port)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    /// A port the kernel just handed out on 127.0.0.1 (bind to port 0, read it back).
    private static func kernelChosenPort(type: __socket_type) throws(Failure) -> Int {
        let descriptor = socket(AF_INET, Int32(type.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        defer { close(descriptor) }
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let result = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw in
                bind(descriptor, raw, length) == 0 ? getsockname(descriptor, raw, &length) : -1
            }
        }
        guard result == 0 else { throw Failure(description: "cannot bind a free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return address
    }

    /// Why gpsd could not be started or controlled.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }
}
