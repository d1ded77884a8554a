import PositioningCore
import SurveyFormats

/// One HTTP/1.1 response with a complete body, ready to be written.
public struct HTTPResponse: Hashable, Sendable {
    /// The status code, e.g. 200.
    public var statusCode: Int
    /// The body bytes (JSON for every response of this server).
    public var body: [UInt8]
    /// The media type of the body.
    public var contentType: String
    /// Extra header fields, e.g. `Allow` on a 405.
    public var extraHeaders: [(name: String, value: String)]

    /// Creates a response.
    public init(statusCode: Int, body: [UInt8], contentType: String = "application/json",
                extraHeaders: [(name: String, value: String)] = []) {
        self.statusCode = statusCode
        self.body = body
        self.contentType = contentType
        self.extraHeaders = extraHeaders
    }

    /// A JSON error body in the geolocate error shape with the error's own status code.
    public init(error: GeolocateErrorResponse, extraHeaders: [(name: String, value: String)] = []) {
        self.init(statusCode: error.code, body: error.jsonBytes, extraHeaders: extraHeaders)
    }

    /// The error answer for a request the parser refused.
    public init(_ error: HTTPParseError) {
        self.init(error: GeolocateErrorResponse(code: error.statusCode, reason: error.reason, message: error.description))
    }

    /// The standard reason phrase for `code` (RFC 9110 §15).
    public static func reasonPhrase(_ code: Int) -> String {
        switch code {
        case 100: "Continue"
        case 200: "OK"
        case 204: "No Content"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 411: "Length Required"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 503: "Service Unavailable"
        case 505: "HTTP Version Not Supported"
        default: "Status \(code)"
        }
    }

    /// The bytes on the wire: status line, headers, blank line, body.
    /// - Parameters:
    ///   - keepAlive: Whether the connection stays open (else `Connection: close` is sent).
    ///   - includeBody: False for a `HEAD` request: the headers announce the body, none is sent.
    public func serialized(keepAlive: Bool, includeBody: Bool = true) -> [UInt8] {
        var head = "HTTP/1.1 \(statusCode) \(Self.reasonPhrase(statusCode))\r\n"
        head += "Content-Type: \(contentType)\r\nContent-Length: \(body.count)\r\n"
        head += "Cache-Control: no-store\r\n"
        for header in extraHeaders { head += "\(header.name): \(header.value)\r\n" }
        if !keepAlive { head += "Connection: close\r\n" }
        head += "\r\n"
        var bytes = Array(head.utf8)
        if includeBody { bytes += body }
        return bytes
    }

    /// The interim `100 Continue` answer to `Expect: 100-continue`.
    public static let continueBytes = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    public static func == (left: HTTPResponse, right: HTTPResponse) -> Bool {
        left.statusCode == right.statusCode && left.body == right.body && left.contentType == right.contentType
            && left.extraHeaders.map(\.name) == right.extraHeaders.map(\.name)
            && left.extraHeaders.map(\.value) == right.extraHeaders.map(\.value)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(statusCode)
        hasher.combine(body)
    }
}
