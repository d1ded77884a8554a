import Foundation

/// Turns one item of an Ichnaea geosubmit v2 document into survey rows.
///
/// An item is `{"timestamp": ms, "position": {"latitude", "longitude", "accuracy", "altitude",
/// "speed", "heading", "source"}, "wifiAccessPoints": […], "cellTowers": […]}`; each access
/// point and cell it heard becomes one sighting at the position. The emitter entries follow the
/// geolocate API (`GeolocateRequest.parse`), so unusable entries are left out there; opted-out
/// networks are left out here, and an emitter listed twice counts once.
public enum GeosubmitItemParser {
    /// The sightings of `item`.
    /// - Throws: `SurveyRowError` when the item has no valid position or nothing usable.
    public static func rows(from item: JSONValue) throws(SurveyRowError) -> [SurveyRow] {
        guard case .object(let object) = item else {
            throw SurveyRowError(reason: "not an object", detail: "item is \(item.kindDescription), not an object")
        }
        guard case .object(let place)? = object["position"] else {
            throw SurveyRowError(reason: "missing position", column: "position", detail: "item has no position object")
        }
        guard let latitude = place["latitude"]?.doubleValue, let longitude = place["longitude"]?.doubleValue else {
            throw SurveyRowError(reason: SurveyRowError.invalidCoordinateReason, column: "position",
                                 detail: "position lacks a numeric latitude or longitude")
        }
        let position = try SurveyField.coordinate(
            latitude: String(latitude), longitude: String(longitude),
            latitudeColumn: "latitude", longitudeColumn: "longitude")
        let accuracy = place["accuracy"]?.doubleValue.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
        let time = object["timestamp"]?.doubleValue.flatMap { $0 > 0 ? Date(timeIntervalSince1970: $0 / 1000) : nil }
        let request: GeolocateRequest
        do {
            request = try GeolocateRequest.parse(object)
        } catch {
            throw SurveyRowError(reason: "invalid emitters", detail: "\(error)")
        }
        var rows: [SurveyRow] = []
        var seenAccessPoints = Set<BSSID>()
        for accessPoint in request.wifiAccessPoints where !accessPoint.isOptedOut {
            guard seenAccessPoints.insert(accessPoint.bssid).inserted else { continue }
            rows.append(.accessPoint(accessPoint.bssid, SurveyObservation(
                position: position, positionAccuracy: accuracy, signalStrength: accessPoint.signalStrength,
                time: time, ssid: accessPoint.ssid)))
        }
        var seenCells = Set<CellIdentity>()
        for cell in request.cellTowers {
            guard seenCells.insert(cell.identity).inserted else { continue }
            rows.append(.cellObservation(cell.identity, SurveyObservation(
                position: position, positionAccuracy: accuracy, signalStrength: cell.signalStrength, time: time)))
        }
        guard !rows.isEmpty else {
            throw SurveyRowError(reason: "no usable emitters",
                                 detail: request.skippedEntries.first ?? "item lists no access point or cell")
        }
        return rows
    }
}
