import Foundation
import PositioningCore

/// Tells gpsd's reports of a new receiver epoch from its further reports of the one before.
///
/// Until gpsd has learned which sentence ends a receiver's cycle, it sends a TPV after each
/// sentence: a 10 Hz receiver's first epoch (GGA, GSA, RMC) arrives as three TPVs of one
/// position, the first two without `time`, which only RMC's date completes. Handed on as three
/// fixes, one epoch would count as three readings. A report is a revision of the last fix when
/// it has the same position and is not known to be later: the same `time`, or a report without
/// one arriving within `cycleWindow` of it (gpsd's repeats of one cycle come within its burst of
/// sentences; the slowest common receiver sends an epoch a second).
struct GPSDEpochs {
    /// The longest a cycle's reports without `time` may be apart to count as one epoch.
    static let cycleWindow: Duration = .seconds(1)

    private var last: (coordinate: Coordinate, time: Date?, arrived: ContinuousClock.Instant)?

    /// Whether a fix at `coordinate` with the receiver's `time` (nil when the report had none),
    /// arriving at `arrived`, revises the last fix rather than starting an epoch; remembers it
    /// either way.
    mutating func isRevision(time: Date?, at coordinate: Coordinate, arrived: ContinuousClock.Instant) -> Bool {
        let revision: Bool
        if let last, last.coordinate == coordinate {
            if let time, let lastTime = last.time {
                revision = time == lastTime
            } else {
                revision = arrived - last.arrived <= Self.cycleWindow
            }
        } else {
            revision = false
        }
        // A revision keeps the epoch's time once any of its reports has said it.
        last = (coordinate, time ?? (revision ? last?.time : nil), arrived)
        return revision
    }
}
