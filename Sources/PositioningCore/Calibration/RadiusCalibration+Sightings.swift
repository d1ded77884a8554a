/// Mondrian radius factors by the number of survey sightings behind a fix: a cell placed by one
/// sighting is a guess, one placed by hundreds is a measurement, and their errors relative to
/// the raw radius differ by far more than the count of cells heard says (nearly every cell-only
/// query hears one cell). Calibrated per decade of sightings, each decade's radius holds its
/// promise on its own, whatever mix of well- and thinly-surveyed cells the queries bring.
///
/// ```swift
/// var calibration = RadiusCalibration()
/// calibration.setSightingFactor(2.5, factor95: 6.0, for: .cell, bin: .one)
/// calibration.sightingFactor(for: .cell, sightings: 1)?.factor68   // 2.5
/// ```
extension RadiusCalibration {
    /// Decades of survey sightings behind a fix.
    public enum SightingBin: String, Hashable, Sendable, CaseIterable {
        case one = "1"
        case twoToNine = "2-9"
        case tenToNinetyNine = "10-99"
        case hundredOrMore = "100+"

        /// The bin holding `count` sightings (counts below 1 fall into `.one`).
        public init(count: Int) {
            switch count {
            case ...1: self = .one
            case 2...9: self = .twoToNine
            case 10...99: self = .tenToNinetyNine
            default: self = .hundredOrMore
            }
        }
    }

    /// The sources whose fixes are binned by how much the map knows of what they rest on: cell
    /// fixes by their cells' survey sightings, area answers by the count of the area's known
    /// cells (`KnownArea.cellCount`: the query heard none of them, so their sightings say
    /// nothing of it; how many there are says how much of the area's extent the map has seen).
    public static let sightingBinnedSources: Set<Source> = [.cell, .cellFaint, .area]

    /// Sets the 68 % and 95 % factors of `source`'s fixes resting on `bin` sightings (for area
    /// answers, known cells), and the radii in metres (`radiusFloors`) below which neither
    /// circle of such a fix is reported.
    /// - Precondition: both factors are positive and finite, the floors positive when given.
    public mutating func setSightingFactor(
        _ factor: Double, factor95: Double, radiusFloors: (radius68: Double, radius95: Double)? = nil, for source: Source,
        bin: SightingBin
    ) {
        precondition(factor > 0 && factor.isFinite && factor95 > 0 && factor95.isFinite, "a radius factor must be positive")
        sightingFactors[source, default: [:]][bin] = factor
        sightingFactors95[source, default: [:]][bin] = factor95
        if let radiusFloors {
            precondition(radiusFloors.radius68 > 0 && radiusFloors.radius95 > 0, "a radius floor must be positive")
            sightingFloors[source, default: [:]][bin] = radiusFloors.radius68
            sightingFloors95[source, default: [:]][bin] = radiusFloors.radius95
        }
    }

    /// The factors for a fix of `source` resting on `sightings` survey sightings, when that
    /// decade was calibrated.
    public func sightingFactor(for source: Source, sightings: Int) -> (factor68: Double, factor95: Double)? {
        let bin = SightingBin(count: sightings)
        // A map calibrated without faint cell fixes of its own scales them as cell fixes.
        if source == .cellFaint, sightingFactors[.cellFaint] == nil { return sightingFactor(for: .cell, sightings: sightings) }
        guard let factor = sightingFactors[source]?[bin] else { return nil }
        return (factor, sightingFactors95[source]?[bin] ?? factor * Location.rayleigh95Over68)
    }

    /// Both radii of a fix from its raw one: by its sighting decade's factors when `sightings`
    /// is given and that decade was calibrated (never below the decade's radius floors), else
    /// by its source and emitter-count bin's.
    public func radii(
        rawRadius: Double, source: Source, emitterCount: Int, sightings: Int?
    ) -> (radius68: Double, radius95: Double) {
        if let sightings, let factor = sightingFactor(for: source, sightings: sightings) {
            let bin = SightingBin(count: sightings)
            return (
                max(rawRadius * factor.factor68, sightingFloors[source]?[bin] ?? 0),
                max(rawRadius * factor.factor95, sightingFloors95[source]?[bin] ?? 0)
            )
        }
        return (
            calibrated(rawRadius, source: source, emitterCount: emitterCount),
            calibrated95(rawRadius, source: source, emitterCount: emitterCount)
        )
    }
}
