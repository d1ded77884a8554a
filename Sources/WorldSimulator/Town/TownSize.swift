/// How big a synthetic town is: its extent, street spacing, number of routers and cell sites,
/// and how much of it the survey covers.
///
/// Use a preset (`.tiny` for unit tests, `.small` by default, `.medium`, `.large` for
/// benchmarks) or build your own.
///
/// ```swift
/// let size = TownSize(named: "medium")!   // what `whereabouts simulate --size medium` passes
/// ```
public struct TownSize: Hashable, Sendable {
    /// Width and height of the square town in metres.
    public var extentMeters: Double
    /// Distance between parallel streets in metres.
    public var streetSpacingMeters: Double
    /// Number of routers (each has one to four BSSIDs).
    public var routerCount: Int
    /// Number of GSM tower sites (three sectors each).
    public var gsmSiteCount: Int
    /// Number of LTE tower sites (three sectors each).
    public var lteSiteCount: Int
    /// Survey length as a multiple of the total street length.
    public var surveyCoverage: Double
    /// Held-out Wi-Fi queries (each with at least three access points).
    public var wifiQueryCount: Int
    /// Held-out cell-only queries.
    public var cellQueryCount: Int

    /// Creates a size from its parts.
    public init(
        extentMeters: Double, streetSpacingMeters: Double, routerCount: Int, gsmSiteCount: Int,
        lteSiteCount: Int, surveyCoverage: Double, wifiQueryCount: Int, cellQueryCount: Int
    ) {
        precondition(extentMeters >= streetSpacingMeters && streetSpacingMeters > 0, "town too small")
        self.extentMeters = extentMeters
        self.streetSpacingMeters = streetSpacingMeters
        self.routerCount = routerCount
        self.gsmSiteCount = gsmSiteCount
        self.lteSiteCount = lteSiteCount
        self.surveyCoverage = surveyCoverage
        self.wifiQueryCount = wifiQueryCount
        self.cellQueryCount = cellQueryCount
    }

    /// 500 m across, ~60 routers: fast enough for debug-build unit tests.
    public static let tiny = TownSize(
        extentMeters: 500, streetSpacingMeters: 100, routerCount: 60, gsmSiteCount: 1,
        lteSiteCount: 2, surveyCoverage: 1.0, wifiQueryCount: 40, cellQueryCount: 10)

    /// 1.2 km across, ~250 routers (~450 BSSIDs), 2 GSM and 3 LTE sites: the default town.
    public static let small = TownSize(
        extentMeters: 1200, streetSpacingMeters: 100, routerCount: 250, gsmSiteCount: 2,
        lteSiteCount: 3, surveyCoverage: 0.9, wifiQueryCount: 200, cellQueryCount: 50)

    /// 3 km across, ~1,600 routers.
    public static let medium = TownSize(
        extentMeters: 3000, streetSpacingMeters: 100, routerCount: 1600, gsmSiteCount: 4,
        lteSiteCount: 8, surveyCoverage: 0.8, wifiQueryCount: 500, cellQueryCount: 100)

    /// 8 km across, ~12,000 routers: survey files of a few million rows.
    public static let large = TownSize(
        extentMeters: 8000, streetSpacingMeters: 100, routerCount: 12000, gsmSiteCount: 12,
        lteSiteCount: 30, surveyCoverage: 0.8, wifiQueryCount: 1000, cellQueryCount: 200)

    /// The preset called `name` (`tiny`, `small`, `medium`, `large`), or nil.
    public init?(named name: String) {
        switch name.lowercased() {
        case "tiny": self = .tiny
        case "small": self = .small
        case "medium": self = .medium
        case "large": self = .large
        default: return nil
        }
    }

    /// The names `init(named:)` accepts, smallest first.
    public static let presetNames = ["tiny", "small", "medium", "large"]
}
