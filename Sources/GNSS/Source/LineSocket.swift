import Foundation
import SystemSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A blocking TCP client socket that reads newline-terminated lines, for dedicated threads.
///
/// Not `Sendable`: one thread owns it; the descriptor is closed in `deinit`. Every wait has a
/// deadline (`poll`), so the owner can notice it was asked to stop.
final class LineSocket {
    /// Why a connection failed or ended, with the `strerror` text.
    enum Failure: Error, Hashable {
        case refused(String)
        case unreachable(String)
        case timedOut
        case closed
        case failed(String)
    }

    /// The connected socket (owned: closed in `deinit`); an NMEA reader reads it in chunks.
    let descriptor: FileDescriptor
    private var lines = LineBuffer()
    private static let maximumLine = 1 << 20

    private init(descriptor: Int32) {
        self.descriptor = FileDescriptor(rawValue: descriptor)
    }

    deinit {
        close(descriptor.rawValue)
    }

    /// Connects to `host:port` within `timeout` seconds, trying each resolved address.
    /// The corresponding C functions are `getaddrinfo`, `socket`, `connect` and `poll`.
    static func connect(host: String, port: Int, timeout: Double) throws(Failure) -> LineSocket {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw .unreachable("cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastFailure = Failure.unreachable("no address for \(host)")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { continue }
            let socket = LineSocket(descriptor: descriptor)
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            if Glibc.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 {
                return socket
            }
            guard errno == EINPROGRESS else {
                lastFailure = failure(errno)
                continue
            }
            var pending = PollSet(socket.descriptor, events: .writable)
            let ready: Int
            do throws(Errno) { ready = try pending.wait(timeout: .milliseconds(Int(max(timeout, 0) * 1000))) } catch { ready = -1 }
            if ready == 0 {
                lastFailure = .timedOut
                continue
            }
            var error: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
            if error == 0 { return socket }
            lastFailure = failure(error)
        }
        throw lastFailure
    }

    /// Sends all of `text`.
    func send(_ text: String) throws(Failure) {
        var bytes = Array(text.utf8)
        while !bytes.isEmpty {
            let sent: Int
            do throws(Errno) {
                sent = try descriptor.send(bytes)
            } catch .wouldBlock {
                var pending = PollSet(descriptor, events: .writable)
                _ = try? pending.wait(timeout: .milliseconds(100))
                continue
            } catch {
                throw Self.failure(error.rawValue)
            }
            bytes.removeFirst(sent)
        }
    }

    /// The next line without its terminator, or nil when none arrived within `timeout` seconds.
    /// - Throws: `.closed` at end of stream, or the socket error.
    func readLine(timeout: Double) throws(Failure) -> String? {
        if let line = takeLine() { return line }
        var pending = PollSet(descriptor, events: .readable)
        guard ((try? pending.wait(timeout: .milliseconds(Int(max(timeout, 0) * 1000)))) ?? 0) > 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: 8192)
        let count: Int
        do throws(Errno) {
            count = try descriptor.receive(into: &chunk, retryOnInterrupt: false)
        } catch .interrupted, .wouldBlock {
            return nil
        } catch {
            throw Self.failure(error.rawValue)
        }
        if count == 0 { throw .closed }
        chunk.withUnsafeBytes { lines.append(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        if lines.unreadCount > Self.maximumLine { throw .failed("line longer than \(Self.maximumLine) bytes") }
        return takeLine()
    }

    private func takeLine() -> String? {
        lines.nextLine().map { String(decoding: $0, as: UTF8.self) }
    }

    private static func failure(_ code: Int32) -> Failure {
        let text = String(cString: strerror(code))
        switch code {
        case ECONNREFUSED: return .refused(text)
        case ENETUNREACH, EHOSTUNREACH, EADDRNOTAVAIL: return .unreachable(text)
        case ETIMEDOUT: return .timedOut
        default: return .failed(text)
        }
    }
}
