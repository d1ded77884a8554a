import Foundation
import MapRendering
import PositioningCore

extension RadioMap {
    /// What the map knows around `center` (access points, cells, survey positions, places),
    /// for `db map`; nil `center` shows everything, centred on the emitters.
    ///
    /// Each kind is sampled evenly down to `limit` points so a picture of a large map stays
    /// small; the totals say how many there were.
    ///
    /// ```swift
    /// let coverage = try map.coverage(center: Coordinate(latitude: 52.52, longitude: 13.405), radius: 1_000)
    /// ```
    /// - Returns: nil when `center` is nil and the map holds no emitters and no observations.
    public func coverage(
        center: Coordinate?, radius: Double?, limit: Int = 20_000
    ) throws(RadioMapError) -> CoverageMap? {
        let hasPlaces = try hasPlaces()
        return try reading {
            var center = center
            var radius = radius ?? 1_000
            if center == nil {
                let everything = try self.coordinates(
                    sql: "SELECT latitude, longitude FROM access_points UNION ALL SELECT latitude, longitude FROM cells")
                let all = everything.isEmpty
                    ? try self.coordinates(sql: "SELECT DISTINCT latitude, longitude FROM cell_observations") : everything
                guard let middle = Geodesy.mean(all) else { return nil }
                center = middle
                radius = max(200, (all.map { Geodesy.distance(from: middle, to: $0) }.max() ?? 0) * 1.08)
            }
            let middle = center!
            var accessPoints: [CoverageMap.AccessPoint] = []
            var cells: [CoverageMap.Cell] = []
            var track: [Coordinate] = []
            var places: [Place] = []
            for box in Self.boxes(around: middle, radius: radius) {
                let bounds: [SQLiteValue] = [.real(box.minimumLatitude), .real(box.maximumLatitude),
                                             .real(box.minimumLongitude), .real(box.maximumLongitude)]
                let inBox = "latitude BETWEEN ?1 AND ?2 AND longitude BETWEEN ?3 AND ?4"
                let apStatement = try self.connection.cachedStatement(
                    sql: "SELECT latitude, longitude, status FROM access_points WHERE \(inBox)")
                apStatement.bind(bounds)
                while try apStatement.step() {
                    accessPoints.append(CoverageMap.AccessPoint(
                        coordinate: Coordinate(latitude: apStatement.double(0), longitude: apStatement.double(1)),
                        status: apStatement.text(2).flatMap(EmitterStatus.init(rawValue:)) ?? .usable))
                }
                apStatement.reset()
                let cellStatement = try self.connection.cachedStatement(
                    sql: "SELECT latitude, longitude, radius FROM cells WHERE \(inBox)")
                cellStatement.bind(bounds)
                while try cellStatement.step() {
                    cells.append(CoverageMap.Cell(
                        coordinate: Coordinate(latitude: cellStatement.double(0), longitude: cellStatement.double(1)),
                        radius: cellStatement.double(2)))
                }
                cellStatement.reset()
                track += try self.coordinates(sql: """
                    SELECT DISTINCT latitude, longitude FROM ap_observations WHERE \(inBox)
                    UNION SELECT DISTINCT latitude, longitude FROM cell_observations WHERE \(inBox)
                    """, bounds)
                if hasPlaces {
                    let placeStatement = try self.connection.cachedStatement(sql: """
                        SELECT \(Self.placeColumns) FROM places WHERE geonameid IN (
                            SELECT id FROM places_index
                            WHERE max_latitude >= ?1 AND min_latitude <= ?2 AND max_longitude >= ?3 AND min_longitude <= ?4)
                        ORDER BY population DESC LIMIT 500
                        """)
                    placeStatement.bind(bounds)
                    while try placeStatement.step() { places.append(Self.place(from: placeStatement)) }
                    placeStatement.reset()
                }
            }
            return CoverageMap(
                center: middle, radius: radius, accessPoints: Self.sample(accessPoints, limit: limit),
                cells: Self.sample(cells, limit: limit), track: Self.sample(track, limit: limit), places: places,
                accessPointTotal: accessPoints.count, cellTotal: cells.count, trackTotal: track.count)
        }
    }

    private func coordinates(sql: String, _ values: [SQLiteValue] = []) throws -> [Coordinate] {
        let statement = try connection.cachedStatement(sql: sql)
        statement.bind(values)
        var found: [Coordinate] = []
        while try statement.step() {
            found.append(Coordinate(latitude: statement.double(0), longitude: statement.double(1)))
        }
        statement.reset()
        return found
    }

    /// Every k-th element, so that at most `limit` remain, spread over the whole array.
    static func sample<Element>(_ elements: [Element], limit: Int) -> [Element] {
        guard elements.count > limit, limit > 0 else { return elements }
        let step = Double(elements.count) / Double(limit)
        return (0..<limit).map { elements[Int(Double($0) * step)] }
    }
}
