import Foundation
import PositioningCore

/// Calibrated radius factors stored in the radio map, and the survey read back as scans to
/// compute them (`whereabouts db calibrate`).
extension RadioMap {
    /// The migration that adds the `calibration_factors` table (appended to
    /// `RadioMapSchema.migrations`).
    static let calibrationFactorsMigration = (
        name: "calibration-factors",
        sql: """
            -- Split conformal radius factors per fix source and emitter-count bin.
            CREATE TABLE calibration_factors(
                source TEXT NOT NULL,
                bin TEXT NOT NULL,
                factor REAL NOT NULL,
                samples INTEGER NOT NULL,
                pooled INTEGER NOT NULL,
                computed_at REAL NOT NULL,
                PRIMARY KEY(source, bin)) WITHOUT ROWID;
            """
    )

    /// The migration that adds the `calibration_sighting_factors` table: the Mondrian factors
    /// by sighting decade (`CalibrationFactor.sightings`).
    static let sightingFactorsMigration = (
        name: "v6-calibration-sighting-factors",
        sql: """
            CREATE TABLE calibration_sighting_factors(
                source TEXT NOT NULL,
                sightings TEXT NOT NULL,
                factor REAL NOT NULL,
                factor95 REAL NOT NULL,
                samples INTEGER NOT NULL,
                pooled INTEGER NOT NULL,
                computed_at REAL NOT NULL,
                PRIMARY KEY(source, sightings)) WITHOUT ROWID;
            """
    )

    /// The stored calibration factors, the count bins' and then the sighting decades'; empty
    /// when the map was never calibrated (or predates the table and was opened read-only).
    public func calibrationFactors() throws(RadioMapError) -> [CalibrationFactor] {
        try countBinFactors() + sightingFactors()
    }

    private func countBinFactors() throws(RadioMapError) -> [CalibrationFactor] {
        try reading {
            guard try self.connection.hasTable("calibration_factors") else { return [] }
            // A map opened read-only may predate the 95 % column (migration v5).
            let hasFactor95 = try self.connection.integer(
                "SELECT count(*) FROM pragma_table_info('calibration_factors') WHERE name = 'factor95'") > 0
            let statement = try self.connection.makeStatement(sql: """
                SELECT source, bin, factor, samples, pooled, \(hasFactor95 ? "factor95" : "NULL")
                FROM calibration_factors ORDER BY source, bin
                """)
            var factors: [CalibrationFactor] = []
            while try statement.step() {
                guard let source = statement.text(0).flatMap(RadiusCalibration.Source.init(rawValue:)),
                    let bin = statement.text(1).flatMap(RadiusCalibration.CountBin.init(rawValue:))
                else { continue }
                let factor = statement.double(2)
                guard factor > 0, factor.isFinite else { continue }
                let factor95 = statement.isNull(5) ? nil : statement.double(5)
                factors.append(CalibrationFactor(
                    source: source, bin: bin, factor: factor, sampleCount: Int(statement.int64(3)),
                    isPooled: statement.int64(4) != 0,
                    factor95: factor95.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }))
            }
            return factors
        }
    }

    /// The migration that adds the area bins' radius floors to `calibration_sighting_factors`
    /// (`CalibrationFactor.radiusFloors`); NULL where a bin has none, and in maps calibrated before.
    static let sightingFloorsMigration = (
        name: "v7-calibration-sighting-floors",
        sql: """
            ALTER TABLE calibration_sighting_factors ADD COLUMN floor68 REAL;
            ALTER TABLE calibration_sighting_factors ADD COLUMN floor95 REAL;
            ALTER TABLE calibration_sighting_factors ADD COLUMN floor_samples INTEGER;
            """
    )

    /// The stored factors by sighting decade; none in a map calibrated before they existed
    /// (opened read-only, it may predate the table, migration v6, or its floors, v7).
    private func sightingFactors() throws(RadioMapError) -> [CalibrationFactor] {
        try reading {
            guard try self.connection.hasTable("calibration_sighting_factors") else { return [] }
            let hasFloors = try self.connection.hasColumn("floor68", in: "calibration_sighting_factors")
            let statement = try self.connection.makeStatement(sql: """
                SELECT source, sightings, factor, factor95, samples, pooled,
                    \(hasFloors ? "floor68, floor95, floor_samples" : "NULL, NULL, NULL") FROM calibration_sighting_factors
                ORDER BY source, sightings
                """)
            var factors: [CalibrationFactor] = []
            while try statement.step() {
                guard let source = statement.text(0).flatMap(RadiusCalibration.Source.init(rawValue:)),
                    let sightings = statement.text(1).flatMap(RadiusCalibration.SightingBin.init(rawValue:))
                else { continue }
                let (factor, factor95) = (statement.double(2), statement.double(3))
                guard factor > 0, factor.isFinite, factor95 > 0, factor95.isFinite else { continue }
                let (floor68, floor95) = (statement.double(6), statement.double(7))
                let floors = floor68 > 0 && floor68.isFinite && floor95 > 0 && floor95.isFinite
                    ? CalibrationFactor.RadiusFloors(radius68: floor68, radius95: floor95, sampleCount: Int(statement.int64(8)))
                    : nil
                factors.append(CalibrationFactor(
                    source: source, bin: .one, factor: factor, sampleCount: Int(statement.int64(4)),
                    isPooled: statement.int64(5) != 0, factor95: factor95, sightings: sightings, radiusFloors: floors))
            }
            // In the enumeration's order (1, 2-9, 10-99, 100+), not the text's.
            let order = RadiusCalibration.SightingBin.allCases
            func rank(_ entry: CalibrationFactor) -> (String, Int) {
                (entry.source.rawValue, entry.sightings.flatMap(order.firstIndex(of:)) ?? 0)
            }
            return factors.sorted { rank($0) < rank($1) }
        }
    }

    /// A summary of what long-running readers load once from the map — calibration factors,
    /// stored fingerprints (tables and kept survey scans), places — that changes whenever
    /// `db calibrate`, an import, `watch --learn` or a forget changes any of them. A few
    /// aggregate queries: cheap enough to compare every few seconds (`serve` does).
    public struct LoadedDataStamp: Hashable, Sendable {
        fileprivate var values: [Double]
    }

    /// The map's `LoadedDataStamp` now.
    public func loadedDataStamp() throws(RadioMapError) -> LoadedDataStamp {
        try reading {
            let queries: [(table: String, sql: String)] = [
                ("calibration_factors", "SELECT count(*), coalesce(max(computed_at), 0) FROM calibration_factors"),
                ("fingerprints", "SELECT count(*), coalesce(max(id), 0) FROM fingerprints"),
                ("fingerprint_readings", "SELECT count(*), 0 FROM fingerprint_readings"),
                ("places", "SELECT EXISTS(SELECT 1 FROM places), 0"),
            ]
            var values: [Double] = []
            for (table, sql) in queries {
                guard try self.connection.hasTable(table) else {
                    values += [-1, -1]
                    continue
                }
                let row = try self.connection.makeStatement(sql: sql)
                _ = try row.step()
                values += [row.double(0), row.double(1)]
            }
            return LoadedDataStamp(values: values)
        }
    }

    /// Replaces the stored factors with `factors` and the kept survey scans with
    /// `surveyFingerprints`'s (none when nil), in one transaction: the factors were computed
    /// with those fingerprints, so neither is ever stored without the other. Every cell's
    /// faint level is set anew from its sightings in the same transaction, since the factors of
    /// `cell-faint` fixes were computed with them.
    public func replaceCalibration(
        _ factors: [CalibrationFactor], surveyFingerprints: SurveyFingerprints?, computedAt date: Date = Date()
    ) throws(RadioMapError) {
        precondition(mode == .readWrite, "replaceCalibration needs a radio map opened .readWrite")
        do {
            try connection.inTransaction {
                try writeSurveyFingerprints(surveyFingerprints)
                try refreshCellFaintSignals()
                try connection.execute("DELETE FROM calibration_factors")
                try connection.execute("DELETE FROM calibration_sighting_factors")
                let insert = try connection.makeStatement(sql: """
                    INSERT INTO calibration_factors(source, bin, factor, samples, pooled, computed_at, factor95)
                    VALUES(?, ?, ?, ?, ?, ?, ?)
                    """)
                let insertSightings = try connection.makeStatement(sql: """
                    INSERT INTO calibration_sighting_factors(
                        source, sightings, factor, factor95, samples, pooled, computed_at, floor68, floor95, floor_samples)
                    VALUES(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """)
                for entry in factors {
                    if let sightings = entry.sightings {
                        try insertSightings.execute([
                            .text(entry.source.rawValue), .text(sightings.rawValue), .real(entry.factor),
                            .real(entry.factor95 ?? entry.factor * Location.rayleigh95Over68),
                            .integer(Int64(entry.sampleCount)), .integer(entry.isPooled ? 1 : 0),
                            .real(date.timeIntervalSince1970), entry.radiusFloors.map { .real($0.radius68) } ?? .null,
                            entry.radiusFloors.map { .real($0.radius95) } ?? .null,
                            entry.radiusFloors.map { .integer(Int64($0.sampleCount)) } ?? .null,
                        ])
                        continue
                    }
                    try insert.execute([
                        .text(entry.source.rawValue), .text(entry.bin.rawValue), .real(entry.factor),
                        .integer(Int64(entry.sampleCount)), .integer(entry.isPooled ? 1 : 0),
                        .real(date.timeIntervalSince1970), entry.factor95.map { .real($0) } ?? .null,
                    ])
                }
            }
        } catch {
            throw RadioMapError.converting(error, path: path)
        }
    }

    /// How many survey sightings (Wi-Fi and cell) the map holds, counting no further than
    /// `limit` (so a country-sized map answers at once).
    public func surveySightingCount(upTo limit: Int) throws(RadioMapError) -> Int {
        try reading {
            var total = 0
            for table in ["ap_observations", "cell_observations"] where total < limit {
                total += Int(try self.connection.integer(
                    "SELECT count(*) FROM (SELECT 1 FROM \(table) LIMIT ?)", [.integer(Int64(limit - total))]))
            }
            return total
        }
    }

    /// How long a stretch of one surveyor's track is, for keeping its scans in one fold.
    static let trackStretchSeconds = 1800.0

    /// Every surveyed scan: raw observations sharing import (device), time and position, each
    /// with its recording session (`SurveyScan.session`: the import's scans in file order, cut
    /// where their times pause longer than `SessionCutter.defaultGap`).
    public func surveyScans() throws(RadioMapError) -> [SurveyScan] {
        try reading {
            struct Key: Hashable {
                var importID: Int64
                var time: Double?
                var latitude: Double
                var longitude: Double
            }
            var scans: [Key: SurveyScan] = [:]
            var order: [Key] = []
            // The first file line of each scan, to number the sessions in file order.
            var firstLine: [Key: Int64] = [:]
            func scan(_ key: Key, line: Int64) -> SurveyScan {
                firstLine[key] = min(firstLine[key] ?? line, line)
                if let existing = scans[key] { return existing }
                order.append(key)
                // A track stretch: one import (device) and one half hour.
                let halfHour = key.time.map { Int64(($0 / RadioMap.trackStretchSeconds).rounded(.down)) } ?? -1
                return SurveyScan(
                    position: Coordinate(latitude: key.latitude, longitude: key.longitude),
                    track: key.importID &* 1_000_000_007 &+ halfHour, recording: key.importID,
                    time: key.time.map(Date.init(timeIntervalSince1970:)))
            }
            let accessPoints = try self.connection.makeStatement(sql: """
                SELECT import_id, time, latitude, longitude, accuracy, signal, bssid, ssid, line FROM ap_observations
                ORDER BY import_id, line
                """)
            while try accessPoints.step() {
                let key = Key(
                    importID: accessPoints.int64(0), time: accessPoints.optionalDouble(1),
                    latitude: accessPoints.double(2), longitude: accessPoints.double(3))
                var entry = scan(key, line: accessPoints.int64(8))
                entry.accessPoints[BSSID(rawValue: UInt64(bitPattern: accessPoints.int64(6)))] = Self.observation(
                    key.latitude, key.longitude, accuracy: accessPoints.optionalDouble(4),
                    signal: accessPoints.optionalDouble(5), time: key.time, ssid: accessPoints.text(7))
                scans[key] = entry
            }
            let cells = try self.connection.makeStatement(sql: """
                SELECT import_id, time, latitude, longitude, accuracy, signal, radio, mcc, mnc, area, cell_id, line
                FROM cell_observations ORDER BY import_id, line
                """)
            while try cells.step() {
                guard let radio = cells.text(6).flatMap(RadioType.init(rawValue:)),
                    let identity = try? CellIdentity(
                        radio: radio, mcc: Int(cells.int64(7)), mnc: Int(cells.int64(8)), area: Int(cells.int64(9)),
                        cellID: cells.int64(10))
                else { continue }
                let key = Key(
                    importID: cells.int64(0), time: cells.optionalDouble(1), latitude: cells.double(2),
                    longitude: cells.double(3))
                var entry = scan(key, line: cells.int64(11))
                entry.cells[identity] = Self.observation(
                    key.latitude, key.longitude, accuracy: cells.optionalDouble(4), signal: cells.optionalDouble(5),
                    time: key.time, ssid: nil)
                scans[key] = entry
            }
            var cutters: [Int64: SessionCutter] = [:]
            for key in order.sorted(by: { ($0.importID, firstLine[$0] ?? 0) < ($1.importID, firstLine[$1] ?? 0) }) {
                var cutter = cutters[key.importID] ?? SessionCutter(gap: SessionCutter.defaultGap)
                scans[key]?.session = Int64(cutter.session(at: key.time.map(Date.init(timeIntervalSince1970:))))
                cutters[key.importID] = cutter
            }
            return order.compactMap { scans[$0] }
        }
    }

    /// Cells known from published reference data (not aggregated from this map's survey).
    public func publishedCells() throws(RadioMapError) -> [CellIdentity: KnownCell] {
        try reading {
            let statement = try self.connection.makeStatement(sql: """
                SELECT latitude, longitude, radius, samples, first_seen, last_seen, status, radio, mcc, mnc, area, cell_id
                FROM cells WHERE source <> 'survey'
                """)
            var cells: [CellIdentity: KnownCell] = [:]
            while try statement.step() {
                guard let radio = statement.text(7).flatMap(RadioType.init(rawValue:)),
                    let identity = try? CellIdentity(
                        radio: radio, mcc: Int(statement.int64(8)), mnc: Int(statement.int64(9)),
                        area: Int(statement.int64(10)), cellID: statement.int64(11))
                else { continue }
                cells[identity] = Self.cell(identity, from: statement)
            }
            return cells
        }
    }

    private static func observation(
        _ latitude: Double, _ longitude: Double, accuracy: Double?, signal: Double?, time: Double?, ssid: String?
    ) -> SurveyObservation {
        SurveyObservation(
            position: Coordinate(latitude: latitude, longitude: longitude), positionAccuracy: accuracy,
            signalStrength: signal, time: time.map(Date.init(timeIntervalSince1970:)), ssid: ssid)
    }
}
