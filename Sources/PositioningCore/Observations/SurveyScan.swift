import Foundation

/// One survey scan: what a surveyor heard at one place and moment, with that place as truth.
///
/// WiGLE logs observations rather than scans; rows sharing device (import), time and position
/// are taken as one scan, as `../shared/tools/ariel-split` does.
public struct SurveyScan: Hashable, Sendable {
    /// Where the surveyor's GPS put the scan.
    public var position: Coordinate
    /// The access points heard, each with its observation.
    public var accessPoints: [BSSID: SurveyObservation]
    /// The cells heard, each with its observation.
    public var cells: [CellIdentity: SurveyObservation]
    /// Which stretch of one surveyor's track the scan belongs to. Scans of one stretch share
    /// their GPS drift and are seconds apart, so cross-validation keeps them in one fold.
    public var track: Int64
    /// Which recording the scan came from (one import: one device's log, or one merged file).
    /// Scans of one recording made close in time share their GPS error.
    public var recording: Int64
    /// Which recording session of its recording the scan belongs to: one walk or drive, cut
    /// from the next where the recording's times pause longer than `SessionCutter.defaultGap`
    /// (a file that logs two walks is two sessions). A query comes from another session than
    /// the survey, so cells are calibrated with whole sessions held out (`CellHoldOut.session`).
    public var session: Int64
    /// When the scan was made; nil when the survey did not say.
    public var time: Date?

    public init(
        position: Coordinate, accessPoints: [BSSID: SurveyObservation] = [:], cells: [CellIdentity: SurveyObservation] = [:],
        track: Int64 = 0, recording: Int64 = 0, session: Int64 = 0, time: Date? = nil
    ) {
        self.position = position
        self.track = track
        self.recording = recording
        self.session = session
        self.time = time
        self.accessPoints = accessPoints
        self.cells = cells
    }

    /// The scan as a query: its access points and cells with their signal strengths.
    public var wifiObservations: [WiFiObservation] {
        accessPoints.sorted { $0.key.rawValue < $1.key.rawValue }.map { bssid, seen in
            WiFiObservation(bssid: bssid, signalStrength: seen.signalStrength, ssid: seen.ssid)
        }
    }

    /// The scan's cells as observations.
    public var cellObservations: [CellObservation] {
        cells.sorted { $0.key < $1.key }.map { identity, seen in
            CellObservation(identity: identity, signalStrength: seen.signalStrength)
        }
    }
}
