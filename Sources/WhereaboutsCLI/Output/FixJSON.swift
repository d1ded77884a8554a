import Foundation
import Geolocation
import JSONCodec
import LocationService
import RadioMap
import PositioningCore
import SurveyFormats

/// Live fixes and region events for people and scripts: the geolocate response shape (written
/// by `GeolocateJSON`, with the fallback trail, timestamp and `cached`) for `locate --json` and
/// `watch --json`, a line of text (`GeolocationText`) otherwise.
enum FixJSON {
    /// The geolocate response of a fix, as `locate --request` writes it (`"calibrated"`, then
    /// `"place"`), followed by the fix's speed, course and significant-change reason and then
    /// `extraFields`.
    static func response(for fix: LocationFix, place: NearbyPlace? = nil, extraFields: JSONObject = [:]) -> GeolocateResponse {
        var fields: JSONObject = [:]
        if fix.location.speed >= 0 { fields.append(key: "speed", value: .number((fix.location.speed * 100).rounded() / 100)) }
        if fix.location.course >= 0 { fields.append(key: "course", value: .number((fix.location.course * 10).rounded() / 10)) }
        if let reason = fix.significantChange { fields.append(key: "significantChange", value: .string(reason.description)) }
        for member in extraFields { fields.append(key: member.key, value: member.value) }
        return GeolocateJSON.response(
            for: fix.estimate, place: place, isCached: fix.isCached ? true : nil,
            fallbackTrail: fix.attempts.isEmpty ? nil : fix.attempts.map(\.jsonValue), includesTimestamp: true,
            extraFields: fields)
    }

    /// The 404 `notFound` object of a live request without a fix, its `fallback` trail saying
    /// what each source did (`locate --json`, `serve --local-sources`).
    static func notFound(after attempts: [SourceAttempt]) -> GeolocateErrorResponse {
        GeolocateErrorResponse(
            code: 404, reason: "notFound", message: "Not found", domain: "geolocation",
            extraFields: ["fallback": .array(attempts.map(\.jsonValue))])
    }

    /// `52.520008, 13.404954 ± 25 m (68 %), ± 41 m (95 %) from wifi`, with altitude when known.
    static func line(for fix: LocationFix) -> String {
        GeolocationText.line(for: fix.location)
    }

    /// `{"type":"region","region":"park","event":"enter","time":"…","lat":…,"lng":…,"accuracy":…}`
    static func json(for event: RegionEvent) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.writeKey("type")
        writer.write("region")
        writer.writeKey("region")
        writer.write(event.regionID)
        writer.writeKey("event")
        writer.write(event.kind.rawValue)
        writer.writeKey("time")
        writer.write(event.time)
        writer.writeKey("lat")
        writer.write(event.location.coordinate.latitude, decimals: 7)
        writer.writeKey("lng")
        writer.write(event.location.coordinate.longitude, decimals: 7)
        writer.writeKey("accuracy")
        writer.write(event.location.horizontalAccuracy, decimals: 1)
        writer.endObject()
        return writer.string
    }

    /// `region park: enter at 2027-01-15T08:00:00.000Z`.
    static func text(for event: RegionEvent) -> String {
        let verb = event.kind.isCrossing ? event.kind.rawValue : "starts \(event.kind.rawValue)"
        return "region \(event.regionID): \(verb) at \(JSONWriter.iso8601(event.time))"
    }
}
