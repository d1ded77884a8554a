import Foundation
import Geolocation
import JSONCodec
import PositioningCore
import RadioMap
import SurveyFormats
import SystemSupport

/// Answers the server's routes for one worker thread: it owns that thread's read-only radio
/// map connection, so it is neither `Sendable` nor shared.
///
/// | route | answer |
/// |---|---|
/// | `POST /v1/geolocate` | the geolocate response, or 404 `notFound` / 400 `parseError` |
/// | … without radios, from loopback | with `localSources`: the machine's own fix, or 404 with the trail |
/// | `POST`/`GET /v1/country` | `{"country_code","country_name"}`, or 404 `notFound` / 400 `parseError` |
/// | `POST /v1/geosubmit`, `/v2/geosubmit` | `{}` once stored (`--accept-submissions`), else 403 |
/// | `POST /v1/submit` | 204 once stored (GeoClue 2.6's uploads) |
/// | `GET /health` | `{"status":"ok"}` |
/// | `GET /v1/stats` | counters and the radio map's size |
///
/// A query string (`?key=…`) is ignored on every route.
public final class GeolocateService {
    let configuration: ServerConfiguration
    let geolocator: Geolocator
    let statistics: ServerStatistics
    private let submissions: SubmissionWriter?
    private let started: MonotonicInstant

    /// A service answering through `geolocator`, this worker's own (its own read-only
    /// connection to the radio map).
    public init(configuration: ServerConfiguration, geolocator: Geolocator, statistics: ServerStatistics,
                submissions: SubmissionWriter?, started: MonotonicInstant = .now) {
        self.configuration = configuration
        self.geolocator = geolocator
        self.statistics = statistics
        self.submissions = submissions
        self.started = started
    }

    /// The response to one complete request from `client` (its address, without the port).
    public func respond(to head: HTTPRequestHead, body: [UInt8], client: String = "") -> HTTPResponse {
        statistics.add(.requests)
        var response = WebOrigins.refusal(of: head, allowedOrigin: configuration.allowedOrigin,
                                          listenHost: configuration.listenAddress.host)
            ?? (head.method == "OPTIONS" ? WebOrigins.preflight(head, allowedOrigin: configuration.allowedOrigin)
                : route(head, body, client))
        if let origin = configuration.allowedOrigin, head.value(of: "Origin") == origin {
            response.extraHeaders += [("Access-Control-Allow-Origin", origin), ("Vary", "Origin")]
        }
        switch response.statusCode {
        case 200: break
        case 404 where head.path == "/v1/geolocate" || head.path == "/v1/country": statistics.add(.notFound)
        case 400 where head.path == "/v1/geolocate" || head.path == "/v1/country": statistics.add(.badRequests)
        default: statistics.add(.otherErrors)
        }
        return response
    }

    private func route(_ head: HTTPRequestHead, _ body: [UInt8], _ client: String) -> HTTPResponse {
        let method = head.method == "HEAD" ? "GET" : head.method
        switch head.path {
        case "/v1/geolocate":
            guard method == "POST" else { return Self.methodNotAllowed("POST") }
            switch decodedBody(head, body) {
            case .body(let body): return geolocate(body, from: client)
            case .refused(let refusal): return HTTPResponse(error: refusal)
            }
        case "/v1/country":
            // Ichnaea's region API takes GET (no radios: the GeoIP answer, none here) and POST.
            guard method == "POST" || method == "GET" else { return Self.methodNotAllowed("GET, HEAD, POST") }
            switch method == "GET" ? .body([]) : decodedBody(head, body) {
            case .body(let body): return country(body, from: client)
            case .refused(let refusal): return HTTPResponse(error: refusal)
            }
        case "/v2/geosubmit", "/v1/geosubmit", "/v1/submit":
            guard method == "POST" else { return Self.methodNotAllowed("POST") }
            switch decodedBody(head, body) {
            // `/v1/submit` answers as Ichnaea's v0 API does: 204 and no body.
            case .body(let body): return geosubmit(body, emptyAnswer: head.path == "/v1/submit")
            case .refused(let refusal): return HTTPResponse(error: refusal)
            }
        case "/health":
            guard method == "GET" else { return Self.methodNotAllowed("GET, HEAD") }
            return HTTPResponse(statusCode: 200, body: Array(#"{"status":"ok"}"#.utf8))
        case "/v1/stats":
            guard method == "GET" else { return Self.methodNotAllowed("GET, HEAD") }
            return stats()
        default:
            return HTTPResponse(error: GeolocateErrorResponse(
                code: 404, reason: "notFound", message: "No such endpoint: \(head.path)"))
        }
    }

    private static func methodNotAllowed(_ allowed: String) -> HTTPResponse {
        HTTPResponse(error: GeolocateErrorResponse(code: 405, reason: "methodNotAllowed", message: "Method not allowed; use \(allowed)"),
                     extraHeaders: [("Allow", allowed)])
    }

    /// A request body ready to read, or the refusal of one.
    private enum Decoded {
        case body([UInt8])
        case refused(GeolocateErrorResponse)
    }

    /// The body as sent, or decoded from `Content-Encoding: gzip` (within the body limit).
    private func decodedBody(_ head: HTTPRequestHead, _ body: [UInt8]) -> Decoded {
        guard let encoding = head.value(of: "Content-Encoding")?.trimmingSpaces, !encoding.isEmpty,
              !encoding.caseInsensitiveEquals("identity") else {
            return .body(body)
        }
        guard encoding.caseInsensitiveEquals("gzip") || encoding.caseInsensitiveEquals("x-gzip") else {
            return .refused(GeolocateErrorResponse(
                code: 415, reason: "unsupportedMediaType", message: "Content-Encoding \(encoding) is not supported; use gzip"))
        }
        do throws(GzipBody.Failure) {
            return .body(try GzipBody.decompress(body, limit: configuration.limits.bodyBytes))
        } catch .tooLarge(let limit) {
            return .refused(GeolocateErrorResponse(
                code: 413, reason: "payloadTooLarge", message: "Decompressed request body larger than \(limit) bytes"))
        } catch {
            return .refused(.parseError("Parse Error: Content-Encoding gzip, but \(error)"))
        }
    }

    /// A geolocate or country request body as the server answers it: parsed (an empty body is
    /// `{}`), capped to the strongest entries, a remote client's single network dropped, the
    /// local scan added where asked; the notes of the cap; or the 400 for a body that is not one;
    /// or, with `localSources` (geolocate only), the location service's answer to a loopback
    /// request that names no radios.
    func preparedRequest(_ body: [UInt8], from client: String, localSources: Bool = false) -> Prepared {
        var request: GeolocateRequest
        do {
            // An empty body is `{}`, as Ichnaea and beaconDB take it (Firefox's first request).
            request = try GeolocateRequest.parse(body.allSatisfy(Self.isJSONWhitespace) ? Array("{}".utf8) : body, strict: true)
        } catch {
            return .refused(GeolocateErrorResponse(error))
        }
        let capNotes = Self.keepStrongest(&request, accessPoints: configuration.maximumWiFiEntries,
                                          cells: configuration.maximumCellEntries)
        // Another machine's client must name two distinct networks (Ichnaea's "mandatory privacy
        // restriction": one BSSID would locate whoever owns that access point); the machine's
        // owner, on loopback, may still ask about one.
        if !Self.isLoopback(client), Set(request.wifiAccessPoints.map(\.bssid)).count < 2 {
            request.wifiAccessPoints = []
        }
        // A request that names no radios asks where this machine is: with `--local-sources` its
        // owner (loopback only) gets the location service's answer from the machine's own GPS,
        // modem and Wi-Fi — what a browser's bodyless first request needs.
        if localSources, request.wifiAccessPoints.isEmpty, request.cellTowers.isEmpty, Self.isLoopback(client),
           let localSources = configuration.localSources {
            switch localSources() {
            case .fix(var response):
                statistics.add(.found)
                response.accuracyConfidence = configuration.confidence
                return .answered(HTTPResponse(statusCode: 200, body: response.jsonBytes))
            case .noFix(let error):
                return .answered(HTTPResponse(error: error))
            }
        }
        // GeoClue sends `{}` on a machine whose Wi-Fi it cannot see; our own scan may do better.
        if request.wifiAccessPoints.isEmpty, let localScan = configuration.localScan {
            request.wifiAccessPoints = Array(localScan().prefix(configuration.maximumWiFiEntries))
        }
        return .request(request, notes: capNotes)
    }

    /// A request ready to answer, or the refusal of its body.
    enum Prepared {
        case request(GeolocateRequest, notes: [String])
        case refused(GeolocateErrorResponse)
        case answered(HTTPResponse)
    }

    private func geolocate(_ body: [UInt8], from client: String) -> HTTPResponse {
        let (request, capNotes): (GeolocateRequest, [String])
        switch preparedRequest(body, from: client, localSources: true) {
        case .request(let prepared, let notes): (request, capNotes) = (prepared, notes)
        case .refused(let refusal): return HTTPResponse(error: refusal)
        case .answered(let response): return response
        }
        do {
            var answer = try geolocator.answer(to: request, from: client)
            guard var estimate = answer.estimate else { return HTTPResponse(error: .notFound) }
            let isArea = estimate.method == .area
            // `fallbacks.lacf: false`: the client takes no location-area answer (Ichnaea's rule).
            if isArea && request.areaFallback == false { return HTTPResponse(error: .notFound) }
            estimate.notes += capNotes
            answer.estimate = estimate
            statistics.add(.found)
            // An area answer says so, as Ichnaea's does: microG then takes it for coarse.
            let extra: JSONObject = isArea ? ["fallback": "lacf"] : [:]
            var response = GeolocateJSON.response(for: estimate, place: answer.place, extraFields: extra)
            response.accuracyConfidence = configuration.confidence
            return HTTPResponse(statusCode: 200, body: response.jsonBytes)
        } catch {
            return HTTPResponse(error: GeolocateErrorResponse(code: 500, reason: "internalError", message: "Radio map error: \(error)"))
        }
    }

    private func geosubmit(_ body: [UInt8], emptyAnswer: Bool) -> HTTPResponse {
        guard configuration.acceptsSubmissions, let submissions else {
            statistics.add(.submissionsRejected)
            return HTTPResponse(error: GeolocateErrorResponse(
                code: 403, reason: "submissionsDisabled", message: "Submissions are not accepted (start serve with --accept-submissions)"))
        }
        do throws(ImportError) {
            let summary = try submissions.store(body)
            // A body that stored nothing is refused with the reason, never acknowledged.
            guard summary.rowsImported > 0 else {
                statistics.add(.submissionsRejected)
                let why = summary.rejections.first.map { "\($0.reason) (\($0.firstDetail))" } ?? "the body has no items"
                return HTTPResponse(error: .parseError("Parse Error: nothing stored: \(why)"))
            }
            statistics.add(.submissionsAccepted)
            // Ichnaea answers a stored submission with 200 and an empty object (v0: 204).
            return emptyAnswer ? HTTPResponse(statusCode: 204, body: []) : HTTPResponse(statusCode: 200, body: Array("{}".utf8))
        } catch .database(let error) {
            statistics.add(.submissionsRejected)
            return HTTPResponse(error: GeolocateErrorResponse(code: 503, reason: "serviceUnavailable", message: "Could not store the submission: \(error)"))
        } catch {
            statistics.add(.submissionsRejected)
            return HTTPResponse(error: .parseError("Parse Error: \(Self.reason(error))"))
        }
    }

    /// Whether `client` (an address without its port) is this machine's loopback.
    static func isLoopback(_ client: String) -> Bool {
        client.isEmpty || client.hasPrefix("127.") || client == "::1" || client.hasPrefix("::ffff:127.")
    }

    private static func isJSONWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Keeps the strongest `accessPoints` access points and `cells` cells of a request that
    /// carries more (readings without a signal last); the notes that say so.
    static func keepStrongest(_ request: inout GeolocateRequest, accessPoints: Int, cells: Int) -> [String] {
        var notes: [String] = []
        if request.wifiAccessPoints.count > accessPoints {
            notes.append("\(request.wifiAccessPoints.count) access points sent; the \(accessPoints) strongest used")
            request.wifiAccessPoints = strongest(request.wifiAccessPoints, accessPoints, signal: \.signalStrength)
        }
        if request.cellTowers.count > cells {
            notes.append("\(request.cellTowers.count) cells sent; the \(cells) strongest used")
            request.cellTowers = strongest(request.cellTowers, cells, signal: \.signalStrength)
        }
        return notes
    }

    /// The `count` items of strongest signal, in the order sent among equals.
    private static func strongest<Item>(_ items: [Item], _ count: Int, signal: (Item) -> Double?) -> [Item] {
        Array(items.enumerated().sorted { left, right in
            let (a, b) = (signal(left.element) ?? -.infinity, signal(right.element) ?? -.infinity)
            return a != b ? a > b : left.offset < right.offset
        }.prefix(count).map(\.element))
    }

    /// Why a body is not a geosubmit document, without the import's file name.
    private static func reason(_ error: ImportError) -> String {
        switch error {
        case .malformedDocument(_, let reason), .notASurvey(_, let reason), .corrupt(_, let reason): reason
        default: error.description
        }
    }

    private func stats() -> HTTPResponse {
        var writer = JSONWriter(reservingCapacity: 512)
        writer.beginObject()
        writer.writeKey("uptimeSeconds")
        writer.write(Double((MonotonicInstant.now - started).components.seconds))
        let names: [(String, ServerStatistics.Counter)] = [
            ("requests", .requests), ("found", .found), ("notFound", .notFound), ("badRequests", .badRequests),
            ("otherErrors", .otherErrors), ("submissionsAccepted", .submissionsAccepted),
            ("submissionsRejected", .submissionsRejected), ("connectionsAccepted", .connectionsAccepted),
            ("connectionsRefused", .connectionsRefused), ("connectionsOpen", .connectionsOpen)]
        for (name, counter) in names {
            writer.writeKey(name)
            writer.write(statistics.value(counter))
        }
        writer.writeKey("acceptsSubmissions")
        writer.write(configuration.acceptsSubmissions)
        if let map = try? geolocator.radioMap.statistics() {
            writer.writeKey("radioMap")
            writer.beginObject()
            for (name, value) in [("accessPoints", map.accessPoints), ("cells", map.cells), ("areas", map.areas),
                                  ("imports", map.imports)] {
                writer.writeKey(name)
                writer.write(value)
            }
            writer.endObject()
        }
        writer.endObject()
        return HTTPResponse(statusCode: 200, body: writer.bytes)
    }
}
