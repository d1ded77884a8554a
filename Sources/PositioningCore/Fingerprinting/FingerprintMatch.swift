/// What a fingerprint match found: a position, the floor and building its neighbours vote
/// for, and how close and how well supported the match is (which decides whether it is trusted
/// over the access-point centroid).
public struct FingerprintMatch: Hashable, Sendable {
    /// The weighted centroid of the nearest fingerprints.
    public var coordinate: Coordinate
    /// The floor the neighbours in the chosen building vote for, when the fingerprints have floors.
    public var floor: Int?
    /// The building the neighbours vote for, when the fingerprints name buildings.
    public var building: String?
    /// The weighted RMS distance in metres of the neighbours from `coordinate`.
    public var spread: Double
    /// Signal-space distance to the nearest fingerprint (Sørensen: 0 = identical, 1 = nothing shared).
    public var bestDistance: Double
    /// Access points the scan shares with the nearest fingerprint.
    public var sharedAccessPoints: Int
    /// Access points in the scan.
    public var heardAccessPoints: Int
    /// Access points in the scan that no fingerprint heard.
    public var unknownAccessPoints: Int
    /// How many neighbours voted and averaged.
    public var neighbours: Int

    /// Creates a match.
    public init(
        coordinate: Coordinate, floor: Int?, building: String?, spread: Double, bestDistance: Double,
        sharedAccessPoints: Int, heardAccessPoints: Int, unknownAccessPoints: Int, neighbours: Int
    ) {
        self.coordinate = coordinate
        self.floor = floor
        self.building = building
        self.spread = spread
        self.bestDistance = bestDistance
        self.sharedAccessPoints = sharedAccessPoints
        self.heardAccessPoints = heardAccessPoints
        self.unknownAccessPoints = unknownAccessPoints
        self.neighbours = neighbours
    }
}
