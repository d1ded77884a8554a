import PositioningCore

/// How far the truth lies outside what the radio map knows of the heard access points: the
/// distance from the true position to the convex hull of their stored positions.
///
/// An estimator that answers a weighted average of those positions — Whereabouts' and Ichnaea's
/// centroids — answers inside that hull, so for every query its error is at least this distance,
/// and so is every percentile of its errors. The floor tells a map's gaps from an estimator's
/// faults: when the floor's p90 is already near a target, no re-weighting reaches it.
///
/// ```swift
/// var floor = MapFloor()
/// floor.add(truth: truth, knownPositions: input.accessPoints.values.map(\.coordinate))
/// print(floor.statistics.p90, floor.outsideFraction)
/// ```
public struct MapFloor: Hashable, Sendable {
    /// One distance per query that heard at least one access point the map holds, metres.
    public private(set) var distances: [Double] = []

    public init() {}

    /// Records one query: its true position and the map's positions of the access points it heard.
    /// A query that heard none the map holds has no floor and is not counted.
    public mutating func add(truth: Coordinate, knownPositions: [Coordinate]) {
        guard !knownPositions.isEmpty else { return }
        distances.append(Self.distanceOutsideHull(of: knownPositions, from: truth))
    }

    /// Adds the queries `other` counted (pooling evaluations).
    public mutating func merge(_ other: MapFloor) {
        distances += other.distances
    }

    /// The distances' median, p68, p90 and p95 (every query counts as answered).
    public var statistics: ErrorStatistics {
        ErrorStatistics(queries: distances.count, errors: distances, insideRadius: 0)
    }

    /// Share of the counted queries whose truth lies outside the hull, 0…1 (0 when none).
    public var outsideFraction: Double {
        distances.isEmpty ? 0 : Double(distances.count { $0 > 0 }) / Double(distances.count)
    }

    /// Metres from `truth` to the convex hull of `points` (0 inside it); for one point the distance
    /// to it, for collinear points the distance to the segment they span.
    /// - Precondition: `points` is not empty.
    public static func distanceOutsideHull(of points: [Coordinate], from truth: Coordinate) -> Double {
        precondition(!points.isEmpty, "a hull needs a point")
        let plane = LocalTangentPlane(origin: truth)
        let hull = convexHull(points.map { point in
            let projected = plane.project(point)
            return Point(x: projected.east, y: projected.north)
        })
        let origin = Point(x: 0, y: 0)
        if hull.count == 1 { return hull[0].length }
        let edges = hull.indices.map { (hull[$0], hull[($0 + 1) % hull.count]) }
        // Counter-clockwise: the truth is inside when it lies left of (or on) every edge.
        if hull.count >= 3, edges.allSatisfy({ cross($0.0, $0.1, origin) >= 0 }) { return 0 }
        return edges.map { distance(from: origin, toSegment: $0.0, $0.1) }.min() ?? hull[0].length
    }

    struct Point: Hashable, Comparable {
        var x: Double
        var y: Double
        var length: Double { (x * x + y * y).squareRoot() }
        static func < (lhs: Point, rhs: Point) -> Bool { (lhs.x, lhs.y) < (rhs.x, rhs.y) }
    }

    /// Twice the signed area of the triangle o, a, b: positive when b lies left of o → a.
    static func cross(_ o: Point, _ a: Point, _ b: Point) -> Double {
        (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x)
    }

    /// The hull's corners counter-clockwise (Andrew's monotone chain); one or two points when the
    /// input is a single point or collinear.
    static func convexHull(_ points: [Point]) -> [Point] {
        let sorted = Array(Set(points)).sorted()
        guard sorted.count > 2 else { return sorted }
        func chain(_ ordered: some Sequence<Point>) -> [Point] {
            var chain: [Point] = []
            for point in ordered {
                while chain.count >= 2, cross(chain[chain.count - 2], chain[chain.count - 1], point) <= 0 {
                    chain.removeLast()
                }
                chain.append(point)
            }
            return chain
        }
        let hull = chain(sorted).dropLast() + chain(sorted.reversed()).dropLast()
        return Array(hull)
    }

    static func distance(from point: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(1, max(0, ((point.x - a.x) * dx + (point.y - a.y) * dy) / lengthSquared)) : 0
        return Point(x: a.x + t * dx - point.x, y: a.y + t * dy - point.y).length
    }
}
