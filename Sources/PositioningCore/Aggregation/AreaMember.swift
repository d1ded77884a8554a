/// A cell as its area's aggregation sees it: where it is, how far it reaches, whether it counts.
public struct AreaMember: Sendable {
    public var coordinate: Coordinate
    public var radius: Double
    public var isUsable: Bool

    public init(coordinate: Coordinate, radius: Double, isUsable: Bool) {
        self.coordinate = coordinate
        self.radius = radius
        self.isUsable = isUsable
    }
}
