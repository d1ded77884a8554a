import Foundation
import JSONCodec
import PositioningCore

/// Turns one item of an Ichnaea geosubmit v2 document into survey rows.
///
/// An item is `{"timestamp": ms, "position": {"latitude", "longitude", "accuracy", "altitude",
/// "speed", "heading", "source"}, "wifiAccessPoints": […], "cellTowers": […]}` — or v1's shape,
/// with the position's fields on the item itself, or v0's (`/v1/submit`: `lat`, `lon`, `time`,
/// `wifi`, `cell`), which GeoClue 2.6 sends; each access
/// point and cell it heard becomes one sighting at the position. The emitter entries follow the
/// geolocate API (`GeolocateRequest.parse`), so unusable entries are left out there; opted-out
/// networks are left out here, and an emitter listed twice counts once.
///
/// An emitter's `age` (milliseconds since it was last heard) against the position's own `age`
/// says how long before or after the fix it was heard: its sighting is timed then, and its
/// position accuracy grows by that gap times the item's `speed`. An emitter heard more than
/// `maximumGap` from the fix — a scan cache's leftover — is left out, as Ichnaea gives it no
/// weight.
public enum GeosubmitItemParser {
    /// Seconds between hearing and fix beyond which a sighting is left out (Ichnaea's 20 s).
    public static let maximumGap = 20.0

    /// The sightings of `item`.
    /// - Throws: `SurveyRowError` when the item has no valid position or nothing usable.
    public static func rows(from item: JSONValue) throws(SurveyRowError) -> [SurveyRow] {
        guard case .object(let object) = item else {
            throw SurveyRowError(reason: "not an object", detail: "item is \(item.kindDescription), not an object")
        }
        // GeoClue 2.6's uploads are Ichnaea's v0 items (`lat`, `lon`, `wifi`, `cell`).
        if let converted = version2Item(fromVersion0: object) { return try rows(from: .object(converted)) }
        // Ichnaea's v1 geosubmit has the position's fields on the item.
        guard let place = object["position"]?.objectValue ?? (object["latitude"] != nil ? object : nil) else {
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
        let speed = place["speed"]?.doubleValue.flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
        let fixAge = place["age"]?.doubleValue.flatMap { $0.isFinite ? $0 : nil } ?? 0
        var leftovers = 0
        /// The sighting of an emitter last heard `age` ms before the report (at the fix when its
        /// age is unknown), or nil when it was heard too far from the fix.
        func sighting(age: Int?, signal: Double?, ssid: String?) -> SurveyObservation? {
            guard let age else {
                return SurveyObservation(
                    position: position, positionAccuracy: accuracy, signalStrength: signal, time: time, ssid: ssid)
            }
            let gap = abs(Double(age) - fixAge) / 1000
            guard gap <= maximumGap else {
                leftovers += 1
                return nil
            }
            return SurveyObservation(
                position: position, positionAccuracy: accuracy.map { $0 + gap * (speed ?? 0) }, signalStrength: signal,
                time: time?.addingTimeInterval(-Double(age) / 1000), ssid: ssid)
        }
        let request: GeolocateRequest
        do {
            request = try GeolocateRequest.parse(object)
        } catch {
            throw SurveyRowError(reason: "invalid emitters", detail: "\(error)")
        }
        var rows: [SurveyRow] = []
        var seenAccessPoints = Set<BSSID>()
        for accessPoint in request.wifiAccessPoints where !accessPoint.isOptedOut {
            guard seenAccessPoints.insert(accessPoint.bssid).inserted,
                let seen = sighting(age: accessPoint.age, signal: accessPoint.signalStrength, ssid: accessPoint.ssid)
            else { continue }
            rows.append(.accessPoint(accessPoint.bssid, seen))
        }
        var seenCells = Set<CellIdentity>()
        for cell in request.cellTowers {
            guard seenCells.insert(cell.identity).inserted,
                let seen = sighting(age: cell.age, signal: cell.signalStrength, ssid: nil)
            else { continue }
            rows.append(.cellObservation(cell.identity, seen))
        }
        guard !rows.isEmpty else {
            let detail = leftovers > 0
                ? "every emitter was heard more than \(Int(maximumGap)) s from the position fix"
                : request.skippedEntries.first ?? "item lists no access point or cell"
            throw SurveyRowError(reason: "no usable emitters", detail: detail)
        }
        return rows
    }
}
