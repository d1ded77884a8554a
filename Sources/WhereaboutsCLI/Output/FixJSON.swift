import Foundation
import JSONCodec
import LocationService
import PositioningCore
import SurveyFormats

/// Fixes and region events for people and scripts: the geolocate response shape (with the
/// fallback trail, timestamp and `cached`) for `locate --json` and `watch --json`, a line of
/// text otherwise.
enum FixJSON {
    /// The geolocate response of a fix. A fix from the radio map says `"calibrated"` as `locate
    /// --request` does: true only when a stored factor for its own kind scaled its radius.
    static func response(for fix: LocationFix, extraFields: JSONObject = [:]) -> GeolocateResponse {
        var fields = extraFields
        if let calibrated = fix.estimate.isRadiusCalibrated { fields.append(key: "calibrated", value: .bool(calibrated)) }
        if fix.location.speed >= 0 { fields.append(key: "speed", value: .number((fix.location.speed * 100).rounded() / 100)) }
        if fix.location.course >= 0 { fields.append(key: "course", value: .number((fix.location.course * 10).rounded() / 10)) }
        if let reason = fix.significantChange { fields.append(key: "significantChange", value: .string(reason.description)) }
        return GeolocateResponse(
            estimate: fix.estimate, isCached: fix.isCached ? true : nil,
            fallbackTrail: fix.attempts.isEmpty ? nil : fix.attempts.map(\.jsonValue), includesTimestamp: true,
            extraFields: fields)
    }

    /// `52.520008, 13.404954 ± 25 m (68 %) from wifi`, with altitude when known.
    static func line(for fix: LocationFix) -> String {
        let location = fix.location
        var text = String(
            format: "%.6f, %.6f ± %.0f m (68 %%) from %@", location.coordinate.latitude, location.coordinate.longitude,
            location.horizontalAccuracy, location.source.rawValue)
        if location.verticalAccuracy > 0 { text += String(format: ", altitude %.0f m", location.altitude) }
        return text
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
