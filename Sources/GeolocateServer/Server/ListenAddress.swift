/// A host and port to listen on, as given to `--listen`: `127.0.0.1:8088`, `[::1]:8088`,
/// `localhost:8088`, `0.0.0.0:8088`.
public struct ListenAddress: Hashable, Sendable, CustomStringConvertible {
    /// The numeric IPv4 or IPv6 address (no brackets).
    public var host: String
    /// The TCP port; 0 lets the kernel choose.
    public var port: UInt16

    /// The default: loopback port 8088.
    public static let defaultAddress = ListenAddress(host: "127.0.0.1", port: 8088)

    /// Creates an address from numeric parts.
    public init(host: String, port: UInt16) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`; `localhost` means 127.0.0.1. Nil for anything else.
    public init?(parsing text: String) {
        var host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
            guard host.contains(":") else { return nil }
        } else {
            guard let colon = text.lastIndex(of: ":") else { return nil }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
            guard !host.contains(":") else { return nil }
        }
        if host == "localhost" { host = "127.0.0.1" }
        guard !host.isEmpty, !portText.isEmpty, portText.allSatisfy({ $0.isASCII && $0.isNumber }),
              let port = UInt16(portText), Self.isNumeric(String(host)) else { return nil }
        self.host = String(host)
        self.port = port
    }

    /// Whether the address is IPv6.
    public var isIPv6: Bool { host.contains(":") }

    /// Whether only this machine can connect: 127.0.0.0/8 or ::1.
    public var isLoopback: Bool {
        if isIPv6 { return Self.ipv6Bytes(host) == Array(repeating: 0, count: 15) + [1] }
        return Self.ipv4Bytes(host)?.first == 127
    }

    public var description: String { isIPv6 ? "[\(host)]:\(port)" : "\(host):\(port)" }

    private static func isNumeric(_ host: String) -> Bool {
        host.contains(":") ? ipv6Bytes(host) != nil : ipv4Bytes(host) != nil
    }

    /// The four bytes of a dotted-quad address.
    static func ipv4Bytes(_ host: String) -> [UInt8]? {
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        let bytes = parts.compactMap { part -> UInt8? in
            guard (1...3).contains(part.count), part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return UInt8(part)
        }
        return bytes.count == 4 ? bytes : nil
    }

    /// The sixteen bytes of an IPv6 address in text form (with `::` compression).
    static func ipv6Bytes(_ host: String) -> [UInt8]? {
        let halves = host.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func groups(_ text: String) -> [UInt16]? {
            guard !text.isEmpty else { return [] }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            let values = parts.compactMap { part -> UInt16? in
                guard (1...4).contains(part.count) else { return nil }
                return UInt16(part, radix: 16)
            }
            return values.count == parts.count ? values : nil
        }
        guard let head = groups(halves[0]) else { return nil }
        var all = head
        if halves.count == 2 {
            guard let tail = groups(halves[1]), head.count + tail.count < 8 else { return nil }
            all += Array(repeating: 0, count: 8 - head.count - tail.count) + tail
        }
        guard all.count == 8 else { return nil }
        return all.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    }
}
