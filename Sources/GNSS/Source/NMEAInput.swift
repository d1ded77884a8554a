/// Where NMEA 0183 comes from: a serial device, FIFO or log file (`--nmea-device PATH`), a TCP
/// server (`--nmea tcp://HOST:PORT`) or UDP datagrams (`--nmea udp://[ADDRESS]:PORT`), as the
/// Android apps that forward a phone's GPS to a laptop send it.
///
/// A UDP input binds the loopback address unless the URL names another one: a position fed
/// from anywhere on the network would otherwise teach the radio map (`watch --learn`).
///
/// ```swift
/// let input = NMEAInput(parsing: "udp://:10110")!   // 127.0.0.1:10110
/// let fix = try await NMEAReader(input: input).firstFix(timeout: .seconds(10))
/// ```
public enum NMEAInput: Hashable, Sendable, CustomStringConvertible {
    /// A device node, a FIFO or a regular file.
    case device(path: String)
    /// A TCP server that sends NMEA sentences to whoever connects.
    case tcp(host: String, port: Int)
    /// A UDP port NMEA datagrams are sent to, bound on `address`.
    case udp(address: String, port: Int)

    /// The address a UDP input binds when its URL names none.
    public static let loopback = "127.0.0.1"

    /// Parses `tcp://HOST:PORT`, `udp://[ADDRESS]:PORT` (`udp://:PORT` is loopback; IPv6
    /// addresses in brackets, `udp://[::1]:10110`); nil when `text` is not such a URL or its
    /// port is out of range. A TCP URL without a host means loopback too.
    public init?(parsing text: String) {
        let isTCP: Bool
        if text.hasPrefix("tcp://") {
            isTCP = true
        } else if text.hasPrefix("udp://") {
            isTCP = false
        } else {
            return nil
        }
        let rest = Substring(text.dropFirst(6))
        var host: Substring
        let portText: Substring
        if rest.hasPrefix("[") {
            guard let close = rest.firstIndex(of: "]") else { return nil }
            host = rest[rest.index(after: rest.startIndex)..<close]
            let tail = rest[rest.index(after: close)...]
            guard tail.hasPrefix(":") else { return nil }
            portText = tail.dropFirst()
        } else {
            guard let colon = rest.lastIndex(of: ":"), !rest[..<colon].contains(":") else { return nil }
            host = rest[..<colon]
            portText = rest[rest.index(after: colon)...]
        }
        if host.isEmpty { host = Substring(Self.loopback) }
        guard let port = Int(portText), (1...65535).contains(port), !host.contains("/") else { return nil }
        self = isTCP ? .tcp(host: String(host), port: port) : .udp(address: String(host), port: port)
    }

    /// The path, or the URL as `--nmea` takes it.
    public var description: String {
        switch self {
        case .device(let path): path
        case .tcp(let host, let port): "tcp://\(Self.bracketed(host)):\(port)"
        case .udp(let address, let port): "udp://\(Self.bracketed(address)):\(port)"
        }
    }

    private static func bracketed(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}
