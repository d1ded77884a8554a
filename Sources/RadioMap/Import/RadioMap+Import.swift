import Foundation
import PositioningCore

extension RadioMap {
    /// Imports a survey or reference file (WiGLE CSV, OpenCellID/MLS CSV, GeoNames
    /// places) into the map.
    ///
    /// The file is streamed in chunks (never read whole; gzip and xz files, recognised by their
    /// magic bytes, are decoded on the fly) and written in one transaction: its
    /// raw observations, then the re-aggregated access points, cells and areas it touched, then
    /// its record in `imports`. A file whose content (SHA-256) was imported before changes
    /// nothing and reports `alreadyImported`. Malformed rows are counted by reason with their
    /// line numbers and skipped — or, with `options.strict`, abort the import.
    ///
    /// ```swift
    /// let summary = try map.importSurvey(at: "cells.csv", options: ImportOptions(), progress: nil)
    /// print(summary.rowsImported, summary.rejections)
    /// ```
    /// - Parameters:
    ///   - path: The file to import.
    ///   - options: Its format (nil detects it) and whether bad rows are fatal.
    ///   - progress: Called after each chunk read, on the calling thread.
    /// - Returns: What was imported, rejected, created and updated.
    /// - Throws: `ImportError`; whatever it is, the map is left exactly as it was.
    public func importSurvey(
        at path: String, options: ImportOptions, progress: ((ImportProgress) -> Void)?
    ) throws(ImportError) -> ImportSummary {
        precondition(mode == .readWrite, "importSurvey needs a radio map opened .readWrite")
        if options.format == .geonames || (options.format == nil && PlacesImporter.recognizes(path)) {
            return try importPlaces(at: path, options: options, progress: progress)
        }
        do {
            let importer = try SurveyImporter(
                connection: connection, path: path, options: options, spilling: (scratchDirectory, importSpillThreshold), progress: progress)
            return try importer.run()
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.database(RadioMapError.converting(error, path: self.path))
        }
    }

    /// Where a large import spills its sorted sightings (`SightingRuns`): beside the map file.
    var scratchDirectory: String {
        let directory = (path as NSString).deletingLastPathComponent
        return directory.isEmpty ? "." : directory
    }
}
