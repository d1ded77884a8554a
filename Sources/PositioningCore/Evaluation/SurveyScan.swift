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

    public init(
        position: Coordinate, accessPoints: [BSSID: SurveyObservation] = [:], cells: [CellIdentity: SurveyObservation] = [:]
    ) {
        self.position = position
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
