import Foundation
import PositioningCore
import RadioMap
import SurveyFormats

/// The one request → answer path: one batched lookup of what a request heard, the stored
/// fingerprints, the chosen estimator with its calibrated radius, the nearest place — a typed
/// `GeolocationAnswer` that each caller renders (`GeolocateJSON`, `GeolocationGeoJSON`,
/// `GeolocationText`). `locate --request/--batch`, `serve`, the location service, `eval` and
/// the learning experiments all answer through it, so what `eval` scores is what a client gets.
///
/// A geolocator holds a SQLite connection, so it belongs to one thread; its
/// `GeolocationEngine` is shared.
///
/// ```swift
/// let geolocator = try GeolocationEngine(radioMap: map).makeGeolocator()
/// let answer = try geolocator.answer(to: try GeolocateRequest.parse(bytes))
/// if let location = answer.location { print(location.coordinate, location.horizontalAccuracy) }
/// ```
public final class Geolocator {
    /// A request's lookup: what the map knows of what it heard, before any estimate.
    public struct Lookup: Sendable {
        /// The request, its repeated readings aged when the engine keeps request sequences.
        public var request: GeolocateRequest
        /// The emitters the map knows, the readings and the fingerprints to match.
        public var input: EstimationInput
        /// How many readings were aged as repeats of the client's previous request.
        public var agedReadings: Int
    }

    /// The radio map connection the lookups use.
    public let radioMap: RadioMap
    /// The shared parameters and loaded data.
    public let engine: GeolocationEngine
    private var loaded: GeolocationEngine.Loaded
    private var generation: Int

    init(radioMap: RadioMap, engine: GeolocationEngine) {
        self.radioMap = radioMap
        self.engine = engine
        (generation, loaded) = engine.current(checkingWith: radioMap)
    }

    /// The estimator answers use, with its radius factors applied.
    public var estimator: any PositionEstimator { loaded.estimator }

    /// The answer to `request` from `client` (an address, for the engine's request sequence),
    /// as of `now`; only database failures throw.
    public func answer(
        to request: GeolocateRequest, from client: String = "", now: Date = Date()
    ) throws(RadioMapError) -> GeolocationAnswer {
        try answer(try lookUp(request, from: client, now: now))
    }

    /// The batched lookup for `request`: what the map knows of its emitters, with the
    /// fingerprints to match. Picks up what the map stores anew first, when the engine refreshes.
    public func lookUp(
        _ request: GeolocateRequest, from client: String = "", now: Date = Date()
    ) throws(RadioMapError) -> Lookup {
        if engine.parameters.refreshInterval != nil {
            let current = engine.current(checkingWith: radioMap)
            if current.generation != generation { (generation, loaded) = current }
        }
        var request = request
        let aged = engine.requestSequence?.supplyAges(to: &request, from: client) ?? 0
        var input = try radioMap.estimationInput(for: request, now: now)
        try loaded.fingerprints.supply(&input, from: radioMap, hearing: request.wifiAccessPoints.map(\.bssid))
        return Lookup(request: request, input: input, agedReadings: aged)
    }

    /// The answer `lookup` supports: the estimate with its notes and the nearest place.
    public func answer(_ lookup: Lookup) throws(RadioMapError) -> GeolocationAnswer {
        guard var estimate = loaded.estimator.estimatePosition(from: lookup.input) else {
            return GeolocationAnswer(lookup: lookup, estimate: nil, place: nil)
        }
        if lookup.agedReadings > 0 {
            estimate.notes.append(
                "\(lookup.agedReadings) reading(s) repeat the previous request's signal: aged from the request that first carried it")
        }
        estimate.notes += loaded.notes
        let place = loaded.namesPlaces ? try radioMap.nearestPlace(to: estimate.location.coordinate) : nil
        return GeolocationAnswer(lookup: lookup, estimate: estimate, place: place)
    }

    /// The answer to a geolocate request's JSON body (Ichnaea/Google shape), as of `now`.
    /// - Throws: `GeolocateParseError` for bytes that are not a request; `RadioMapError` when
    ///   the map cannot be read.
    public func answer(toRequestJSON bytes: some Collection<UInt8>, now: Date = Date()) throws -> GeolocationAnswer {
        try answer(to: try GeolocateRequest.parse(Array(bytes)), now: now)
    }

    /// The geolocate JSON for one request's bytes (a line of a `--batch` file): the response,
    /// a 404 `notFound`, or a 400 `parseError` for bytes that are not a request; only database
    /// failures throw.
    public func geolocateJSON(forRequest bytes: some Collection<UInt8>) throws(RadioMapError) -> [UInt8] {
        let request: GeolocateRequest
        do {
            request = try GeolocateRequest.parse(Array(bytes))
        } catch {
            return GeolocateErrorResponse(error).jsonBytes
        }
        return GeolocateJSON.bytes(for: try answer(to: request))
    }
}
