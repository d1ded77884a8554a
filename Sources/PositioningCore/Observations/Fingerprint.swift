import Foundation

/// A Wi-Fi fingerprint: the signal of every access point heard at one surveyed spot, with the
/// spot's floor and building where the survey gives them (UJIIndoorLoc and similar tables).
public struct Fingerprint: Hashable, Sendable {
    /// Where the fingerprint was taken (WGS84).
    public var position: Coordinate
    /// The floor (0 = ground floor in UJIIndoorLoc), when known.
    public var floor: Int?
    /// The building's identifier in the survey, when known.
    public var building: String?
    /// When it was taken.
    public var time: Date?
    /// Signal strength in dBm per access point, keyed by the survey's column name (`WAP001`):
    /// such tables anonymise the BSSIDs.
    public var readings: [FingerprintReading]

    /// Creates a fingerprint.
    public init(position: Coordinate, floor: Int?, building: String?, time: Date?, readings: [FingerprintReading]) {
        self.position = position
        self.floor = floor
        self.building = building
        self.time = time
        self.readings = readings
    }
}

/// One access point's signal in a fingerprint.
public struct FingerprintReading: Hashable, Sendable {
    /// The access point's name in the survey (`WAP001`).
    public var accessPoint: String
    /// The signal strength, dBm.
    public var signalStrength: Double

    /// Creates a reading.
    public init(accessPoint: String, signalStrength: Double) {
        self.accessPoint = accessPoint
        self.signalStrength = signalStrength
    }
}
