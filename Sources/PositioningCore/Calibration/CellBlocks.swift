import Foundation

/// Spatial blocks for refitting a survey's cells while a scan is held out, so that the held-out
/// scan stands as far from the refit cell's remaining sightings as a real query stands from the
/// cell's sightings.
///
/// A survey scan sits among its cell's other sightings (the surveyor walked on), so a cell refit
/// without the scan alone is the cell as the scan's neighbours place it, and its error is the
/// error of a query standing on the surveyed street. A real query stands anywhere the cell is
/// heard: a cell learned from one street and heard across town is queried far from every
/// sighting. Each cell's *gaps* measure that: points spread evenly over the disk the cell's
/// sightings span (its centre and radius from the full survey), each with its distance to the
/// nearest sighting. A held-out scan is refit without every sighting of the cell (from any
/// recording) closer to it than one of those gaps, chosen by a seeded hash of the scan and the
/// cell, so the held-out scans face the gaps the cell's queries face. A densely surveyed cell
/// has small gaps and its refits hardly change; a cell surveyed on one street has gaps up to
/// its radius, and its refits move as a query across town sees them move.
///
/// ```swift
/// let blocks = CellBlocks(cells: fullSurveyCells, sightings: positions)
/// let radius = blocks.blockRadius(for: identity, scanIndex: 7, seed: 1)
/// ```
struct CellBlocks {
    /// How many points of each cell's disk are measured (a sunflower spiral, evenly spread).
    static let probeCount = 64

    /// Per cell, the probes' distances to its nearest sighting, ascending.
    private var gaps: [CellIdentity: [Double]] = [:]

    /// Gaps for every cell of `cells` that has sightings in `sightings`.
    init(cells: [CellIdentity: KnownCell], sightings: [CellIdentity: [Coordinate]]) {
        for (identity, positions) in sightings where !positions.isEmpty {
            guard let cell = cells[identity] else { continue }
            gaps[identity] = Self.gaps(centre: cell.coordinate, radius: cell.radius, sightings: positions)
        }
    }

    /// The block radius in metres around held-out scan `scanIndex` for `identity`: one of the
    /// cell's gaps (0 for a cell without any).
    func blockRadius(for identity: CellIdentity, scanIndex: Int, seed: UInt64) -> Double {
        guard let cellGaps = gaps[identity], !cellGaps.isEmpty else { return 0 }
        // A stable key (Swift's hashValue changes from run to run).
        let cell = UInt64(bitPattern: identity.cellID) ^ UInt64(identity.area) << 36 ^ UInt64(identity.mnc) << 52
        let key = SeededHash.mix(cell, seed: seed) ^ UInt64(truncatingIfNeeded: scanIndex)
        return cellGaps[Int(SeededHash.mix(key, seed: seed) % UInt64(cellGaps.count))]
    }

    /// The distances from `probeCount` points evenly spread over the disk of `radius` around
    /// `centre` to the nearest of `sightings`, ascending.
    static func gaps(centre: Coordinate, radius: Double, sightings: [Coordinate]) -> [Double] {
        let plane = LocalTangentPlane(origin: centre)
        let points = sightings.map { plane.project($0) }
        let golden = Double.pi * (3 - 5.0.squareRoot())
        var result: [Double] = []
        result.reserveCapacity(probeCount)
        for index in 0..<probeCount {
            // Vogel's sunflower: equal area per point.
            let distance = radius * ((Double(index) + 0.5) / Double(probeCount)).squareRoot()
            let angle = Double(index) * golden
            let (east, north) = (distance * cos(angle), distance * sin(angle))
            var nearest = Double.infinity
            for point in points {
                let (dx, dy) = (point.east - east, point.north - north)
                nearest = min(nearest, dx * dx + dy * dy)
            }
            result.append(nearest.squareRoot())
        }
        return result.sorted()
    }
}
