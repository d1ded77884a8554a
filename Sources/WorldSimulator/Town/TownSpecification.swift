import PositioningCore

/// Everything that determines a synthetic town: the seed, where it is, how big, and how often
/// each of the traps a positioning engine must survive occurs.
///
/// The same specification always produces byte-identical output files.
///
/// ```swift
/// let specification = TownSpecification(
///     seed: 7, centre: Coordinate(latitude: -16.5, longitude: 179.995), size: .small)
/// let town = Town(specification)
/// ```
public struct TownSpecification: Hashable, Sendable {
    /// Seeds every random choice.
    public var seed: UInt64
    /// The middle of the town. Towns straddling the antimeridian and above the Arctic circle
    /// work: all positions go through `LocalTangentPlane`.
    public var centre: Coordinate
    /// Extent, density and survey coverage.
    public var size: TownSize
    /// Ground height of the town in metres above mean sea level.
    public var altitudeMeters: Double = 40
    /// Mobile country code of the simulated operators.
    public var mobileCountryCode: Int = 262
    /// Network codes of the simulated operators (the first runs GSM, all run LTE).
    public var mobileNetworkCodes: [Int] = [1, 2]
    /// Lower-case ISO country code WiGLE writes into a cell row's AuthMode (`UNKNOWN;de`).
    public var countryCode: String = "de"
    /// The first survey day, midnight UTC, in seconds since 1970 (default 2025-03-03).
    public var surveyStart: Int64 = 1_740_960_000
    /// Number of days the survey spans (so secondary networks are seen on separate occasions).
    public var surveyDays: Int = 4
    /// Fraction of routers that move after the survey: queries hear them at a new place.
    public var movedFraction: Double = 0.03
    /// Fraction of routers whose SSID ends in `_nomap`.
    public var optedOutFraction: Double = 0.04
    /// Fraction of routers with a second, 5 GHz BSSID.
    public var dualBandFraction: Double = 0.5
    /// Fraction of routers broadcasting extra virtual networks (guest, IoT) with sibling BSSIDs.
    public var virtualNetworkFraction: Double = 0.2
    /// Fraction of routers with a locally administered secondary BSSID (stable, like mesh/guest
    /// networks on many ISP routers).
    public var locallyAdministeredSecondaryFraction: Double = 0.15
    /// Fraction of routers with a hidden (empty) SSID.
    public var hiddenFraction: Double = 0.05
    /// Number of surveyors; each carries a phone hotspot heard throughout their trips.
    public var surveyorCount: Int = 2
    /// Mean number of randomized phone addresses (locally administered, new every scan) per scan.
    public var randomizedAddressesPerScan: Double = 0.4
    /// Fraction of Wi-Fi queries that carry the serving cell.
    public var queriesWithCellFraction: Double = 0.5
    /// Fraction of Wi-Fi queries that hear one of the surveyors' hotspots.
    public var queriesWithHotspotFraction: Double = 0.1
    /// Weakest signal a scan reports, dBm.
    public var wifiSensitivity: Double = -92
    /// Standard deviation of the spatially consistent shadowing, dB.
    public var shadowingSigma: Double = 6
    /// Standard deviation of per-reading noise, dB.
    public var readingNoiseSigma: Double = 2.5
    /// Share of survey scans made in stretches of poor GPS (street canyons, under trees), whose
    /// fixes report — and err by — 20–80 m. Real phone walks (Ariel 2017) log 10.7 % of rows
    /// worse than 20 m and 3.5 % worse than 50 m (BENCHMARKS.md, "How real is the simulator").
    public var gpsOutlierFraction: Double = 0.12

    /// Where `whereabouts simulate` puts a town unless told otherwise: central Berlin, which
    /// matches the default MCC 262 and the German operator names.
    public static let defaultCentre = Coordinate(latitude: 52.52, longitude: 13.405)

    /// Creates a specification with default trap rates.
    public init(seed: UInt64, centre: Coordinate, size: TownSize = .small) {
        self.seed = seed
        self.centre = centre
        self.size = size
    }
}
