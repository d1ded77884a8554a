import Foundation

/// Positions from heard cells: one known cell gives its position and range, several a weighted
/// centroid, and when no heard cell is known, the best known area of a heard cell.
///
/// Cells are heard over kilometres, so this is a coarse fix; its main use besides answering
/// alone is to check a Wi-Fi fix against the serving cell.
///
/// ```swift
/// if let fix = CellEstimator().estimate(from: input) { print(fix.coordinate, fix.radius) }
/// ```
public struct CellEstimator: Sendable {
    /// A cell or area fix.
    public struct Fix: Hashable, Sendable {
        /// The weighted centre of the heard cells, or the area's centroid.
        public var coordinate: Coordinate
        /// 68 % radius in metres (before calibration).
        public var radius: Double
        /// `.cellCentroid` or `.area`.
        public var method: EstimationMethod
        /// The cells (or the area) used and their relative weights.
        public var used: [EmitterContribution]
        /// Heard cells that did not count, and why.
        public var rejected: [EmitterRejection]
        /// How many cells (or areas) the fix rests on.
        public var emitterCount: Int
        /// The survey sightings of the cells used (`CellEstimator.sightings(of:in:areas:)`); for
        /// an area's answer, which rests on cells the query did not hear, the area's known cells.
        public var sightings: Int?
    }

    /// How many survey sightings placed the cells among `used` (`KnownCell.sampleCount`,
    /// summed), and for an area among them its known cells (`KnownArea.cellCount`): what a
    /// fix's sighting-bin factor is chosen by, at `locate` and in calibration alike.
    public static func sightings(
        of used: [EmitterContribution], in knownCells: [CellIdentity: KnownCell], areas: [AreaIdentity: KnownArea] = [:]
    ) -> Int {
        used.reduce(0) { total, contribution in
            switch contribution.emitter {
            case .cell(let identity): total + (knownCells[identity]?.sampleCount ?? 0)
            case .area(let identity): total + (areas[identity]?.cellCount ?? 0)
            default: total
            }
        }
    }

    /// The smallest radius reported, in metres.
    public var radiusFloor: Double

    /// An estimator whose radii are at least `radiusFloor` metres.
    public init(radiusFloor: Double = 100) {
        self.radiusFloor = radiusFloor
    }

    /// The cell fix for `input`, or nil when no heard cell or its area is known.
    public func estimate(from input: EstimationInput) -> Fix? {
        let (usable, rejected) = classify(input)
        if !usable.isEmpty {
            return cellFix(usable, rejected: rejected, knownCells: input.knownCells)
        }
        return areaFix(for: input, rejected: rejected)
    }

    /// The heard cells that cannot count, and why (also when there is no fix at all).
    public func rejections(from input: EstimationInput) -> [EmitterRejection] {
        classify(input).rejected
    }

    private func classify(
        _ input: EstimationInput
    ) -> (usable: [(observation: CellObservation, known: KnownCell)], rejected: [EmitterRejection]) {
        var rejected: [EmitterRejection] = []
        var usable: [(observation: CellObservation, known: KnownCell)] = []
        var seen = Set<CellIdentity>()
        for observation in input.cells where seen.insert(observation.identity).inserted {
            let id = EmitterID.cell(observation.identity)
            guard let known = input.knownCells[observation.identity] else {
                rejected.append(EmitterRejection(emitter: id, reason: .unknown))
                continue
            }
            switch known.status {
            case .usable: usable.append((observation, known))
            case .moved: rejected.append(EmitterRejection(emitter: id, reason: .moved))
            case .travelling: rejected.append(EmitterRejection(emitter: id, reason: .travelling))
            case .unproven: rejected.append(EmitterRejection(emitter: id, reason: .unproven))
            }
        }
        return (usable, rejected)
    }

    private func cellFix(
        _ cells: [(observation: CellObservation, known: KnownCell)], rejected: [EmitterRejection],
        knownCells: [CellIdentity: KnownCell]
    ) -> Fix? {
        // A small cell pins the device down more than a large one; a strong signal means near.
        let weighted = cells.map { cell -> (KnownCell, Double) in
            let signal = min(max(cell.observation.signalStrength ?? -90, -120), -40)
            let weight = pow(10, (signal + 90) / 20) / max(cell.known.radius, radiusFloor)
            return (cell.known, weight)
        }
        guard let centre = Geodesy.weightedMean(weighted.map { ($0.0.coordinate, $0.1) }) else { return nil }
        let total = weighted.reduce(0) { $0 + $1.1 }
        // The device is inside every heard cell's range; the tightest of those bounds is the radius.
        let radius = weighted.map { Geodesy.distance(from: centre, to: $0.0.coordinate) + $0.0.radius }.min() ?? radiusFloor
        let used = weighted.map { EmitterContribution(emitter: .cell($0.0.identity), weight: $0.1 / total) }
        return Fix(
            coordinate: centre, radius: max(radius, radiusFloor), method: .cellCentroid, used: used,
            rejected: rejected, emitterCount: cells.count,
            sightings: Self.sightings(of: used, in: knownCells))
    }

    private func areaFix(for input: EstimationInput, rejected: [EmitterRejection]) -> Fix? {
        let areas = Set(input.cells.map(\.identity.areaIdentity)).compactMap { input.areas[$0] }
        // Of several candidate areas, the smallest says the most.
        guard let area = areas.min(by: { ($0.radius, $0.identity) < ($1.radius, $1.identity) }) else { return nil }
        return Fix(
            coordinate: area.coordinate, radius: max(area.radius, radiusFloor), method: .area,
            used: [EmitterContribution(emitter: .area(area.identity), weight: 1)], rejected: rejected,
            emitterCount: 1, sightings: area.cellCount)
    }
}
