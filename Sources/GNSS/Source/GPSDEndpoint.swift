/// Where gpsd listens: `HOST:PORT`, the `--gpsd` option and the `gpsd` config key.
public struct GPSDEndpoint: Hashable, Sendable, CustomStringConvertible {
    /// Host name or address.
    public var host: String
    /// TCP port.
    public var port: Int

    /// gpsd's default, `127.0.0.1:2947` (gpsd binds loopback only unless started with `-G`).
    public static let standard = GPSDEndpoint(host: "127.0.0.1", port: 2947)

    /// Creates an endpoint.
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST`, `HOST:PORT`, `:PORT` or `[IPv6]:PORT`; nil when malformed.
    /// gpsd clients' `server[:port[:device]]` convention; a trailing device is ignored.
    public init?(parsing text: String) {
        var host = Substring(text)
        var portText: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: close)...]
            host = host[host.index(after: host.startIndex)..<close]
            if rest.hasPrefix(":") { portText = rest.dropFirst().split(separator: ":", omittingEmptySubsequences: false).first }
            else if !rest.isEmpty { return nil }
        } else {
            let parts = host.split(separator: ":", omittingEmptySubsequences: false)
            host = parts[0]
            if parts.count > 1 { portText = parts[1] }
        }
        let port = portText.map { Int($0) } ?? GPSDEndpoint.standard.port
        guard let port, (1...65535).contains(port) else { return nil }
        self.init(host: host.isEmpty ? GPSDEndpoint.standard.host : String(host), port: port)
    }

    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}
