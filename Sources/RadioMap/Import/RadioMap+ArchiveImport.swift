import Foundation
import PositioningCore
import SurveyFormats

extension RadioMap {
    /// Imports a survey file — or each file of a ZIP archive (NeoStumbler's export: `wifis.csv`,
    /// `cells.csv`, `beacons.csv`) — into the map.
    ///
    /// A plain file is `importSurvey(at:)`. An archive's directory is read and checked first
    /// (`ZipArchive`); then each member is streamed from its bytes, inflated and checked against
    /// its size and CRC-32, and imported as a file of its own (`archive.zip:wifis.csv`, detected
    /// from its content, its own content hash and `db imports` entry) — all the members in one
    /// transaction, so an archive with a damaged member, or a member that is not a survey,
    /// changes nothing.
    ///
    /// ```swift
    /// let summaries = try map.importSurveys(at: "neostumbler-export.zip", options: ImportOptions(), progress: nil)
    /// ```
    /// - Returns: One summary per file imported (one for a plain file).
    /// - Throws: `ImportError`; whatever it is, the map is left exactly as it was.
    public func importSurveys(
        at path: String, options: ImportOptions, progress: ((ImportProgress) -> Void)?
    ) throws(ImportError) -> [ImportSummary] {
        guard ZipArchiveFile.isArchive(path) else {
            return [try importSurvey(at: path, options: options, progress: progress)]
        }
        precondition(mode == .readWrite, "importSurveys needs a radio map opened .readWrite")
        let archive = try ZipArchiveFile(path: path)
        guard !archive.members.isEmpty else {
            throw ImportError.notASurvey(path: path, reason: "the ZIP archive holds no files")
        }
        do {
            return try connection.inTransaction {
                try archive.members.map { member in
                    let open = { () throws -> SurveyInput in try SurveyInput(archive: path, member: member) }
                    let importer = try SurveyImporter(
                        connection: connection, path: path + ":" + member.entry.name, options: options,
                        spilling: (scratchDirectory, importSpillThreshold), progress: progress, input: try open(),
                        reopen: open)
                    return try importer.run()
                }
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.database(RadioMapError.converting(error, path: self.path))
        }
    }
}
