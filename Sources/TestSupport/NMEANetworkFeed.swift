import Foundation
import Synchronization
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A phone's GPS-forwarding app as the laptop sees it, on loopback: a TCP server that sends an
/// NMEA log to each client that connects and then closes the connection, or a UDP sender that
/// sends the log's lines, one datagram each, over and over to a port until stopped.
///
/// ```swift
/// let feed = try NMEANetworkFeed.tcp(log: bytes)
/// … read tcp://127.0.0.1:\(feed.port) …
/// await feed.stop()
/// ```
public final class NMEANetworkFeed: Sendable {
    /// The TCP port served, or the UDP port sent to.
    public let port: Int
    /// How many TCP clients were served whole, or UDP datagrams sent.
    public var deliveries: Int { delivered.load(ordering: .acquiring) }
    private let delivered = Atomic(0)
    private let stopRequest = Atomic(false)
    private let listener: Int32
    private let thread: Mutex<DedicatedThread<Void>?> = Mutex(nil)

    private init(port: Int, listener: Int32) {
        self.port = port
        self.listener = listener
    }

    /// Serves `log` on a free loopback TCP port.
    public static func tcp(log: [UInt8]) throws -> NMEANetworkFeed {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = loopback(port: 0)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 4) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard descriptor >= 0, bound else {
            close(descriptor)
            throw Errno.current
        }
        let feed = NMEANetworkFeed(port: Int(UInt16(bigEndian: address.sin_port)), listener: descriptor)
        feed.thread.withLock { $0 = DedicatedThread("nmea tcp feed") { feed.serve(log) } }
        return feed
    }

    /// Sends `log`'s lines to loopback `port`, one datagram each, every `interval`, from the
    /// first line again after the last.
    public static func udp(log: [UInt8], to port: Int, every interval: Duration = .milliseconds(5)) -> NMEANetworkFeed {
        let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        let feed = NMEANetworkFeed(port: port, listener: descriptor)
        var lines = LineBuffer(log)
        var lineList: [[UInt8]] = []
        while let line = lines.nextLine() { lineList.append(Array(line) + [0x0D, 0x0A]) }
        if let last = lines.finish() { lineList.append(Array(last) + [0x0D, 0x0A]) }
        let datagrams = lineList
        feed.thread.withLock {
            $0 = DedicatedThread("nmea udp feed") {
                var address = loopback(port: port)
                var index = 0
                while !feed.stopRequest.load(ordering: .acquiring), !datagrams.isEmpty {
                    let datagram = datagrams[index % datagrams.count]
                    _ = withUnsafePointer(to: &address) { pointer in
                        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                            sendto(descriptor, datagram, datagram.count, 0, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                        }
                    }
                    index += 1
                    feed.delivered.add(1, ordering: .releasing)
                    _ = Deadline(after: interval).poll(every: .milliseconds(1)) { feed.stopRequest.load(ordering: .acquiring) }
                }
            }
        }
        return feed
    }

    /// Stops serving or sending and returns once the thread has; closes the socket.
    public func stop() async {
        stopRequest.store(true, ordering: .releasing)
        let thread = thread.withLock { $0 }
        await thread?.value
        close(listener)
    }

    private func serve(_ log: [UInt8]) {
        var pending = PollSet(FileDescriptor(rawValue: listener), events: .readable)
        while !stopRequest.load(ordering: .acquiring) {
            guard ((try? pending.wait(timeout: .milliseconds(20))) ?? 0) > 0 else { continue }
            let client = accept(listener, nil, nil)
            guard client >= 0 else { continue }
            // A real app writes as its fixes come; the whole log at once is the harder case for
            // the reader's splitting (sentences cut across reads).
            if (try? FileDescriptor(rawValue: client).writeAll(log)) != nil { delivered.add(1, ordering: .releasing) }
            close(client)
        }
    }

    private static func loopback(port: Int) -> sockaddr_in {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        return address
    }
}
