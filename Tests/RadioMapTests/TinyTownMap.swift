import Foundation
import PositioningCore
import TestSupport
import WorldSimulator

@testable import RadioMap

/// A tiny simulated town's survey and published cells imported into a fresh map.
struct TinyTownMap {
    let directory = TemporaryDirectory("radiomap-town")
    let town: Town
    let path: String
    let map: RadioMap

    init(seed: UInt64 = 3, publishedCells: Bool = true) throws {
        town = Town(TownSpecification(seed: seed, centre: TownSpecification.defaultCentre, size: .tiny))
        _ = try TownWriter(town: town).write(to: directory.url.path)
        path = RadioMapFixtures.mapPath(in: directory)
        map = try RadioMap(path: path, mode: .readWrite)
        for name in [TownWriter.FileName.survey] + (publishedCells ? [TownWriter.FileName.cells] : []) {
            _ = try map.importSurvey(at: directory.path(name), options: ImportOptions(), progress: nil)
        }
    }

    /// Another map of the same town at `path`, without importing anything.
    init(sameTownAs other: TinyTownMap, path: String) throws {
        town = other.town
        self.path = path
        map = try RadioMap(path: path, mode: .readWrite)
    }

    func count(_ table: String) throws -> Int64 {
        try map.connection.integer("SELECT count(*) FROM \(table)")
    }

    /// Every aggregated access point and cell, rounded to centimetres, for comparing two maps.
    func snapshot() throws -> [String] {
        var rows: [String] = []
        for sql in ["SELECT bssid, round(latitude, 7), round(longitude, 7), samples, status FROM access_points ORDER BY 1",
                    "SELECT radio, mcc, mnc, area, cell_id, round(latitude, 7), round(longitude, 7), samples, source FROM cells ORDER BY 1, 2, 3, 4, 5"] {
            let statement = try map.connection.makeStatement(sql: sql)
            while try statement.step() {
                rows.append((0..<statement.columnCount).map { statement.text($0) ?? "null" }.joined(separator: "|"))
            }
        }
        return rows
    }

    /// The fixes of the town's Wi-Fi queries against the map, with the emitters each used.
    func fixes() throws -> [(coordinate: Coordinate, used: [String])?] {
        var fixes: [(coordinate: Coordinate, used: [String])?] = []
        let estimator = WhereaboutsEstimator()
        try town.forEachQuery { query in
            guard query.kind == .wifi else { return }
            let input = try map.estimationInput(
                for: query.scan.geolocateRequest, now: Date(timeIntervalSince1970: Double(query.scan.time)))
            fixes.append(estimator.estimatePosition(from: input).map {
                ($0.location.coordinate, $0.used.map(\.emitter.description))
            })
        }
        return fixes
    }
}
