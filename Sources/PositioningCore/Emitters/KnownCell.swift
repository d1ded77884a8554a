import Foundation

/// A cell tower as the radio map knows it.
public struct KnownCell: Hashable, Sendable {
    public var identity: CellIdentity
    public var coordinate: Coordinate
    /// Metres from `coordinate` within which the cell is heard (OpenCellID's `range`).
    public var radius: Double
    public var sampleCount: Int
    public var firstSeen: Date?
    public var lastSeen: Date?
    public var status: EmitterStatus
    /// The signal level in dBm below which the faintest quarter of the survey's sightings of
    /// the cell were heard (`faintSignal(of:)`; for a published cell, the survey's sightings of
    /// it); nil for a cell with fewer than `minimumSignalsForFaintness` sightings that carry a
    /// level (a published cell the survey never heard, among them). A
    /// query hearing the cell fainter than this stands farther from its tower than most of the
    /// survey did (`RadiusCalibration.Source.cellFaint`).
    public var faintSignal: Double?

    public init(
        identity: CellIdentity, coordinate: Coordinate, radius: Double, sampleCount: Int,
        firstSeen: Date? = nil, lastSeen: Date? = nil, status: EmitterStatus = .usable, faintSignal: Double? = nil
    ) {
        self.faintSignal = faintSignal
        self.identity = identity
        self.coordinate = coordinate
        self.radius = radius
        self.sampleCount = sampleCount
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.status = status
    }
}

extension KnownCell {
    /// The fewest sightings with a signal level whose faintest quarter says anything: four,
    /// so that the quarter holds at least one.
    public static let minimumSignalsForFaintness = 4

    /// The lower quartile of `levels` (dBm; the level a quarter of them lie below, the nearest
    /// rank at or under it), or nil for fewer than `minimumSignalsForFaintness`. The one rule
    /// for survey sightings in memory and for the map's stored observations.
    public static func faintSignal(of levels: [Double]) -> Double? {
        guard levels.count >= minimumSignalsForFaintness else { return nil }
        let sorted = levels.sorted()
        return sorted[(sorted.count - 1) / 4]
    }

    /// This cell with `faintSignal` from the signal levels of `sightings`: how a published
    /// cell, placed by its publisher rather than by the survey, is still judged by how the
    /// survey heard it (calibration passes the sightings its hold-out keeps; `locate` every
    /// stored one).
    public func withFaintSignal(from sightings: [SurveyObservation]) -> KnownCell {
        var cell = self
        cell.faintSignal = Self.faintSignal(of: sightings.compactMap(\.signalStrength))
        return cell
    }
}

/// A location/tracking area as the radio map knows it: the centroid of its known cells.
public struct KnownArea: Hashable, Sendable {
    public var identity: AreaIdentity
    public var coordinate: Coordinate
    /// Metres from `coordinate` that cover the area's cells and their ranges.
    public var radius: Double
    public var cellCount: Int

    public init(identity: AreaIdentity, coordinate: Coordinate, radius: Double, cellCount: Int) {
        self.identity = identity
        self.coordinate = coordinate
        self.radius = radius
        self.cellCount = cellCount
    }
}
