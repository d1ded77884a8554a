import Foundation
import JSONCodec
import PositioningCore
import RadioMap
import SurveyFormats

/// Answers geolocate requests against a radio map with one estimator: parse, one batched
/// lookup, estimate, render. Shared by `locate --request/--batch` and `serve`.
///
/// A `Locator` holds a SQLite connection, so it belongs to one thread.
///
/// ```swift
/// let locator = Locator(radioMap: try RadioMap(path: path, mode: .readOnly), estimator: WhereaboutsEstimator())
/// print(try locator.respond(to: Array(#"{"wifiAccessPoints":[…]}"#.utf8)).json)
/// ```
public struct Locator {
    /// How a request ended.
    public enum Outcome: Sendable {
        case found
        case notFound
        case badRequest
    }

    /// A rendered answer.
    public struct Response: Sendable {
        /// How the request ended.
        public var outcome: Outcome
        /// The geolocate response or error object, compact JSON.
        public var json: String
        /// The same as bytes.
        public var jsonBytes: [UInt8] { Array(json.utf8) }
        /// The estimate and the lookup it came from, for pictures (`--map`, `--geojson`).
        public var estimate: PositionEstimate?
        public var input: EstimationInput?
        /// The nearest populated place, when the map has places and `namesPlaces` is on.
        public var place: NearbyPlace?
    }

    /// The radio map the emitters are looked up in.
    public let radioMap: RadioMap
    /// The estimator that turns matches into a position.
    public var estimator: any PositionEstimator
    /// Members added to every found response (e.g. `"calibrated": false`).
    public var extraFields: JSONObject
    /// Notes added to every found response.
    public var notes: [String]
    /// Whether to add `place` (the nearest populated place) to found positions.
    public var namesPlaces = false
    /// Where stored fingerprints come from for fingerprint matching (`FingerprintSource.load`
    /// when the map may hold any; one in-memory source can be shared by every thread's locator).
    public var fingerprints = FingerprintSource.none
    /// Whether to add `"calibrated": true/false` to found positions: true only when a stored
    /// factor for the fix's own source and emitter count scaled its radius.
    public var reportsCalibration = false
    /// Each client's successive requests, when a request's repeats of the same client's
    /// previous one should be aged (`serve`, `locate --batch --sequence`); nil takes each
    /// request alone.
    public var requestSequence: RequestSequence?

    /// Creates a locator over an open radio map.
    public init(radioMap: RadioMap, estimator: any PositionEstimator, extraFields: JSONObject = [:], notes: [String] = []) {
        self.radioMap = radioMap
        self.estimator = estimator
        self.extraFields = extraFields
        self.notes = notes
    }

    /// The geolocate response for one request's bytes; only database failures throw.
    public func respond(to bytes: some Collection<UInt8>) throws -> Response {
        let request: GeolocateRequest
        do {
            request = try GeolocateRequest.parse(Array(bytes))
        } catch {
            return Response(outcome: .badRequest, json: GeolocateErrorResponse(error).jsonString)
        }
        return try respond(to: request)
    }

    /// The geolocate response for a parsed request from `client` (an address, for
    /// `requestSequence`); only database failures throw.
    public func respond(to request: GeolocateRequest, from client: String = "") throws -> Response {
        var request = request
        let aged = requestSequence?.supplyAges(to: &request, from: client) ?? 0
        var input = try radioMap.estimationInput(for: request, now: Date())
        try fingerprints.supply(&input, from: radioMap, hearing: request.wifiAccessPoints.map(\.bssid))
        guard var estimate = estimator.estimatePosition(from: input) else {
            return Response(outcome: .notFound, json: GeolocateErrorResponse.notFound.jsonString)
        }
        if aged > 0 {
            estimate.notes.append("\(aged) reading(s) repeat the previous request's signal: aged from the request that first carried it")
        }
        estimate.notes += notes
        let place = namesPlaces ? try radioMap.nearestPlace(to: estimate.location.coordinate) : nil
        var fields = extraFields
        if reportsCalibration { fields.append(key: "calibrated", value: .bool(estimate.isRadiusCalibrated ?? false)) }
        if let place { fields.append(key: "place", value: .object(PlaceJSON.object(for: place))) }
        return Response(
            outcome: .found, json: GeolocateResponse(estimate: estimate, extraFields: fields).jsonString,
            estimate: estimate, input: input, place: place)
    }
}
