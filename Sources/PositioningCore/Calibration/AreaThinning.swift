/// Held-out answers of areas the map knows only thinly, made from the areas it knows well: the
/// evidence for the radius floors of area answers (`ConformalCalibration.areaRadiusFloors`).
///
/// An area answer comes when none of the cells a query heard is known, and its circle is the
/// extent of the cells the map does know. Where the map knows one cell of the area, seen once,
/// that extent is the cell's range — while the query may stand anywhere in an area tens of
/// kilometres wide. A survey's own held-out scans rarely meet such an area (the session that
/// knows it well is held out, so nothing is left to learn from), yet the survey knows what its
/// well-known areas look like when only a few of their cells are kept. For a held-out scan and
/// each area it heard, the area's cells as the scan's hold-out refit them, less the ones the
/// scan heard (a query hearing a known cell gets a cell answer, not the area's), are reduced
/// to the fewest cells of each bin (1, 2, 10, 100), and the thinned area's answer is scored
/// against the scan's position. The cells kept are a seeded cell and its nearest neighbours,
/// not a scattered choice: a map knows few cells of an area because its surveyors went through
/// one part of it, and a scattered choice would centre the thinned area where the whole one
/// is. Only areas with more cells than that count are thinned, so every sample is an area the
/// map knows better reduced to a thin one.
///
/// ```swift
/// let thinned = AreaThinning.samples(for: scan, cells: refit.cells, seed: 1)
/// ```
enum AreaThinning {
    /// The thinned area answers for `scan` from `cells` (the refit cells of the areas it heard).
    static func samples(for scan: SurveyScan, cells: [CellIdentity: KnownCell], seed: UInt64) -> [CalibrationSample] {
        let heardAreas = Set(scan.cells.keys.map(\.areaIdentity))
        let members = Dictionary(
            grouping: cells.values.filter { heardAreas.contains($0.identity.areaIdentity) && scan.cells[$0.identity] == nil },
            by: \.identity.areaIdentity)
        let scanKey = scan.position.latitude.bitPattern ^ (scan.position.longitude.bitPattern &* 31)
        var samples: [CalibrationSample] = []
        for area in heardAreas.sorted(by: { $0.description < $1.description }) {
            let areaCells = members[area] ?? []
            // A seeded cell per scan (each scan keeps another part of the area), then the cells
            // nearest it.
            guard let start = areaCells.min(by: {
                (order($0.identity, scanKey, seed), $0.identity.description) < (order($1.identity, scanKey, seed), $1.identity.description)
            }) else { continue }
            let nearest = areaCells.map { (cell: $0, distance: Geodesy.distance(from: start.coordinate, to: $0.coordinate)) }
                .sorted { ($0.distance, $0.cell.identity.description) < ($1.distance, $1.cell.identity.description) }
                .map(\.cell)
            guard let whole = EmitterAggregator.aggregateArea(area, cells: areaCells) else { continue }
            for bin in RadiusCalibration.SightingBin.allCases {
                let kept = fewestCells(of: bin)
                guard nearest.count > kept,
                    let thinned = EmitterAggregator.aggregateArea(area, cells: Array(nearest.prefix(kept)))
                else { continue }
                samples.append(CalibrationSample(
                    source: .area, emitterCount: 1, error: Geodesy.distance(from: thinned.coordinate, to: scan.position),
                    rawRadius: thinned.radius, sightings: thinned.cellCount, isThinnedArea: true,
                    areaReach: Geodesy.distance(from: thinned.coordinate, to: whole.coordinate) + whole.radius))
            }
        }
        return samples
    }

    /// The fewest known cells an area of `bin` has.
    static func fewestCells(of bin: RadiusCalibration.SightingBin) -> Int {
        switch bin {
        case .one: 1
        case .twoToNine: 2
        case .tenToNinetyNine: 10
        case .hundredOrMore: 100
        }
    }

    private static func order(_ identity: CellIdentity, _ scanKey: UInt64, _ seed: UInt64) -> UInt64 {
        SeededHash.mix(UInt64(bitPattern: identity.cellID) ^ scanKey, seed: seed)
    }
}
