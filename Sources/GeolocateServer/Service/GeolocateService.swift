import Foundation
import Geolocation
import JSONCodec
import PositioningCore
import RadioMap
import SurveyFormats

/// Answers the server's routes for one worker thread: it owns that thread's read-only radio
/// map connection, so it is neither `Sendable` nor shared.
///
/// | route | answer |
/// |---|---|
/// | `POST /v1/geolocate` | the geolocate response, or 404 `notFound` / 400 `parseError` |
/// | `POST /v2/geosubmit` | `{}` once stored (`--accept-submissions`), else 403 |
/// | `GET /health` | `{"status":"ok"}` |
/// | `GET /v1/stats` | counters and the radio map's size |
///
/// A query string (`?key=…`) is ignored on every route.
public final class GeolocateService {
    private let configuration: ServerConfiguration
    private let geolocator: Geolocator
    private let statistics: ServerStatistics
    private let submissions: SubmissionWriter?
    private let started: ContinuousClock.Instant

    /// A service answering through `geolocator`, this worker's own (its own read-only
    /// connection to the radio map).
    public init(configuration: ServerConfiguration, geolocator: Geolocator, statistics: ServerStatistics,
                submissions: SubmissionWriter?, started: ContinuousClock.Instant = .now) {
        self.configuration = configuration
        self.geolocator = geolocator
        self.statistics = statistics
        self.submissions = submissions
        self.started = started
    }

    /// The response to one complete request from `client` (its address, without the port).
    public func respond(to head: HTTPRequestHead, body: [UInt8], client: String = "") -> HTTPResponse {
        statistics.add(.requests)
        let response = route(head, body, client)
        switch response.statusCode {
        case 200: break
        case 404 where head.path == "/v1/geolocate": statistics.add(.notFound)
        case 400 where head.path == "/v1/geolocate": statistics.add(.badRequests)
        default: statistics.add(.otherErrors)
        }
        return response
    }

    private func route(_ head: HTTPRequestHead, _ body: [UInt8], _ client: String) -> HTTPResponse {
        let method = head.method == "HEAD" ? "GET" : head.method
        switch head.path {
        case "/v1/geolocate":
            guard method == "POST" else { return Self.methodNotAllowed("POST") }
            return geolocate(body, from: client)
        case "/v2/geosubmit":
            guard method == "POST" else { return Self.methodNotAllowed("POST") }
            return geosubmit(body)
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

    private func geolocate(_ body: [UInt8], from client: String) -> HTTPResponse {
        var request: GeolocateRequest
        do {
            request = try GeolocateRequest.parse(body)
        } catch {
            return HTTPResponse(error: GeolocateErrorResponse(error))
        }
        guard request.wifiAccessPoints.count <= configuration.maximumWiFiEntries,
              request.cellTowers.count <= configuration.maximumCellEntries else {
            return HTTPResponse(error: .parseError(
                "Parse Error: at most \(configuration.maximumWiFiEntries) wifiAccessPoints and \(configuration.maximumCellEntries) cellTowers"))
        }
        // GeoClue sends `{}` on a machine whose Wi-Fi it cannot see; our own scan may do better.
        if request.wifiAccessPoints.isEmpty, let localScan = configuration.localScan {
            request.wifiAccessPoints = Array(localScan().prefix(configuration.maximumWiFiEntries))
        }
        do {
            let answer = try geolocator.answer(to: request, from: client)
            guard answer.isFound else { return HTTPResponse(error: .notFound) }
            statistics.add(.found)
            return HTTPResponse(statusCode: 200, body: GeolocateJSON.bytes(for: answer, confidence: configuration.confidence))
        } catch {
            return HTTPResponse(error: GeolocateErrorResponse(code: 500, reason: "internalError", message: "Radio map error: \(error)"))
        }
    }

    private func geosubmit(_ body: [UInt8]) -> HTTPResponse {
        guard configuration.acceptsSubmissions, let submissions else {
            statistics.add(.submissionsRejected)
            return HTTPResponse(error: GeolocateErrorResponse(
                code: 403, reason: "submissionsDisabled", message: "Submissions are not accepted (start serve with --accept-submissions)"))
        }
        do throws(ImportError) {
            _ = try submissions.store(body)
            statistics.add(.submissionsAccepted)
            // Ichnaea answers a stored submission with 200 and an empty object.
            return HTTPResponse(statusCode: 200, body: Array("{}".utf8))
        } catch .database(let error) {
            statistics.add(.submissionsRejected)
            return HTTPResponse(error: GeolocateErrorResponse(code: 503, reason: "serviceUnavailable", message: "Could not store the submission: \(error)"))
        } catch {
            statistics.add(.submissionsRejected)
            return HTTPResponse(error: .parseError("Parse Error: \(Self.reason(error))"))
        }
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
        writer.write(Double((ContinuousClock.now - started).components.seconds))
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
