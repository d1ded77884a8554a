/// What a radio map holds: `db stats`.
public struct RadioMapStatistics: Hashable, Sendable {
    /// Access points per status (usable, moved, travelling, unproven).
    public var accessPointsByStatus: [EmitterStatusCount]
    /// All access points.
    public var accessPoints: Int
    /// Cells, from surveys and published sources together.
    public var cells: Int
    /// Cells taken from OpenCellID/MLS files.
    public var publishedCells: Int
    /// Location/tracking areas.
    public var areas: Int
    /// Raw access-point sightings.
    public var accessPointObservations: Int
    /// Raw cell sightings.
    public var cellObservations: Int
    /// Imported files.
    public var imports: Int
    /// Fingerprints of imported fingerprint tables.
    public var tableFingerprints = 0
    /// Survey scans kept as fingerprints by `db calibrate`.
    public var surveyFingerprints = 0
    /// Bytes on disk: the database file plus its write-ahead log.
    public var fileBytes: Int64

    /// Creates statistics from their parts.
    public init(
        accessPointsByStatus: [EmitterStatusCount], accessPoints: Int, cells: Int, publishedCells: Int,
        areas: Int, accessPointObservations: Int, cellObservations: Int, imports: Int, fileBytes: Int64
    ) {
        self.accessPointsByStatus = accessPointsByStatus
        self.accessPoints = accessPoints
        self.cells = cells
        self.publishedCells = publishedCells
        self.areas = areas
        self.accessPointObservations = accessPointObservations
        self.cellObservations = cellObservations
        self.imports = imports
        self.fileBytes = fileBytes
    }
}

/// A number of emitters with one status.
public struct EmitterStatusCount: Hashable, Sendable {
    /// The status name (`usable`, `moved`, `travelling`, `unproven`).
    public var status: String
    /// How many emitters have it.
    public var count: Int

    /// Creates a count.
    public init(status: String, count: Int) {
        self.status = status
        self.count = count
    }
}
