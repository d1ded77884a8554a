/// A circle to monitor for entry and exit, as Core Location's `CLCircularRegion`.
///
/// ```swift
/// let home = CircularRegion(id: "home", center: Coordinate(latitude: 52.52, longitude: 13.405), radius: 150)
/// home.cushion   // 10 m: max(10 m, 5 % of the radius)
/// ```
public struct CircularRegion: Hashable, Sendable, Identifiable {
    /// The caller's name for the region; unique among the monitored regions.
    public var id: String
    /// The centre, WGS84.
    public var center: Coordinate
    /// The radius in metres.
    public var radius: Double

    /// Creates a region; `RegionMonitor` and `LocationManager` check the values.
    public init(id: String, center: Coordinate, radius: Double) {
        self.id = id
        self.center = center
        self.radius = radius
    }

    /// How far beyond the boundary a position must be before a crossing counts:
    /// max(10 m, 5 % of the radius).
    public var cushion: Double {
        max(10, radius * 0.05)
    }

    /// Why the region cannot be monitored, or nil when it can: an empty id, an invalid centre,
    /// a radius that is not positive and finite.
    public var problem: String? {
        if id.isEmpty { return "a region needs a non-empty id" }
        if !center.isValid { return "region \(id): centre \(center) is not a valid coordinate" }
        if !(radius > 0 && radius.isFinite) { return "region \(id): radius must be a positive number of metres" }
        return nil
    }

    /// Parses `ID=LAT,LON,RADIUS` (the `watch --region` form), nil when malformed.
    public init?(parsing text: String) {
        guard let equals = text.firstIndex(of: "=") else { return nil }
        let id = String(text[..<equals])
        let numbers = text[text.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
        guard numbers.count == 3, let latitude = Double(numbers[0]), let longitude = Double(numbers[1]),
            let radius = Double(numbers[2]), let center = Coordinate(validating: latitude, longitude)
        else { return nil }
        self.init(id: id, center: center, radius: radius)
        guard problem == nil else { return nil }
    }
}
