import PositioningCore

/// What a picture of the radio map shows: the access points and cells it knows in an area,
/// where its surveys went, and the places there, so a user sees what their map covers.
///
/// Large maps are sampled (see the `…Total` counts): a picture needs thousands of points, not
/// millions.
public struct CoverageMap: Hashable, Sendable {
    /// A known access point.
    public struct AccessPoint: Hashable, Sendable {
        public var coordinate: Coordinate
        public var status: EmitterStatus

        /// Creates one.
        public init(coordinate: Coordinate, status: EmitterStatus) {
            self.coordinate = coordinate
            self.status = status
        }
    }

    /// A known cell and its range.
    public struct Cell: Hashable, Sendable {
        public var coordinate: Coordinate
        /// Metres.
        public var radius: Double

        /// Creates one.
        public init(coordinate: Coordinate, radius: Double) {
            self.coordinate = coordinate
            self.radius = radius
        }
    }

    /// The centre of the area shown.
    public var center: Coordinate
    /// The radius of the area shown, metres.
    public var radius: Double
    public var accessPoints: [AccessPoint]
    public var cells: [Cell]
    /// Distinct positions where survey observations were recorded.
    public var track: [Coordinate]
    /// Populated places in the area, most populous first.
    public var places: [Place]
    /// How many access points, cells and survey positions the area holds before sampling.
    public var accessPointTotal: Int
    public var cellTotal: Int
    public var trackTotal: Int

    /// Creates the content of a coverage picture.
    public init(
        center: Coordinate, radius: Double, accessPoints: [AccessPoint], cells: [Cell], track: [Coordinate],
        places: [Place] = [], accessPointTotal: Int? = nil, cellTotal: Int? = nil, trackTotal: Int? = nil
    ) {
        self.center = center
        self.radius = radius
        self.accessPoints = accessPoints
        self.cells = cells
        self.track = track
        self.places = places
        self.accessPointTotal = accessPointTotal ?? accessPoints.count
        self.cellTotal = cellTotal ?? cells.count
        self.trackTotal = trackTotal ?? track.count
    }
}
