import Foundation
import PositioningCore

/// A `/v2/geosubmit` body read into survey rows: for each report, the emitters it heard at the
/// position it gives (Ichnaea geosubmit v2: `{"items":[{"timestamp","position":{"latitude",
/// "longitude","accuracy"},"wifiAccessPoints":[…],"cellTowers":[…]}]}`).
public struct GeosubmitReport: Hashable, Sendable {
    /// One sighting per emitter per report.
    public var rows: [SurveyRow]
    /// Reports left out (no valid position), and opted-out access points (`_nomap`) dropped.
    public var skipped: Int

    /// Reads a geosubmit body; a pure function.
    /// - Throws: `GeolocateParseError` when the body is not JSON, not an object, has no `items`
    ///   array or an item of the wrong shape (HTTP 400 `parseError`).
    public static func parse(_ bytes: some Collection<UInt8>) throws(GeolocateParseError) -> GeosubmitReport {
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw .malformedJSON(error)
        }
        guard case .object(let object) = document else { throw .notAnObject }
        guard case .array(let items)? = object["items"] else {
            throw .wrongType(field: "items", expected: "an array", found: object["items"]?.kindDescription ?? "missing")
        }
        var report = GeosubmitReport(rows: [], skipped: 0)
        for item in items {
            guard case .object(let fields) = item else {
                throw .wrongType(field: "items[]", expected: "an object", found: item.kindDescription)
            }
            let heard = try GeolocateRequest.parse(fields)
            guard let position = fields["position"]?.objectValue,
                  let latitude = position["latitude"]?.doubleValue, let longitude = position["longitude"]?.doubleValue,
                  let coordinate = Coordinate(validating: latitude, longitude) else {
                report.skipped += 1
                continue
            }
            // `timestamp` is Unix milliseconds; a report without one was made now.
            let time = fields["timestamp"]?.doubleValue.map { Date(timeIntervalSince1970: $0 / 1000) } ?? Date()
            let accuracy = position["accuracy"]?.doubleValue.flatMap { $0.isFinite && $0 > 0 ? $0 : nil }
            for accessPoint in heard.wifiAccessPoints {
                guard !accessPoint.isOptedOut else {
                    report.skipped += 1
                    continue
                }
                report.rows.append(.accessPoint(accessPoint.bssid, SurveyObservation(
                    position: coordinate, positionAccuracy: accuracy, signalStrength: accessPoint.signalStrength,
                    time: time, ssid: accessPoint.ssid)))
            }
            for cell in heard.cellTowers {
                report.rows.append(.cellObservation(cell.identity, SurveyObservation(
                    position: coordinate, positionAccuracy: accuracy, signalStrength: cell.signalStrength, time: time)))
            }
        }
        return report
    }
}
