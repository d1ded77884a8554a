import Foundation
import PositioningCore

/// The survey's own scans kept as fingerprints (`from_survey = 1`), written by `db calibrate`
/// when they locate its held-out scans better than access points alone.
///
/// They live beside imported fingerprint tables, so the lookup of a query finds both; each row
/// keeps the import its scan came from, so `db forget-import`, `db forget` and retention take
/// them away with the survey's sightings.
extension RadioMap {
    /// The access points the map holds as usable: the only ones a survey fingerprint keeps.
    public func usableAccessPoints() throws(RadioMapError) -> Set<BSSID> {
        try reading {
            let statement = try self.connection.makeStatement(sql: "SELECT bssid FROM access_points WHERE status = 'usable'")
            var result = Set<BSSID>()
            while try statement.step() { result.insert(BSSID(rawValue: UInt64(bitPattern: statement.int64(0)))) }
            return result
        }
    }

    /// Replaces the survey fingerprints with `survey`'s (none when nil), in one transaction
    /// (`eval` keeps its factors in memory; `db calibrate` stores both with `replaceCalibration`).
    public func replaceSurveyFingerprints(with survey: SurveyFingerprints?) throws(RadioMapError) {
        precondition(mode == .readWrite, "replaceSurveyFingerprints needs a radio map opened .readWrite")
        do {
            try connection.inTransaction { try writeSurveyFingerprints(survey) }
        } catch {
            throw RadioMapError.converting(error, path: path)
        }
    }

    /// Deletes the kept survey scans and writes `survey`'s; the caller holds the transaction.
    func writeSurveyFingerprints(_ survey: SurveyFingerprints?) throws {
        try connection.execute("""
            DELETE FROM fingerprint_readings WHERE fingerprint_id IN (SELECT id FROM fingerprints WHERE from_survey = 1);
            DELETE FROM fingerprints WHERE from_survey = 1;
            """)
        guard let survey else { return }
        let spot = try connection.makeStatement(sql: """
            INSERT INTO fingerprints(import_id, line, latitude, longitude, time, from_survey) VALUES(?, 0, ?, ?, ?, 1)
            """)
        let reading = try connection.makeStatement(
            sql: "INSERT OR IGNORE INTO fingerprint_readings(fingerprint_id, access_point, signal) VALUES(?, ?, ?)")
        for entry in survey.entries {
            try spot.execute([
                .integer(entry.recording), .real(entry.fingerprint.position.latitude),
                .real(entry.fingerprint.position.longitude), .optional(entry.time),
            ])
            let id = try connection.integer("SELECT last_insert_rowid()")
            for value in entry.fingerprint.readings {
                try reading.execute([.integer(id), .text(value.accessPoint), .real(value.signalStrength)])
            }
        }
    }
}
