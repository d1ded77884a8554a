import JSONCodec

/// The body of a failed geolocate response, in the Google / Ichnaea error shape.
///
/// ```json
/// {"error":{"code":404,"message":"Not found",
///           "errors":[{"domain":"geolocation","reason":"notFound","message":"Not found"}]}}
/// ```
///
/// Use `notFound` when the request was understood but gave no position, `parseError(_:)` for
/// a body that is not a geolocate request, and `init(code:reason:message:domain:)` for the
/// rest, e.g. `GeolocateErrorResponse(code: 413, reason: "payloadTooLarge", message: "Request
/// body larger than 1 MiB")`. Members of `extraFields` (such as a `fallback` trail) follow
/// `error` at the top level.
public struct GeolocateErrorResponse: Hashable, Sendable {
    /// The HTTP status code, repeated in the body.
    public var code: Int
    /// A machine-readable reason in lower camel case: `notFound`, `parseError`, …
    public var reason: String
    /// A human-readable sentence.
    public var message: String
    /// `geolocation` for "no position", `global` for request and service errors (as Ichnaea).
    public var domain: String
    /// Further top-level members, written after `error` in their order.
    public var extraFields: JSONObject

    /// Creates an error body.
    public init(code: Int, reason: String, message: String, domain: String = "global", extraFields: JSONObject = [:]) {
        self.code = code
        self.reason = reason
        self.message = message
        self.domain = domain
        self.extraFields = extraFields
    }

    /// 404: the request was fine but no position could be found.
    public static let notFound = GeolocateErrorResponse(
        code: 404, reason: "notFound", message: "Not found", domain: "geolocation")

    /// 400: the body is not a usable geolocate request. Ichnaea's message is `Parse Error`.
    public static func parseError(_ message: String = "Parse Error") -> GeolocateErrorResponse {
        GeolocateErrorResponse(code: 400, reason: "parseError", message: message)
    }

    /// 400 `parseError` whose message says what was wrong with the request.
    public init(_ error: GeolocateParseError) {
        self = .parseError("Parse Error: \(error)")
    }

    /// The compact JSON body.
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter(reservingCapacity: 160)
        write(to: &writer)
        return writer.bytes
    }

    /// The compact JSON body as text.
    public var jsonString: String {
        String(decoding: jsonBytes, as: UTF8.self)
    }

    /// Writes the error object into `writer`, e.g. as one line of a `--batch` output.
    public func write(to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeKey("error")
        writer.beginObject()
        writer.writeKey("code")
        writer.write(code)
        writer.writeKey("message")
        writer.write(message)
        writer.writeKey("errors")
        writer.beginArray()
        writer.beginObject()
        writer.writeKey("domain")
        writer.write(domain)
        writer.writeKey("reason")
        writer.write(reason)
        writer.writeKey("message")
        writer.write(message)
        writer.endObject()
        writer.endArray()
        writer.endObject()
        for member in extraFields {
            writer.writeKey(member.key)
            writer.write(member.value)
        }
        writer.endObject()
    }
}
