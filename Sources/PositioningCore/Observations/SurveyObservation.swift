import Foundation

/// One sighting of an emitter during a survey: where the surveyor was and what they heard.
///
/// The radio map stores these raw and aggregates them into `KnownAccessPoint`/`KnownCell`
/// entries with `EmitterAggregator`.
public struct SurveyObservation: Hashable, Sendable {
    /// The surveyor's GPS position when the emitter was heard.
    public var position: Coordinate
    /// The GPS fix's accuracy in metres as the survey reported it; nil when unknown.
    public var positionAccuracy: Double?
    /// Received signal strength in dBm; nil when unknown.
    public var signalStrength: Double?
    /// When it was heard; nil when the survey did not know (WiGLE writes 1970-01-01).
    public var time: Date?
    /// The network name seen with it, if any.
    public var ssid: String?

    public init(
        position: Coordinate, positionAccuracy: Double? = nil, signalStrength: Double? = nil,
        time: Date? = nil, ssid: String? = nil
    ) {
        self.position = position
        self.positionAccuracy = positionAccuracy
        self.signalStrength = signalStrength
        self.time = time
        self.ssid = ssid
    }
}
