/// Core Location's `distanceFilter`: a fix is delivered only when it lies at least `metres`
/// from the last fix that was *delivered* (not merely the last one seen), so slow drift below
/// the threshold cannot creep past it one small step at a time.
///
/// ```swift
/// var filter = DistanceFilter(metres: 50)
/// filter.admit(fix)   // true for the first fix, then only after 50 m of movement
/// ```
public struct DistanceFilter: Hashable, Sendable {
    /// The threshold in metres; nil delivers every fix (`kCLDistanceFilterNone`).
    public var metres: Double?
    /// The last fix this filter let through.
    public private(set) var lastDelivered: Location?

    /// Creates a filter; `metres` nil or ≤ 0 lets every fix through.
    public init(metres: Double? = nil) {
        self.metres = metres.flatMap { $0 > 0 ? $0 : nil }
    }

    /// Whether `location` should be delivered; when it is, it becomes the reference.
    public mutating func admit(_ location: Location) -> Bool {
        if let metres, let lastDelivered,
            Geodesy.distance(from: lastDelivered.coordinate, to: location.coordinate) < metres
        {
            return false
        }
        lastDelivered = location
        return true
    }

    /// Forgets the reference, so the next fix is delivered (a new observer's first fix).
    public mutating func reset() {
        lastDelivered = nil
    }
}
