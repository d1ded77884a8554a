import Foundation
import PositioningCore
import RadioMap

/// Answers geolocate requests against a radio map with one estimator: parse, one batched
/// lookup, estimate, render. Shared by `locate --request/--batch` (and later the server).
struct Locator {
    enum Outcome {
        case found
        case notFound
        case badRequest
    }

    struct Response {
        var outcome: Outcome
        var json: String
        /// The estimate and the lookup it came from, for pictures (`--map`, `--geojson`).
        var estimate: PositionEstimate?
        var input: EstimationInput?
        /// The nearest populated place, when the map has places.
        var place: NearbyPlace?
    }

    let radioMap: RadioMap
    let estimator: any PositionEstimator
    /// Whether to add `place` (the nearest populated place) to found positions.
    var namesPlaces = false

    /// The geolocate response for one request's bytes; only database failures throw.
    func respond(to bytes: some Collection<UInt8>) throws -> Response {
        let request: GeolocateRequest
        do {
            request = try GeolocateRequest.parse(Array(bytes))
        } catch {
            return Response(outcome: .badRequest, json: GeolocateErrorResponse(error).jsonString)
        }
        let input = try radioMap.estimationInput(for: request, now: Date())
        guard let estimate = estimator.estimatePosition(from: input) else {
            return Response(outcome: .notFound, json: GeolocateErrorResponse.notFound.jsonString)
        }
        let place = namesPlaces ? try radioMap.nearestPlace(to: estimate.location.coordinate) : nil
        var extraFields: JSONObject = [:]
        if let place { extraFields.append(key: "place", value: .object(PlaceJSON.object(for: place))) }
        return Response(outcome: .found, json: GeolocateResponse(estimate: estimate, extraFields: extraFields).jsonString,
                        estimate: estimate, input: input, place: place)
    }
}
