import Foundation

/// The radio map's schema: an application id and an ordered list of named migrations, each
/// recorded in `schema_migrations` once applied.
enum RadioMapSchema {
    /// `PRAGMA application_id`: "WhAb" — marks the file as a Whereabouts radio map.
    static let applicationID: Int32 = 0x5768_4162

    /// Migrations in the order they must run; never edit or reorder a released one, append.
    static let migrations: [(name: String, sql: String)] = [
        ("v1-initial", """
        CREATE TABLE imports(
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            size INTEGER NOT NULL,
            content_hash TEXT NOT NULL UNIQUE,
            format TEXT NOT NULL,
            rows_read INTEGER NOT NULL,
            rows_imported INTEGER NOT NULL,
            rows_rejected INTEGER NOT NULL,
            imported_at REAL NOT NULL);
        CREATE INDEX imports_size ON imports(size);
        -- Raw sightings, clustered by emitter so re-aggregating one reads adjacent pages.
        CREATE TABLE ap_observations(
            bssid INTEGER NOT NULL,
            import_id INTEGER NOT NULL REFERENCES imports(id),
            line INTEGER NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            accuracy REAL,
            signal REAL,
            time REAL,
            ssid TEXT,
            PRIMARY KEY(bssid, import_id, line)) WITHOUT ROWID;
        CREATE TABLE cell_observations(
            radio TEXT NOT NULL,
            mcc INTEGER NOT NULL,
            mnc INTEGER NOT NULL,
            area INTEGER NOT NULL,
            cell_id INTEGER NOT NULL,
            import_id INTEGER NOT NULL REFERENCES imports(id),
            line INTEGER NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            accuracy REAL,
            signal REAL,
            time REAL,
            PRIMARY KEY(radio, mcc, mnc, area, cell_id, import_id, line)) WITHOUT ROWID;
        CREATE TABLE access_points(
            bssid INTEGER PRIMARY KEY,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            radius REAL NOT NULL,
            samples INTEGER NOT NULL,
            first_seen REAL,
            last_seen REAL,
            status TEXT NOT NULL,
            ssid TEXT);
        -- source: 'survey' (aggregated from cell_observations) or 'opencellid' (published).
        CREATE TABLE cells(
            radio TEXT NOT NULL,
            mcc INTEGER NOT NULL,
            mnc INTEGER NOT NULL,
            area INTEGER NOT NULL,
            cell_id INTEGER NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            radius REAL NOT NULL,
            samples INTEGER NOT NULL,
            first_seen REAL,
            last_seen REAL,
            status TEXT NOT NULL,
            source TEXT NOT NULL,
            PRIMARY KEY(radio, mcc, mnc, area, cell_id)) WITHOUT ROWID;
        CREATE TABLE areas(
            radio TEXT NOT NULL,
            mcc INTEGER NOT NULL,
            mnc INTEGER NOT NULL,
            area INTEGER NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            radius REAL NOT NULL,
            cell_count INTEGER NOT NULL,
            PRIMARY KEY(radio, mcc, mnc, area)) WITHOUT ROWID;
        """),
        RadioMap.calibrationFactorsMigration,
        // Which import published a cell, so `db forget-import` can take an OpenCellID file back.
        ("v2-published-cell-import", """
        ALTER TABLE cells ADD COLUMN import_id INTEGER;
        """),
        // Wi-Fi fingerprints from surveys that anonymise BSSIDs (UJIIndoorLoc): one row per spot,
        // its readings clustered under it.
        ("v2-fingerprints", """
        CREATE TABLE fingerprints(
            id INTEGER PRIMARY KEY,
            import_id INTEGER NOT NULL REFERENCES imports(id),
            line INTEGER NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            floor INTEGER,
            building TEXT,
            time REAL);
        CREATE INDEX fingerprints_import ON fingerprints(import_id);
        CREATE TABLE fingerprint_readings(
            fingerprint_id INTEGER NOT NULL REFERENCES fingerprints(id),
            access_point TEXT NOT NULL,
            signal REAL NOT NULL,
            PRIMARY KEY(fingerprint_id, access_point)) WITHOUT ROWID;
        """),
        // Populated places (GeoNames) for `locate`'s place and `geocode`; an R*Tree finds the
        // nearest place without scanning (see RadioMap+Places.swift).
        ("v2-places", RadioMapSchema.placesMigration),
        // Fingerprint matching looks up the fingerprints that heard a scan's access points.
        ("v3-fingerprint-readings-by-access-point", """
        CREATE INDEX fingerprint_readings_access_point ON fingerprint_readings(access_point);
        """),
        // What retention keeps of raw sightings it drops: one row per emitter and import
        // (see RadioMap+Retention.swift). Empty until `keep_observations_days` drops something.
        ("v3-observation-summaries", RadioMapSchema.observationSummariesMigration),
        // The survey's own scans kept as fingerprints by `db calibrate` where they locate better
        // than access points alone (RadioMap+SurveyFingerprints.swift); imported tables have 0.
        ("v4-survey-fingerprints", "ALTER TABLE fingerprints ADD COLUMN from_survey INTEGER NOT NULL DEFAULT 0;"),
        // The 95 % radius factor beside the 68 % one; NULL in maps calibrated before (their 95 %
        // radius is derived from the 68 % one, see RadiusCalibration.derived95Note).
        ("v5-calibration-factor95", "ALTER TABLE calibration_factors ADD COLUMN factor95 REAL;"),
        // Mondrian radius factors of cell fixes by their cells' sighting decade (1, 2-9, 10-99,
        // 100+), beside the count bins' (RadioMap+Calibration.swift); empty in maps calibrated before.
        RadioMap.sightingFactorsMigration,
        // Radius floors of area answers by their area's known cells (1, 2-9, 10-99, 100+), from
        // well-known areas thinned to so few cells (AreaThinning.swift); NULL in maps calibrated before.
        RadioMap.sightingFloorsMigration,
        // Each cell's faint level, the lower quartile of its sightings' signal levels
        // (RadioMap+CellFaintSignals.swift); NULL until the cell is re-aggregated or the map calibrated.
        RadioMap.cellFaintSignalMigration,
    ]

    /// Brings a writable connection's schema up to date, each migration in its own transaction.
    static func migrate(_ connection: SQLiteConnection) throws {
        try connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations(name TEXT PRIMARY KEY, applied_at REAL NOT NULL)")
        func isApplied(_ name: String) throws -> Bool {
            try connection.integer("SELECT count(*) FROM schema_migrations WHERE name = ?", [.text(name)]) > 0
        }
        for migration in migrations where try !isApplied(migration.name) {
            try connection.inTransaction {
                // Another process may have applied it since the check above: two imports started
                // together on a new radio map both find it missing, and one waits for the other.
                guard try !isApplied(migration.name) else { return }
                try connection.execute(migration.sql)
                try connection.cachedStatement(
                    sql: "INSERT INTO schema_migrations(name, applied_at) VALUES(?, ?)"
                ).execute([.text(migration.name), .real(Date().timeIntervalSince1970)])
            }
        }
    }
}
