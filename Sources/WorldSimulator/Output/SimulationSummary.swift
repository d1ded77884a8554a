/// What a written town contains: counts of emitters, traps, survey rows and queries.
///
/// `TownWriter.write(to:)` returns it and also records it in `town.json`, so tests and
/// benchmarks can check a run without re-reading the files.
public struct SimulationSummary: Hashable, Sendable, CustomStringConvertible {
    /// Routers in the town.
    public var routers = 0
    /// Router BSSIDs of every role (hotspots and randomized phones not included).
    public var accessPoints = 0
    /// Router BSSIDs by role.
    public var accessPointsByRole: [SimulatedAccessPoint.Role: Int] = [:]
    /// Routers heard by the queries somewhere other than where they were surveyed.
    public var movedRouters = 0
    /// BSSIDs whose SSID ends in `_nomap`.
    public var optedOutAccessPoints = 0
    /// BSSIDs with an empty SSID.
    public var hiddenAccessPoints = 0
    /// Surveyors' phone hotspots.
    public var hotspots = 0
    /// GSM sectors (rows in `cells.opencellid.csv`).
    public var gsmCells = 0
    /// LTE sectors (rows in `cells.opencellid.csv`).
    public var lteCells = 0
    /// Scans in the survey (distinct FirstSeen/position groups).
    public var surveyScans = 0
    /// `WIFI` rows in `survey.wigle.csv`.
    public var surveyWiFiRows = 0
    /// `GSM` and `LTE` rows in `survey.wigle.csv`.
    public var surveyCellRows = 0
    /// Survey rows of surveyors' phone hotspots.
    public var surveyHotspotRows = 0
    /// Survey rows of randomized phone addresses (each address seen once).
    public var surveyRandomizedRows = 0
    /// Survey rows of `_nomap` networks.
    public var surveyOptedOutRows = 0
    /// Survey rows of routers that later moved.
    public var surveyMovedRows = 0
    /// Queries of kind `wifi`.
    public var wifiQueries = 0
    /// Queries of kind `cell`.
    public var cellQueries = 0
    /// Wi-Fi queries that also carry cells.
    public var wifiQueriesWithCells = 0
    /// Wi-Fi queries hearing at least one moved router (at its new place).
    public var wifiQueriesWithMovedAccessPoints = 0
    /// Wi-Fi queries hearing a surveyor's hotspot.
    public var wifiQueriesWithHotspots = 0
    /// Lines in `walk.trace.jsonl` (and `walk.truth.jsonl`).
    public var walkSamples = 0
    /// Lines in `drive.trace.jsonl`.
    public var driveSamples = 0
    /// Seconds spent writing.
    public var elapsedSeconds = 0.0

    /// Creates an empty summary.
    public init() {}

    /// All queries (one line each in `queries.jsonl` and `truth.jsonl`).
    public var queries: Int { wifiQueries + cellQueries }

    /// One line for people, e.g. what `whereabouts simulate` prints.
    public var description: String {
        "\(accessPoints) BSSIDs from \(routers) routers, \(gsmCells + lteCells) cells; survey \(surveyScans) scans "
            + "(\(surveyWiFiRows) Wi-Fi + \(surveyCellRows) cell rows); \(queries) queries (\(wifiQueries) Wi-Fi, "
            + "\(cellQueries) cell); walk \(walkSamples) samples, drive \(driveSamples)"
    }
}
