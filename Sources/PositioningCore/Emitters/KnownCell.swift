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

    public init(
        identity: CellIdentity, coordinate: Coordinate, radius: Double, sampleCount: Int,
        firstSeen: Date? = nil, lastSeen: Date? = nil, status: EmitterStatus = .usable
    ) {
        self.identity = identity
        self.coordinate = coordinate
        self.radius = radius
        self.sampleCount = sampleCount
        self.firstSeen = firstSeen
        self.lastSeen = lastSeen
        self.status = status
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
