extension RadioMapSchema {
    /// The places tables: GeoNames populated places, their R*Tree index (points stored as
    /// zero-size boxes), and the country and admin-area names they refer to.
    static let placesMigration = """
        CREATE TABLE places(
            geonameid INTEGER PRIMARY KEY,
            name TEXT NOT NULL,
            ascii_name TEXT NOT NULL,
            latitude REAL NOT NULL,
            longitude REAL NOT NULL,
            feature_code TEXT NOT NULL,
            country_code TEXT NOT NULL,
            admin1_code TEXT NOT NULL,
            population INTEGER NOT NULL,
            import_id INTEGER NOT NULL REFERENCES imports(id));
        CREATE INDEX places_ascii_name ON places(ascii_name COLLATE NOCASE);
        CREATE INDEX places_name ON places(name COLLATE NOCASE);
        CREATE VIRTUAL TABLE places_index USING rtree(id, min_latitude, max_latitude, min_longitude, max_longitude);
        CREATE TABLE place_countries(code TEXT PRIMARY KEY, name TEXT NOT NULL) WITHOUT ROWID;
        CREATE TABLE place_admin_areas(key TEXT PRIMARY KEY, name TEXT NOT NULL, ascii_name TEXT NOT NULL) WITHOUT ROWID;
        """
}
