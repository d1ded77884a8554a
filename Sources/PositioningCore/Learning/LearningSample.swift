import Foundation

/// One moment of what the laptop heard, offered to learning: the time, the GNSS fix if any,
/// and the Wi-Fi and cell scans.
///
/// ```swift
/// let sample = LearningSample(
///     time: Date(), fix: .init(coordinate: here, accuracy: 6, time: Date(), speed: 1.4),
///     wifi: scan, cells: [servingCell])
/// ```
public struct LearningSample: Hashable, Sendable {
    /// A GNSS fix as gpsd reports it (accuracy as a 68 % radius).
    public struct Fix: Hashable, Sendable {
        public var coordinate: Coordinate
        /// 68 % horizontal radius in metres.
        public var accuracy: Double
        /// When the fix was made.
        public var time: Date
        /// Ground speed in m/s; nil when unknown.
        public var speed: Double?

        public init(coordinate: Coordinate, accuracy: Double, time: Date, speed: Double? = nil) {
            self.coordinate = coordinate
            self.accuracy = accuracy
            self.time = time
            self.speed = speed
        }
    }

    /// When the scans were made (each observation's `age` counts back from it).
    public var time: Date
    public var fix: Fix?
    public var wifi: [WiFiObservation]
    public var cells: [CellObservation]

    public init(time: Date, fix: Fix?, wifi: [WiFiObservation] = [], cells: [CellObservation] = []) {
        self.time = time
        self.fix = fix
        self.wifi = wifi
        self.cells = cells
    }
}
