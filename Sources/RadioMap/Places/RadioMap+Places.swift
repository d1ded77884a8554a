import Foundation
import PositioningCore

/// A place found near a position: the place, named, and how far away it is.
public struct NearbyPlace: Hashable, Sendable {
    /// The place with its admin area and country names.
    public var place: NamedPlace
    /// Great-circle distance from the queried position, metres.
    public var distance: Double

    /// Creates a result.
    public init(place: NamedPlace, distance: Double) {
        self.place = place
        self.distance = distance
    }
}

extension RadioMap {
    /// Whether the map holds any places (a GeoNames dump was imported). False for maps made
    /// before the places tables existed and opened read-only.
    public func hasPlaces() throws(RadioMapError) -> Bool {
        try reading {
            guard try self.connection.hasTable("places") else { return false }
            return try self.connection.integer("SELECT EXISTS(SELECT 1 FROM places)") > 0
        }
    }

    /// The populated place nearest to `coordinate`, or nil when the map has no places.
    ///
    /// Searches the R*Tree (its ids and boxes only, no table rows) in boxes that grow ×4 from
    /// 10 km until one holds a place; the nearest of those, at distance d, bounds the answer,
    /// so one last search of radius d finds the true nearest. A query reads a few index pages.
    /// (The index stores float32 boxes, about a metre; the distance returned is exact.)
    ///
    /// ```swift
    /// if let nearby = try map.nearestPlace(to: fix.coordinate) {
    ///     print("\(Int(nearby.distance)) m from \(nearby.place.displayName)")
    /// }
    /// ```
    public func nearestPlace(to coordinate: Coordinate) throws(RadioMapError) -> NearbyPlace? {
        guard try hasPlaces() else { return nil }
        return try reading {
            var radius = 10_000.0
            var bounded = false
            while true {
                let whole = radius >= Geodesy.earthRadius * .pi
                var best: (id: Int64, distance: Double)?
                for box in Self.boxes(around: coordinate, radius: whole ? Geodesy.earthRadius * .pi : radius) {
                    try self.forEachIndexedPlace(in: box) { id, position in
                        let distance = Geodesy.distance(from: coordinate, to: position)
                        if best == nil || distance < best!.distance { best = (id, distance) }
                    }
                }
                if let best, best.distance <= radius || bounded || whole {
                    guard let place = try self.place(id: best.id) else { return nil }
                    return NearbyPlace(place: try self.named(place),
                                       distance: Geodesy.distance(from: coordinate, to: place.coordinate))
                }
                if whole { return nil }
                if let best {
                    // Nothing nearer than `best` can lie outside its radius: search that once more.
                    radius = best.distance * 1.0001 + 2
                    bounded = true
                } else {
                    radius *= 4
                }
            }
        }
    }

    /// Places whose name (or ASCII name) matches `name`, best first: exact matches before
    /// prefix matches before matches inside the name, then by population.
    ///
    /// ```swift
    /// let matches = try map.places(named: "herzl", limit: 5)
    /// ```
    public func places(named name: String, limit: Int = 10) throws(RadioMapError) -> [NamedPlace] {
        let query = name.trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty, try hasPlaces() else { return [] }
        return try reading {
            let escaped = query.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_")
            let statement = try self.connection.cachedStatement(sql: """
                SELECT \(Self.placeColumns),
                    CASE WHEN name = ?1 COLLATE NOCASE OR ascii_name = ?1 COLLATE NOCASE THEN 0
                         WHEN name LIKE ?2 ESCAPE '\\' OR ascii_name LIKE ?2 ESCAPE '\\' THEN 1 ELSE 2 END AS rank
                FROM places
                WHERE name LIKE ?3 ESCAPE '\\' OR ascii_name LIKE ?3 ESCAPE '\\'
                ORDER BY rank, population DESC, geonameid LIMIT ?4
                """)
            statement.bind([.text(query), .text(escaped + "%"), .text("%" + escaped + "%"), .integer(Int64(max(limit, 1)))])
            var found: [Place] = []
            while try statement.step() { found.append(Self.place(from: statement)) }
            statement.reset()
            return try found.map { try self.named($0) }
        }
    }

    /// Columns `place(from:)` reads, in order.
    static let placeColumns =
        "geonameid, name, ascii_name, latitude, longitude, feature_code, country_code, admin1_code, population"

    static func place(from statement: SQLiteStatement) -> Place {
        Place(
            id: statement.int64(0), name: statement.text(1) ?? "", asciiName: statement.text(2) ?? "",
            coordinate: Coordinate(latitude: statement.double(3), longitude: statement.double(4)),
            featureCode: statement.text(5) ?? "", countryCode: statement.text(6) ?? "",
            admin1Code: statement.text(7) ?? "", population: statement.int64(8))
    }

    /// A latitude/longitude box of the index.
    struct PlaceBox {
        var minimumLatitude, maximumLatitude, minimumLongitude, maximumLongitude: Double
    }

    /// The boxes (one, or two across the antimeridian) that hold every point within `radius`
    /// metres of `center`.
    static func boxes(around center: Coordinate, radius: Double) -> [PlaceBox] {
        let latitudeSpan = radius / Geodesy.earthRadius * 180 / .pi
        let south = center.latitude - latitudeSpan
        let north = center.latitude + latitudeSpan
        // Near a pole (or for a huge radius) every longitude is within reach.
        guard south > -89, north < 89, latitudeSpan < 60 else {
            return [PlaceBox(minimumLatitude: max(south, -90), maximumLatitude: min(north, 90),
                             minimumLongitude: -180, maximumLongitude: 180)]
        }
        let widest = cos(max(abs(south), abs(north)) * .pi / 180)
        let longitudeSpan = latitudeSpan / widest
        guard longitudeSpan < 180 else {
            return [PlaceBox(minimumLatitude: south, maximumLatitude: north, minimumLongitude: -180, maximumLongitude: 180)]
        }
        let west = center.longitude - longitudeSpan
        let east = center.longitude + longitudeSpan
        if west < -180 {
            return [PlaceBox(minimumLatitude: south, maximumLatitude: north, minimumLongitude: -180, maximumLongitude: east),
                    PlaceBox(minimumLatitude: south, maximumLatitude: north, minimumLongitude: west + 360, maximumLongitude: 180)]
        }
        if east > 180 {
            return [PlaceBox(minimumLatitude: south, maximumLatitude: north, minimumLongitude: west, maximumLongitude: 180),
                    PlaceBox(minimumLatitude: south, maximumLatitude: north, minimumLongitude: -180, maximumLongitude: east - 360)]
        }
        return [PlaceBox(minimumLatitude: south, maximumLatitude: north, minimumLongitude: west, maximumLongitude: east)]
    }

    /// Calls `body` with the id and (index) position of every place in `box`.
    private func forEachIndexedPlace(in box: PlaceBox, _ body: (Int64, Coordinate) -> Void) throws {
        let statement = try connection.cachedStatement(sql: """
            SELECT id, min_latitude, max_latitude, min_longitude, max_longitude FROM places_index
            WHERE max_latitude >= ? AND min_latitude <= ? AND max_longitude >= ? AND min_longitude <= ?
            """)
        statement.bind([.real(box.minimumLatitude), .real(box.maximumLatitude), .real(box.minimumLongitude),
                        .real(box.maximumLongitude)])
        while try statement.step() {
            body(statement.int64(0), Coordinate(latitude: (statement.double(1) + statement.double(2)) / 2,
                                                longitude: (statement.double(3) + statement.double(4)) / 2))
        }
        statement.reset()
    }

    private func place(id: Int64) throws -> Place? {
        let statement = try connection.cachedStatement(sql: "SELECT \(Self.placeColumns) FROM places WHERE geonameid = ?")
        statement.bind([.integer(id)])
        defer { statement.reset() }
        return try statement.step() ? Self.place(from: statement) : nil
    }

    private func named(_ place: Place) throws -> NamedPlace {
        let country = try connection.cachedStatement(sql: "SELECT name FROM place_countries WHERE code = ?")
        country.bind([.text(place.countryCode)])
        let countryName = try country.step() ? country.text(0) : nil
        country.reset()
        let area = try connection.cachedStatement(sql: "SELECT name FROM place_admin_areas WHERE key = ?")
        area.bind([.text(place.admin1Key)])
        let areaName = try area.step() ? area.text(0) : nil
        area.reset()
        return NamedPlace(place: place, adminAreaName: areaName, countryName: countryName)
    }
}
