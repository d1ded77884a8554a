import Foundation

/// Fills in speed and course from successive fixes when the source does not report them
/// (cell and Wi-Fi fixes never do; a GNSS fix during a drop-out of the receiver's Doppler
/// solution may not).
///
/// Speed is the distance between the previous fix and this one over the time between them;
/// course is the bearing from the previous fix. Both stay unknown (negative) for the first fix,
/// when no time passed, and when the movement is smaller than the two fixes' combined
/// uncertainty — a "course" between two noisy fixes of a standing device is noise.
///
/// ```swift
/// var tracker = MotionTracker()
/// let completed = tracker.complete(fix)   // speed/course filled where derivable
/// ```
public struct MotionTracker: Hashable, Sendable {
    /// The fix before the next one.
    public private(set) var previous: Location?
    /// Longest gap in seconds across which speed is still derived.
    public var maximumInterval: Double

    /// Creates a tracker.
    public init(maximumInterval: Double = 120) {
        self.maximumInterval = maximumInterval
    }

    /// `location` with unknown speed and course derived from the previous fix where possible;
    /// remembers `location` for the next call.
    public mutating func complete(_ location: Location) -> Location {
        defer { previous = location }
        guard location.speed < 0 || location.course < 0, let previous else { return location }
        let interval = location.timestamp.timeIntervalSince(previous.timestamp)
        guard interval > 0, interval <= maximumInterval else { return location }
        let distance = Geodesy.distance(from: previous.coordinate, to: location.coordinate)
        var completed = location
        let noise = (previous.horizontalAccuracy * previous.horizontalAccuracy
            + location.horizontalAccuracy * location.horizontalAccuracy).squareRoot()
        if distance <= noise {
            // Not distinguishable from standing still: speed is bounded, course is unknown.
            if completed.speed < 0 && distance == 0 { completed.speed = 0 }
            return completed
        }
        if completed.speed < 0 { completed.speed = distance / interval }
        if completed.course < 0 { completed.course = Geodesy.bearing(from: previous.coordinate, to: location.coordinate) }
        return completed
    }
}
