extension RadioMapSchema {
    /// Summary tables: weighted centre, total weight, sample count, 90 % spread and first/last
    /// time of the sightings of one emitter from one import that retention dropped.
    static let observationSummariesMigration = """
        CREATE TABLE ap_observation_summaries(
            bssid INTEGER NOT NULL,
            import_id INTEGER NOT NULL REFERENCES imports(id),
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            weight REAL NOT NULL,
            samples INTEGER NOT NULL,
            spread REAL NOT NULL,
            first_seen REAL,
            last_seen REAL,
            ssid TEXT,
            PRIMARY KEY(bssid, import_id)) WITHOUT ROWID;
        CREATE TABLE cell_observation_summaries(
            radio TEXT NOT NULL,
            mcc INTEGER NOT NULL,
            mnc INTEGER NOT NULL,
            area INTEGER NOT NULL,
            cell_id INTEGER NOT NULL,
            import_id INTEGER NOT NULL REFERENCES imports(id),
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            weight REAL NOT NULL,
            samples INTEGER NOT NULL,
            spread REAL NOT NULL,
            first_seen REAL,
            last_seen REAL,
            PRIMARY KEY(radio, mcc, mnc, area, cell_id, import_id)) WITHOUT ROWID;
        """
}
