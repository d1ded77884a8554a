/// The request line and header fields of one HTTP/1.x request, as sent.
///
/// Produced by ``HTTPRequestHeadParser/parse(_:limits:)``; header names keep their spelling
/// and are looked up case-insensitively (RFC 9110 §5.1).
public struct HTTPRequestHead: Hashable, Sendable {
    /// The method token, e.g. `POST`.
    public var method: String
    /// The request target as sent, e.g. `/v1/geolocate?key=test`.
    public var target: String
    /// The minor version of HTTP/1.x: 0 or 1.
    public var minorVersion: Int
    /// Header fields in order, names as sent, values without surrounding whitespace.
    public var headers: [(name: String, value: String)]

    /// Creates a head.
    public init(method: String, target: String, minorVersion: Int = 1, headers: [(name: String, value: String)] = []) {
        self.method = method
        self.target = target
        self.minorVersion = minorVersion
        self.headers = headers
    }

    /// The target without its query string: `/v1/geolocate` for `/v1/geolocate?key=x`.
    public var path: Substring {
        target.prefix { $0 != "?" }
    }

    /// Every value of the header `name` (case-insensitive).
    public func values(of name: String) -> [String] {
        headers.filter { $0.name.caseInsensitiveEquals(name) }.map(\.value)
    }

    /// The first value of the header `name` (case-insensitive).
    public func value(of name: String) -> String? {
        headers.first { $0.name.caseInsensitiveEquals(name) }?.value
    }

    /// Whether the `Connection` header lists `token` (case-insensitive).
    func connectionHas(_ token: String) -> Bool {
        values(of: "Connection").contains { value in
            value.split(separator: ",").contains { $0.trimmingSpaces.caseInsensitiveEquals(token) }
        }
    }

    /// Whether the connection stays open after the response: HTTP/1.1 unless `Connection:
    /// close`; HTTP/1.0 only with `Connection: keep-alive` (RFC 9112 §9.3).
    public var keepsAlive: Bool {
        minorVersion >= 1 ? !connectionHas("close") : connectionHas("keep-alive")
    }

    /// Whether the client waits for `100 Continue` before sending its body (RFC 9110 §10.1.1).
    public var expectsContinue: Bool {
        value(of: "Expect")?.caseInsensitiveEquals("100-continue") ?? false
    }

    public static func == (left: HTTPRequestHead, right: HTTPRequestHead) -> Bool {
        left.method == right.method && left.target == right.target && left.minorVersion == right.minorVersion
            && left.headers.map(\.name) == right.headers.map(\.name) && left.headers.map(\.value) == right.headers.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(method)
        hasher.combine(target)
        hasher.combine(minorVersion)
        for header in headers {
            hasher.combine(header.name)
            hasher.combine(header.value)
        }
    }
}

extension StringProtocol {
    /// ASCII case-insensitive equality, as HTTP tokens compare.
    func caseInsensitiveEquals(_ other: some StringProtocol) -> Bool {
        utf8.count == other.utf8.count && zip(utf8, other.utf8).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
    }

    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: Substring {
        let text = Substring(self)
        let start = text.firstIndex { $0 != " " && $0 != "\t" } ?? text.endIndex
        let end = text.lastIndex { $0 != " " && $0 != "\t" }.map { text.index(after: $0) } ?? start
        return text[start..<Swift.max(start, end)]
    }
}

extension UInt8 {
    var asciiLowercased: UInt8 { (0x41...0x5A).contains(self) ? self | 0x20 : self }
}
