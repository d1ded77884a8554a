import PositioningCore
import SurveyFormats

/// What an import did: the report `whereabouts import` prints.
public struct ImportSummary: Sendable {
    /// The imported file.
    public var path: String
    /// Its format (given or detected).
    public var format: SurveyFormat
    /// SHA-256 of its bytes, lower-case hex: the identity used to recognise a re-import.
    public var contentHash: String
    /// Whether this content had been imported before, so nothing was changed.
    public var alreadyImported: Bool
    /// Rows read after the header(s).
    public var rowsRead: Int
    /// Rows stored.
    public var rowsImported: Int
    /// Good rows the import's filter (`--mcc`, `--within`) left out.
    public var rowsFilteredOut: Int
    /// Rows rejected, by reason, in order of first appearance.
    public var rejections: [RejectionCount]
    /// Access-point rows set aside as the phone's scan cache logged again (`CachedRepeats`): read
    /// and valid, but not a new hearing. Nil when the file shows no such excess.
    public var cachedRepeats: RejectionCount?
    /// Access-point rows 1 or 2 dB off their network's previous signal — new hearings, the
    /// yardstick that `cachedRepeats` must exceed. A file judged to keep its rows is no longer
    /// watched, so this counts only up to its verdict (`CachedRepeats.verdictPairs`).
    public var repeatNearMisses: Int
    /// Access points that were not in the map before.
    public var accessPointsNew: Int
    /// Access points already in the map whose entry was recomputed.
    public var accessPointsUpdated: Int
    /// Cells that were not in the map before.
    public var cellsNew: Int
    /// Cells already in the map whose entry was recomputed or replaced.
    public var cellsUpdated: Int
    /// Published cells (OpenCellID/MLS rows) left as the map had them: its copy is newer by the
    /// `updated` column, so an older export or daily diff imported later changes nothing.
    public var cellsStale: Int
    /// Wall-clock time the import took.
    public var duration: Duration
    /// How the file was read where the file itself left it open, one line each (e.g. times read
    /// as UTC because nothing names their zone).
    public var notes: [String]

    /// Creates a summary.
    public init(
        path: String, format: SurveyFormat, contentHash: String, alreadyImported: Bool, rowsRead: Int = 0,
        rowsImported: Int = 0, rowsFilteredOut: Int = 0, rejections: [RejectionCount] = [], cachedRepeats: RejectionCount? = nil,
        repeatNearMisses: Int = 0, accessPointsNew: Int = 0,
        accessPointsUpdated: Int = 0, cellsNew: Int = 0, cellsUpdated: Int = 0, cellsStale: Int = 0,
        duration: Duration = .zero, notes: [String] = []
    ) {
        self.path = path
        self.format = format
        self.contentHash = contentHash
        self.alreadyImported = alreadyImported
        self.rowsRead = rowsRead
        self.rowsImported = rowsImported
        self.rowsFilteredOut = rowsFilteredOut
        self.rejections = rejections
        self.cachedRepeats = cachedRepeats
        self.repeatNearMisses = repeatNearMisses
        self.accessPointsNew = accessPointsNew
        self.accessPointsUpdated = accessPointsUpdated
        self.cellsNew = cellsNew
        self.cellsUpdated = cellsUpdated
        self.cellsStale = cellsStale
        self.duration = duration
        self.notes = notes
    }

    /// Rows rejected, all reasons together.
    public var rowsRejected: Int { rejections.reduce(0) { $0 + $1.count } }
}
