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
    }

    let radioMap: RadioMap
    let estimator: any PositionEstimator
    /// Members added to every found response (e.g. `"calibrated": false`).
    var extraFields: JSONObject = [:]
    /// Notes added to every found response.
    var notes: [String] = []

    /// The geolocate response for one request's bytes; only database failures throw.
    func respond(to bytes: some Collection<UInt8>) throws -> Response {
        let request: GeolocateRequest
        do {
            request = try GeolocateRequest.parse(Array(bytes))
        } catch {
            return Response(outcome: .badRequest, json: GeolocateErrorResponse(error).jsonString)
        }
        let input = try radioMap.estimationInput(for: request, now: Date())
        guard var estimate = estimator.estimatePosition(from: input) else {
            return Response(outcome: .notFound, json: GeolocateErrorResponse.notFound.jsonString)
        }
        estimate.notes += notes
        return Response(outcome: .found, json: GeolocateResponse(estimate: estimate, extraFields: extraFields).jsonString)
    }
}
