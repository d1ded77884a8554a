/// Scale factors that turn an estimator's raw uncertainty into a calibrated 68 % radius.
///
/// The raw radius follows from the spread of the emitters used and their ranges; how well that
/// matches reality depends on the source and on how many emitters agreed. Held-out ground truth
/// gives, per source and per emitter-count bin, the factor that makes the truth fall inside the
/// radius 68 % of the time. The default factors are 1.0 (no correction).
///
/// ```swift
/// var calibration = RadiusCalibration()
/// calibration.setFactor(1.3, for: .wifi, bin: .two)
/// let estimator = WhereaboutsEstimator(calibration: calibration)
/// ```
public struct RadiusCalibration: Hashable, Sendable {
    /// What kind of fix a factor is for: a fix source, a fingerprint match (a Wi-Fi fix whose
    /// raw radius comes from its neighbours' spread rather than from access-point positions), an
    /// answer from a location area (none of the cells heard is known, so the fix is the area
    /// of the serving cell: the query stands somewhere the known cells of that area were not
    /// heard, which the known cells' fixes say nothing about), or an access-point Wi-Fi fix from
    /// a scan much of which the map lacks (`wifiUnmapped`).
    public enum Source: String, Hashable, Sendable, CaseIterable {
        case gps
        case cell
        case wifi
        case mixed
        case fingerprint
        case area
        /// A Wi-Fi fix from access points, where at least `unmappedShare` of the access points
        /// heard are not in the map: the query stands where the survey heard little of what it
        /// hears — off the surveyed streets, or where a survey passed once — and the access
        /// points it does know were placed from elsewhere. Such fixes err several times more for
        /// the same raw radius (BENCHMARKS.md, "Off-survey Wi-Fi radii"), and held-out survey
        /// scans whose own sightings are left out fall into this kind as such queries do.
        case wifiUnmapped = "wifi-unmapped"
        /// A `wifiUnmapped` fix from a scan of which the map lacks `halfUnmappedShare` or more:
        /// farther off the survey than the kind's mildest queries, and calibrated apart from
        /// them by samples blocked as far (`UnmappedScanBlock`), so that the factor of a query
        /// the map hardly knows is not set by those it half knows.
        case wifiHalfUnmapped = "wifi-half-unmapped"
        /// A cell fix that hears at least half of the cells it used (of those whose survey
        /// signal levels the map keeps, `KnownCell.faintSignal`) fainter than the survey's
        /// faintest quarter of sightings: the query stands farther from the towers than most of
        /// the survey did — past the surveyed streets, mostly — where the cells' centroids err
        /// about twice as much for the same raw radius (BENCHMARKS.md, "Cells heard fainter
        /// than the survey heard them"). Held-out survey scans at the survey's edges fall into
        /// it by the same rule against their refit cells' levels.
        case cellFaint = "cell-faint"

        /// The factor kind of an ordinary (non-fingerprint) fix from `source`.
        public init(_ source: LocationSource) {
            switch source {
            case .gps: self = .gps
            case .cell: self = .cell
            case .wifi: self = .wifi
            case .mixed: self = .mixed
            }
        }

        /// Whether fixes of this kind rest on cells alone (a cell fix or an area's answer).
        public var isCellOnly: Bool { self == .cell || self == .cellFaint || self == .area }

        /// The factor kind of `estimate`: fingerprint for a fingerprint match, area for a
        /// location area's answer, else its source.
        public init(of estimate: PositionEstimate) {
            switch estimate.method {
            case .fingerprint: self = .fingerprint
            case .area: self = .area
            default: self = Source(estimate.location.source)
            }
        }

        /// The factor kind of `estimate` located from `input`: as `init(of:)`, but a Wi-Fi fix
        /// of access points from a scan of which the map lacks `unmappedShare` or more is
        /// `wifiUnmapped`, `halfUnmappedShare` or more `wifiHalfUnmapped`, and a cell fix whose
        /// cells are heard faint (`isFaint(_:input:)`) is `cellFaint`.
        public init(of estimate: PositionEstimate, input: EstimationInput) {
            self = Source(of: estimate)
            if self == .wifi { self = Self.wifi(input) }
            if self == .cell, Self.isFaint(estimate.used, input: input) { self = .cellFaint }
        }

        /// Whether `input` heard at least half of the cells among `used` that have a
        /// `KnownCell.faintSignal` (and a signal level in the query) below it, and at least one.
        public static func isFaint(_ used: [EmitterContribution], input: EstimationInput) -> Bool {
            var levels: [CellIdentity: Double] = [:]
            for observation in input.cells {
                if let level = observation.signalStrength { levels[observation.identity] = level }
            }
            var judged = 0
            var faint = 0
            for contribution in used {
                guard case .cell(let identity) = contribution.emitter,
                    let threshold = input.knownCells[identity]?.faintSignal, let level = levels[identity]
                else { continue }
                judged += 1
                if level < threshold { faint += 1 }
            }
            return judged > 0 && 2 * faint >= judged
        }

        /// The share of a scan's access points the map must lack for its Wi-Fi fix to be
        /// `wifiUnmapped`: a quarter, chosen before any factor was fitted. Any fixed split keeps
        /// conformal coverage within each kind; this one decides which fixes share a factor.
        public static let unmappedShare = 0.25

        /// The share of a scan's access points the map must lack for its Wi-Fi fix to be
        /// `wifiHalfUnmapped`: a half, the next of the shares that split the unmapped fixes in
        /// even steps (chosen, like `unmappedShare`, before any factor was fitted).
        public static let halfUnmappedShare = 0.5

        /// The share of heard access points the map lacks from which on a Wi-Fi fix is of this
        /// kind: `unmappedShare` for `wifiUnmapped`, `halfUnmappedShare` for `wifiHalfUnmapped`,
        /// nil for every other kind.
        public var unmappedShareFloor: Double? {
            switch self {
            case .wifiUnmapped: Self.unmappedShare
            case .wifiHalfUnmapped: Self.halfUnmappedShare
            default: nil
            }
        }

        /// The unmapped kinds, mildest first.
        public static let unmappedKinds: [Source] = [.wifiUnmapped, .wifiHalfUnmapped]

        /// `.wifiHalfUnmapped` when the map (`input.accessPoints`) lacks at least
        /// `halfUnmappedShare` of the distinct access points `input` heard that have not opted
        /// out, `.wifiUnmapped` when it lacks at least `unmappedShare`, else `.wifi`.
        public static func wifi(_ input: EstimationInput) -> Source {
            var heard = Set<BSSID>()
            var unmapped = 0
            for observation in input.wifi where !observation.isOptedOut && heard.insert(observation.bssid).inserted {
                if input.accessPoints[observation.bssid] == nil { unmapped += 1 }
            }
            guard !heard.isEmpty else { return .wifi }
            let share = Double(unmapped) / Double(heard.count)
            return unmappedKinds.last { share >= $0.unmappedShareFloor ?? 1 } ?? .wifi
        }
    }

    /// Groups of emitter counts that share one factor.
    public enum CountBin: String, Hashable, Sendable, CaseIterable {
        case one = "1"
        case two = "2"
        case threeToFour = "3-4"
        case fiveToNine = "5-9"
        case tenOrMore = "10+"

        /// The bin holding `count` emitters (counts below 1 fall into `.one`).
        public init(count: Int) {
            switch count {
            case ...1: self = .one
            case 2: self = .two
            case 3...4: self = .threeToFour
            case 5...9: self = .fiveToNine
            default: self = .tenOrMore
            }
        }
    }

    private var factors: [Source: [CountBin: Double]]
    private var factors95: [Source: [CountBin: Double]] = [:]
    /// Mondrian factors by the sightings behind a fix (`RadiusCalibration+Sightings.swift`):
    /// where one is set for a fix's source and sighting decade, it replaces the count bin's.
    var sightingFactors: [Source: [SightingBin: Double]] = [:]
    var sightingFactors95: [Source: [SightingBin: Double]] = [:]
    /// Radii in metres below which a fix of a source and sighting bin is never reported
    /// (`setSightingFactor(_:factor95:radiusFloors:for:bin:)`): for area answers, what areas
    /// thinned to that bin's cells err in this map.
    var sightingFloors: [Source: [SightingBin: Double]] = [:]
    var sightingFloors95: [Source: [SightingBin: Double]] = [:]

    /// The note on a fix from a radio map that was never calibrated (`locate`, `serve`, the
    /// location service): its radius is the raw one.
    public static let uncalibratedNote = "radius not calibrated yet: conservative; run `whereabouts db calibrate`"

    /// The note on a fix whose 68 % radius was calibrated but whose map holds no 95 % factor
    /// (calibrated before they existed): its 95 % radius is the 68 % one × 1.62 (the Rayleigh
    /// ratio 2.45/1.51), which real, heavier-tailed errors may exceed.
    public static let derived95Note =
        "95 % radius derived from the 68 % one (x1.62, Rayleigh): the map has no 95 % factors; run `whereabouts db calibrate`"

    /// No correction: every factor is 1.0.
    public init() {
        factors = [:]
    }

    /// The factor for a fix of kind `source` that used `emitterCount` emitters (1.0 when unset;
    /// for a fingerprint match, the count is the access points it shares with the scan).
    public func factor(for source: Source, emitterCount: Int) -> Double {
        factors[stored(source)]?[CountBin(count: emitterCount)] ?? 1
    }

    /// Whether a factor was set for `source` and the bin of `emitterCount` (else the radius
    /// passes through unscaled).
    public func hasFactor(for source: Source, emitterCount: Int) -> Bool {
        factors[stored(source)]?[CountBin(count: emitterCount)] != nil
    }

    /// The kind whose factors scale fixes of `source`: itself, but for a faint cell fix in a map
    /// calibrated without factors of its kind the cell factors, and for an unmapped fix in a map
    /// calibrated without factors of its kind (too few such held-out scans, or calibrated before
    /// the kind existed) the next milder unmapped kind's, and failing those the ordinary Wi-Fi
    /// factors, as before the kinds existed — too narrow for many such fixes, but never
    /// narrower than before.
    private func stored(_ source: Source) -> Source {
        if source == .cellFaint { return factors[.cellFaint] != nil ? .cellFaint : .cell }
        guard let index = Source.unmappedKinds.firstIndex(of: source) else { return source }
        return Source.unmappedKinds[...index].last { factors[$0] != nil } ?? .wifi
    }

    /// Sets the factor for `source` and `bin`.
    /// - Precondition: `factor` is positive and finite.
    public mutating func setFactor(_ factor: Double, for source: Source, bin: CountBin) {
        precondition(factor > 0 && factor.isFinite, "a radius factor must be positive")
        factors[source, default: [:]][bin] = factor
    }

    /// `radius` scaled by the factor for `source` and `emitterCount`.
    public func calibrated(_ radius: Double, source: Source, emitterCount: Int) -> Double {
        radius * factor(for: source, emitterCount: emitterCount)
    }

    /// Sets the 95 % factor for `source` and `bin`.
    /// - Precondition: `factor` is positive and finite.
    public mutating func setFactor95(_ factor: Double, for source: Source, bin: CountBin) {
        precondition(factor > 0 && factor.isFinite, "a radius factor must be positive")
        factors95[source, default: [:]][bin] = factor
    }

    /// Whether a 95 % factor was set for `source` and the bin of `emitterCount`.
    public func hasFactor95(for source: Source, emitterCount: Int) -> Bool {
        factors95[stored(source)]?[CountBin(count: emitterCount)] != nil
    }

    /// The 95 % factor for `source` and `emitterCount`: the stored one, else the 68 % factor
    /// × `Location.rayleigh95Over68` (a raw radius counts as a 68 % one).
    public func factor95(for source: Source, emitterCount: Int) -> Double {
        factors95[stored(source)]?[CountBin(count: emitterCount)]
            ?? factor(for: source, emitterCount: emitterCount) * Location.rayleigh95Over68
    }

    /// `radius` (raw) scaled to a 95 % radius for `source` and `emitterCount`.
    public func calibrated95(_ radius: Double, source: Source, emitterCount: Int) -> Double {
        radius * factor95(for: source, emitterCount: emitterCount)
    }

    /// Gives `estimate` both radii from its raw one, says whether a stored factor scaled them,
    /// and notes a 95 % radius derived from the 68 % one (see `derived95Note`). A cell fix
    /// passes the `sightings` of the cells it used: its sighting decade's factor, when one was
    /// calibrated, replaces the count bin's.
    public func apply(
        rawRadius: Double, source: Source, emitterCount: Int, sightings: Int? = nil, to estimate: inout PositionEstimate
    ) {
        let scaled = radii(rawRadius: rawRadius, source: source, emitterCount: emitterCount, sightings: sightings)
        estimate.location.horizontalAccuracy = scaled.radius68
        estimate.location.horizontalAccuracy95 = scaled.radius95
        let bySightings = sightings.flatMap { sightingFactor(for: source, sightings: $0) } != nil
        let isCalibrated = bySightings || hasFactor(for: source, emitterCount: emitterCount)
        estimate.isRadiusCalibrated = isCalibrated
        if isCalibrated, !bySightings, !hasFactor95(for: source, emitterCount: emitterCount) {
            estimate.notes.append(Self.derived95Note)
        }
    }
}
