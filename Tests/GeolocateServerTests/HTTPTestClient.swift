import Foundation
import Glibc

/// A blocking loopback HTTP client for tests: raw bytes out, responses parsed back, every read
/// bounded by a generous timeout so a broken server fails the test instead of hanging it.
final class HTTPTestClient {
    struct Response {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    let descriptor: Int32
    private var buffer: [UInt8] = []

    /// A connection to 127.0.0.1:`port`; from `source` (an IPv4 address of this machine, host
    /// byte order) when given, so the server sees a client that is not loopback.
    init(port: UInt16, timeoutSeconds: Int = 30, source: UInt32? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = source.bigEndian
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(descriptor)
                throw Failure(description: "bind: errno \(errno)")
            }
        }
        var timeout = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect: errno \(errno)")
        }
    }

    deinit { close(descriptor) }

    /// An IPv4 address of this machine that is not loopback (host byte order), if it has one.
    static func nonLoopbackAddress() -> UInt32? {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var entry = list
        while let current = entry {
            if let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) {
                let value = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { UInt32(bigEndian: $0.pointee.sin_addr.s_addr) }
                if value >> 24 != 127 { return value }
            }
            entry = current.pointee.ifa_next
        }
        return nil
    }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            // A signal (or a debugger attaching) interrupts a blocked send: try again.
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Failure(description: "send: errno \(errno)") }
            offset += written
        }
    }

    /// Sends a request with a body and the given extra header lines.
    func post(_ path: String, _ body: String, headers: [String] = []) throws {
        let head = (["POST \(path) HTTP/1.1", "Host: 127.0.0.1", "Content-Type: application/json",
                     "Content-Length: \(body.utf8.count)"] + headers).joined(separator: "\r\n")
        try send(head + "\r\n\r\n" + body)
    }

    /// Reads one response; nil when the server closed the connection first.
    func readResponse() throws -> Response? {
        while true {
            if let end = headEnd() {
                let head = String(decoding: buffer[..<end], as: UTF8.self)
                var lines = head.components(separatedBy: "\r\n")
                let statusLine = lines.removeFirst().split(separator: " ")
                guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw Failure(description: "bad status line: \(head)") }
                var headers: [String: String] = [:]
                for line in lines where !line.isEmpty {
                    let parts = line.split(separator: ":", maxSplits: 1)
                    headers[parts[0].lowercased()] = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
                }
                let length = Int(headers["content-length"] ?? "0") ?? 0
                while buffer.count < end + 4 + length {
                    guard try fill() else { throw Failure(description: "connection closed inside a body") }
                }
                let body = String(decoding: buffer[(end + 4)..<(end + 4 + length)], as: UTF8.self)
                buffer.removeFirst(end + 4 + length)
                if status == 100 { continue }
                return Response(status: status, headers: headers, body: body)
            }
            guard try fill() else {
                if buffer.isEmpty { return nil }
                throw Failure(description: "connection closed inside a head")
            }
        }
    }

    /// Whether the server has closed the connection (EOF with nothing more to read).
    func isClosedByServer() throws -> Bool {
        buffer.isEmpty ? !(try fill()) : false
    }

    private func headEnd() -> Int? {
        guard buffer.count >= 4 else { return nil }
        for index in 0...(buffer.count - 4) where buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
            return index
        }
        return nil
    }

    /// Reads more; false at EOF or on a reset (the server closed).
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        var count: Int
        // A signal (or a debugger attaching) interrupts a blocked recv: try again.
        repeat { count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) } } while count < 0 && errno == EINTR
        if count > 0 {
            buffer += chunk[0..<count]
            return true
        }
        if count == 0 || errno == ECONNRESET { return false }
        throw Failure(description: "recv: errno \(errno)")
    }
}
