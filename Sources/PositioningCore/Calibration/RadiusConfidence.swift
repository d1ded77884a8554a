/// Which circle a radius promises: the one that holds the truth with 68 % probability (Core
/// Location's and Android's `horizontalAccuracy`) or with 95 % (the geolocate API's and the W3C
/// Geolocation API's `accuracy`).
public enum RadiusConfidence: Int, Hashable, Sendable, CaseIterable {
    case percent68 = 68
    case percent95 = 95

    /// The coverage as a fraction: 0.68 or 0.95.
    public var coverage: Double { Double(rawValue) / 100 }
}
