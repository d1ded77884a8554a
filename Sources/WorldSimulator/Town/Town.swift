import PositioningCore

/// A deterministic synthetic town: streets, routers in buildings, phone hotspots and cell
/// towers, generated from a `TownSpecification`.
///
/// Building a town is cheap (no survey is made until you ask for one); the same specification
/// always gives the same town.
///
/// ```swift
/// let town = Town(TownSpecification(seed: 1, centre: Coordinate(latitude: 69.65, longitude: 18.96)))
/// print(town.accessPoints.count, town.cells.count)   // e.g. 452 15
/// let summary = try TownWriter(town: town).write(to: "/tmp/town")
/// ```
public struct Town: Sendable {
    /// What the town was built from.
    public let specification: TownSpecification
    /// Converts the town's east/north metres to latitude and longitude.
    public let plane: LocalTangentPlane
    /// The street grid surveys, queries and walks follow.
    public let streets: StreetGrid
    /// Every router BSSID, indexed by `SimulatedAccessPoint.index`.
    public let accessPoints: [SimulatedAccessPoint]
    /// The surveyors' phone hotspots, indexed by surveyor.
    public let hotspots: [PhoneHotspot]
    /// Every cell sector, indexed by `SimulatedCell.index`.
    public let cells: [SimulatedCell]

    let propagation: RadioPropagation
    let surveyedIndex: AccessPointIndex
    let currentIndex: AccessPointIndex

    /// Builds the town described by `specification`.
    public init(_ specification: TownSpecification) {
        self.specification = specification
        plane = LocalTangentPlane(origin: specification.centre)
        streets = StreetGrid(extent: specification.size.extentMeters, spacing: specification.size.streetSpacingMeters)
        var accessPointFactory = AccessPointFactory(specification: specification, grid: streets)
        accessPoints = accessPointFactory.makeAccessPoints()
        hotspots = accessPointFactory.makeHotspots()
        var cellFactory = CellSiteFactory(specification: specification, grid: streets)
        cells = cellFactory.makeCells()
        propagation = RadioPropagation(seed: specification.seed, shadowingSigma: specification.shadowingSigma)
        surveyedIndex = AccessPointIndex(positions: accessPoints.map(\.surveyedPosition))
        currentIndex = AccessPointIndex(positions: accessPoints.map(\.currentPosition))
    }

    /// The latitude and longitude of a position in the town's frame (longitudes wrap into
    /// −180…180, so a town on the antimeridian has points on both sides).
    public func coordinate(of position: PlanePosition) -> Coordinate {
        plane.unproject(east: position.east, north: position.north)
    }
}
