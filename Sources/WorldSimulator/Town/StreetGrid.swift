/// The town's streets: a square grid of straight streets `spacing` metres apart, centred on
/// the town centre. Intersections are numbered (column, row) from the south-west corner.
public struct StreetGrid: Hashable, Sendable {
    /// Width and height of the grid in metres.
    public let extent: Double
    /// Distance between neighbouring parallel streets.
    public let spacing: Double
    /// Number of street lines in each direction.
    public let lineCount: Int

    /// Creates the grid for a town `extent` metres across.
    public init(extent: Double, spacing: Double) {
        self.spacing = spacing
        self.lineCount = Int((extent / spacing).rounded(.down)) + 1
        self.extent = Double(lineCount - 1) * spacing
    }

    /// Total length of all streets, metres.
    public var totalStreetLength: Double {
        2 * Double(lineCount) * extent
    }

    /// The position of intersection (`column`, `row`).
    public func intersection(column: Int, row: Int) -> PlanePosition {
        PlanePosition(east: -extent / 2 + Double(column) * spacing, north: -extent / 2 + Double(row) * spacing)
    }

    /// A uniformly random point on some street, with a sideways offset of up to `lateral` metres.
    func randomStreetPoint(lateral: Double, using random: inout SeededRandomNumberGenerator) -> PlanePosition {
        let along = random.nextDouble(in: -extent / 2...extent / 2)
        let across = -extent / 2 + Double(random.nextInt(below: lineCount)) * spacing
            + random.nextDouble(in: -lateral...lateral)
        return random.nextBool(probability: 0.5)
            ? PlanePosition(east: along, north: across) : PlanePosition(east: across, north: along)
    }

    /// A uniformly random point inside a block, at least `margin` metres from every street.
    func randomBuildingPoint(margin: Double, using random: inout SeededRandomNumberGenerator) -> PlanePosition {
        let blocks = max(lineCount - 1, 1)
        let inset = min(margin, spacing / 3)
        func coordinate(_ random: inout SeededRandomNumberGenerator) -> Double {
            let block = Double(random.nextInt(below: blocks))
            return -extent / 2 + block * spacing + random.nextDouble(in: inset...spacing - inset)
        }
        let east = coordinate(&random)
        return PlanePosition(east: east, north: coordinate(&random))
    }
}
