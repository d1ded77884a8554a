import Foundation
import Geolocation
import PositioningCore
import RadioMap

/// One geolocate request through the `Geolocation` library, as a server or an app without Core
/// Location would make it: what one Wi-Fi scan (and the modem) heard, answered from a radio map
/// by the same pipeline `whereabouts locate --request` and `serve` answer with.
public enum OneRequest {
    /// The answer for what one scan heard, from the radio map at `radioMapPath`.
    /// - Throws: `RadioMapError` when the map cannot be read.
    public static func answer(
        wifi: [WiFiObservation], cells: [CellObservation] = [], radioMapPath: String
    ) throws -> GeolocationAnswer {
        let map = try RadioMap(path: radioMapPath, mode: .readOnly)
        // An engine loads what the map stores once; a geolocator answers on one thread.
        let geolocator = try GeolocationEngine(radioMap: map).geolocator(using: map)
        return try geolocator.answer(to: GeolocateRequest(wifiAccessPoints: wifi, cellTowers: cells, considerIp: false))
    }

    /// The answer as the sample prints it: the position with its two radii, how it was
    /// computed, from how many emitters, and the place it is near.
    public static func lines(for answer: GeolocationAnswer) -> [String] {
        guard let location = answer.location, let method = answer.method else { return ["not found"] }
        var lines = [
            String(
                format: "answer: %.5f, %.5f ±%.0f m (68 %%), ±%.0f m (95 %%) from %@", location.coordinate.latitude,
                location.coordinate.longitude, location.horizontalAccuracy, location.accuracy95, location.source.rawValue),
            "method: \(method.rawValue), \(answer.used.count) emitters used, \(answer.rejected.count) set aside",
        ]
        if let nearby = answer.place { lines.append("place: \(GeolocationText.description(of: nearby))") }
        return lines
    }
}
