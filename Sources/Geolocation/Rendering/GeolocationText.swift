import Foundation
import PositioningCore
import RadioMap

/// Fixes as text for people, written one way for `locate` and `watch`.
///
/// ```swift
/// print(GeolocationText.line(for: location))  // 52.520008, 13.404954 ± 25 m (68 %), ± 41 m (95 %) from wifi
/// ```
public enum GeolocationText {
    /// `52.520008, 13.404954 ± 25 m (68 %), ± 41 m (95 %) from wifi`, with altitude when known.
    public static func line(for location: Location) -> String {
        var text = String(
            format: "%.6f, %.6f ± %.0f m (68 %%), ± %.0f m (95 %%) from %@", location.coordinate.latitude,
            location.coordinate.longitude, location.horizontalAccuracy, location.accuracy95, location.source.rawValue)
        if location.verticalAccuracy > 0 { text += String(format: ", altitude %.0f m", location.altitude) }
        return text
    }

    /// "350 m from Mitte, Berlin, Germany" / "in Mitte, …" when closer than 50 m.
    public static func description(of nearby: NearbyPlace) -> String {
        let distance = nearby.distance
        guard distance >= 50 else { return "in \(nearby.place.displayName)" }
        let text = distance >= 1000 ? String(format: "%.1f km", distance / 1000) : "\(Int(distance.rounded())) m"
        return "\(text) from \(nearby.place.displayName)"
    }
}
