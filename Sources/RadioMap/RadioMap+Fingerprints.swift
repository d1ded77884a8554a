import Foundation
import PositioningCore

extension RadioMap {
    /// Every fingerprint of the imported fingerprint tables, in import order (not the survey
    /// scans `db calibrate` keeps as fingerprints).
    ///
    /// Fingerprint tables are small next to WiGLE surveys (UJIIndoorLoc: 19,937 spots, 360 k
    /// readings), so they are read whole to build a `FingerprintMatcher`.
    public func fingerprints() throws(RadioMapError) -> [Fingerprint] {
        try reading {
            try self.loadFingerprints(where: try self.hasSurveyFingerprintColumn() ? "WHERE f.from_survey = 0" : "", [])
        }
    }

    /// Every stored fingerprint: the imported tables' and the survey scans kept by `db calibrate`.
    public func allFingerprints() throws(RadioMapError) -> [Fingerprint] {
        try reading {
            try self.loadFingerprints(where: "", [])
        }
    }

    /// How many fingerprint readings the map holds.
    public func fingerprintReadingCount() throws(RadioMapError) -> Int {
        guard try hasFingerprints() else { return 0 }
        return try reading { Int(try self.connection.integer("SELECT count(*) FROM fingerprint_readings")) }
    }

    /// Whether the map holds imported fingerprint tables (not counting survey fingerprints).
    public func hasFingerprintTables() throws(RadioMapError) -> Bool {
        guard try hasFingerprints() else { return false }
        return try reading {
            guard try self.hasSurveyFingerprintColumn() else { return true }
            return try self.connection.integer("SELECT EXISTS(SELECT 1 FROM fingerprints WHERE from_survey = 0)") != 0
        }
    }

    /// Whether the map has been migrated to tell survey fingerprints from imported ones.
    func hasSurveyFingerprintColumn() throws -> Bool {
        try connection.integer("SELECT count(*) FROM pragma_table_info('fingerprints') WHERE name = 'from_survey'") != 0
    }

    /// Whether the map holds any fingerprint, imported or kept from the survey (false for a map
    /// older than the fingerprint tables: opening a map read-only never migrates it).
    public func hasFingerprints() throws(RadioMapError) -> Bool {
        try reading {
            try self.connection.hasTable("fingerprints")
                && self.connection.integer("SELECT EXISTS(SELECT 1 FROM fingerprints)") != 0
        }
    }

    /// The fingerprints that heard at least one of `accessPoints` (names as stored: a BSSID's
    /// `aa:bb:cc:dd:ee:ff`, or a table's `WAP001`), with all their readings.
    public func fingerprints(hearing accessPoints: some Collection<String>) throws(RadioMapError) -> [Fingerprint] {
        guard !accessPoints.isEmpty else { return [] }
        return try reading {
            // SQLite binds at most 32,766 parameters; a scan never hears that many networks.
            let names = Array(Set(accessPoints).prefix(1000))
            let placeholders = Array(repeating: "?", count: names.count).joined(separator: ",")
            return try self.loadFingerprints(
                where: "WHERE f.id IN (SELECT fingerprint_id FROM fingerprint_readings WHERE access_point IN (\(placeholders)))",
                names.map(SQLiteValue.text))
        }
    }

    private func loadFingerprints(where clause: String, _ values: [SQLiteValue]) throws -> [Fingerprint] {
        let statement = try connection.makeStatement(sql: """
            SELECT f.id, f.latitude, f.longitude, f.floor, f.building, f.time, r.access_point, r.signal
            FROM fingerprints f JOIN fingerprint_readings r ON r.fingerprint_id = f.id \(clause)
            ORDER BY f.id
            """)
        statement.bind(values)
        var result: [Fingerprint] = []
        var currentID: Int64?
        while try statement.step() {
            let id = statement.int64(0)
            if id != currentID {
                currentID = id
                result.append(Fingerprint(
                    position: Coordinate(latitude: statement.double(1), longitude: statement.double(2)),
                    floor: statement.isNull(3) ? nil : Int(statement.int64(3)), building: statement.text(4),
                    time: statement.optionalDouble(5).map(Date.init(timeIntervalSince1970:)), readings: []))
            }
            guard let name = statement.text(6) else { continue }
            result[result.count - 1].readings.append(FingerprintReading(accessPoint: name, signalStrength: statement.double(7)))
        }
        return result
    }
}
