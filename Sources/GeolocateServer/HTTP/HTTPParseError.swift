/// Why a request could not be read, with the status the server answers before closing.
public enum HTTPParseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The head is not HTTP/1.x syntax (400).
    case malformed(String)
    /// The head is longer than the limit (431).
    case headTooLarge(limit: Int)
    /// A transfer coding other than `chunked` (411).
    case lengthRequired
    /// `Content-Length` over the body limit (413).
    case bodyTooLarge(length: Int, limit: Int)
    /// Not HTTP/1.0 or HTTP/1.1 (505).
    case unsupportedVersion(String)

    /// The HTTP status code that answers this error.
    public var statusCode: Int {
        switch self {
        case .malformed: 400
        case .headTooLarge: 431
        case .lengthRequired: 411
        case .bodyTooLarge: 413
        case .unsupportedVersion: 505
        }
    }

    /// The lower-camel-case reason written in the error body.
    public var reason: String {
        switch self {
        case .malformed: "badRequest"
        case .headTooLarge: "requestHeaderFieldsTooLarge"
        case .lengthRequired: "lengthRequired"
        case .bodyTooLarge: "payloadTooLarge"
        case .unsupportedVersion: "httpVersionNotSupported"
        }
    }

    public var description: String {
        switch self {
        case .malformed(let detail): "Malformed request: \(detail)"
        case .headTooLarge(let limit): "Request head larger than \(limit) bytes"
        case .lengthRequired: "Content-Length or Transfer-Encoding: chunked required (other transfer codings are not accepted)"
        case .bodyTooLarge(let length, let limit): "Request body of \(length) bytes is larger than \(limit) bytes"
        case .unsupportedVersion(let version): "HTTP version \(version) is not supported"
        }
    }
}
