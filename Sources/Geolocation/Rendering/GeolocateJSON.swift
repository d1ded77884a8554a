import JSONCodec
import PositioningCore
import RadioMap
import SurveyFormats

/// The geolocate JSON of answers and fixes, written one way for every caller: `locate
/// --request/--batch`, `serve`, `eval --answers`, and (with the fallback trail, timestamp and
/// `cached`) `locate --json` and `watch --json`.
///
/// A found answer is `GeolocateResponse`'s shape with, after its own members, `"calibrated"`
/// (when the estimator calibrates its radius: true only when a stored factor for the fix's own
/// source and emitter count scaled it), `"place"` (the nearest populated place) and then the
/// caller's `extraFields`; nothing found is the standard 404 `notFound` object.
///
/// ```swift
/// output.write(GeolocateJSON.bytes(for: try geolocator.answer(to: request)))
/// ```
public enum GeolocateJSON {
    /// The response body for `answer`: the position, or 404 `notFound`.
    /// `accuracy` is the 95 % circle unless `confidence` asks for the 68 % one (`serve
    /// --confidence 68`); `accuracy68` is the 68 % circle either way.
    public static func bytes(for answer: GeolocationAnswer, confidence: RadiusConfidence = .percent95) -> [UInt8] {
        guard let estimate = answer.estimate else { return GeolocateErrorResponse.notFound.jsonBytes }
        var response = response(for: estimate, place: answer.place)
        response.accuracyConfidence = confidence
        return response.jsonBytes
    }

    /// The same as text.
    public static func string(for answer: GeolocationAnswer) -> String {
        String(decoding: bytes(for: answer), as: UTF8.self)
    }

    /// The response for an estimate, with the place it is near and, for live fixes, whether it
    /// is cached, the sources tried and the fix's time.
    public static func response(
        for estimate: PositionEstimate, place: NearbyPlace? = nil, isCached: Bool? = nil,
        fallbackTrail: [JSONValue]? = nil, includesTimestamp: Bool = false, extraFields: JSONObject = [:]
    ) -> GeolocateResponse {
        var fields: JSONObject = [:]
        if let calibrated = estimate.isRadiusCalibrated { fields.append(key: "calibrated", value: .bool(calibrated)) }
        if let place { fields.append(key: "place", value: .object(PlaceJSON.object(for: place))) }
        for member in extraFields { fields.append(key: member.key, value: member.value) }
        return GeolocateResponse(
            estimate: estimate, isCached: isCached, fallbackTrail: fallbackTrail, includesTimestamp: includesTimestamp,
            extraFields: fields)
    }
}
