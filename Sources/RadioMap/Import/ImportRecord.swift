import Foundation
import PositioningCore

/// One imported file as the radio map records it (`whereabouts db imports`).
public struct ImportRecord: Hashable, Sendable {
    /// The id `forgetImport(id:)` takes.
    public var id: Int64
    /// The file's name (without its directory) when imported.
    public var name: String
    /// Its size in bytes, as stored on disk (compressed, if it was).
    public var size: Int64
    /// SHA-256 of its bytes, lowercase hex.
    public var contentHash: String
    /// The format it was read as.
    public var format: String
    public var rowsRead: Int
    public var rowsImported: Int
    public var rowsRejected: Int
    /// When it was imported.
    public var importedAt: Date

    /// Rows read and valid but not kept: a scan cache's repeats (`ImportSummary.cachedRepeats`).
    public var rowsSetAside: Int { max(0, rowsRead - rowsImported - rowsRejected) }
}

/// What forgetting an import removed and re-aggregated.
public struct ForgetImportSummary: Hashable, Sendable {
    /// The import forgotten.
    public var record: ImportRecord
    /// Raw sightings deleted (Wi-Fi, cell, and fingerprints).
    public var observationsRemoved: Int
    /// Published cells deleted (OpenCellID/MLS rows this import was the last to write).
    public var publishedCellsRemoved: Int
    /// Access points recomputed from their remaining sightings, and those left with none.
    public var accessPointsUpdated: Int
    public var accessPointsRemoved: Int
    /// Cells recomputed from their remaining sightings.
    public var cellsUpdated: Int
}
