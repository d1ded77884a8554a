import Foundation
import PositioningCore

extension RadioMap {
    /// Counts of what the map holds, and its size on disk.
    public func statistics() throws(RadioMapError) -> RadioMapStatistics {
        try reading {
            let byStatus = try connection.cachedStatement(
                sql: "SELECT status, count(*) FROM access_points GROUP BY status ORDER BY status")
            byStatus.bind([])
            var statuses: [EmitterStatusCount] = []
            while try byStatus.step() {
                statuses.append(EmitterStatusCount(status: byStatus.text(0) ?? "", count: Int(byStatus.int64(1))))
            }
            byStatus.reset()
            func count(_ sql: String) throws -> Int { Int(try connection.integer(sql)) }
            var statistics = RadioMapStatistics(
                accessPointsByStatus: statuses, accessPoints: try count("SELECT count(*) FROM access_points"),
                cells: try count("SELECT count(*) FROM cells"),
                publishedCells: try count("SELECT count(*) FROM cells WHERE source = 'opencellid'"),
                areas: try count("SELECT count(*) FROM areas"),
                accessPointObservations: try count("SELECT count(*) FROM ap_observations"),
                cellObservations: try count("SELECT count(*) FROM cell_observations"),
                imports: try count("SELECT count(*) FROM imports"),
                fileBytes: Self.fileSize(path) + Self.fileSize(path + "-wal"))
            // A map opened read-only is never migrated: it may predate the fingerprint tables.
            if try connection.hasTable("fingerprints") {
                if try hasSurveyFingerprintColumn() {
                    statistics.surveyFingerprints = try count("SELECT count(*) FROM fingerprints WHERE from_survey = 1")
                    statistics.tableFingerprints = try count("SELECT count(*) FROM fingerprints WHERE from_survey = 0")
                } else {
                    statistics.tableFingerprints = try count("SELECT count(*) FROM fingerprints")
                }
            }
            return statistics
        }
    }

    static func fileSize(_ path: String) -> Int64 {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        return (attributes?[.size] as? NSNumber)?.int64Value ?? 0
    }
}
