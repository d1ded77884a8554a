import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

/// Cells calibrated with whole recording sessions held out: a map surveyed by many walks, each
/// through one part of town, and queried by walks it never saw. Refits without the scan alone
/// leave the scan's own walk beside it, so the cell radius fits the survey's walks and misses
/// the new ones; held out session by session, it holds.
@Suite(.onItsOwnThread) struct SessionCellCalibrationTests {
    static let origin = Coordinate(latitude: 32.1, longitude: 35.2)
    static let plane = LocalTangentPlane(origin: origin)
    /// Towers on a 3 km grid, 5 × 5, all in one location area.
    static let towers: [(east: Double, north: Double)] = (0..<25).map { index in
        let column = Double(index % 5 - 2)
        let row = Double(index / 5 - 2)
        return (column * 3000, row * 3000)
    }

    /// The serving cell at a point: its nearest tower.
    static func servingCell(east: Double, north: Double) -> Int {
        func distance(_ index: Int) -> Double { hypot(towers[index].east - east, towers[index].north - north) }
        return towers.indices.min { distance($0) < distance($1) }! + 1
    }

    static func identity(_ cell: Int) -> CellIdentity {
        try! CellIdentity(radio: .gsm, mcc: 425, mnc: 1, area: 7, cellID: Int64(cell))
    }

    /// `count` walks of 40 scans 15 m apart from random starts in town, a day apart: each scan
    /// hears its serving cell.
    static func walks(_ count: Int, seed: UInt64) -> [[(position: Coordinate, cell: Int, time: Date)]] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { walk in
            var (east, north) = (random.unit() * 12_000 - 6000, random.unit() * 12_000 - 6000)
            let heading = random.unit() * 2 * Double.pi
            return (0..<40).map { step in
                east += 15 * cos(heading)
                north += 15 * sin(heading)
                let time = Date(timeIntervalSince1970: 1_700_000_000 + Double(walk) * 86_400 + Double(step) * 5)
                return (plane.unproject(east: east, north: north), servingCell(east: east, north: north), time)
            }
        }
    }

    /// The survey walks as one WiGLE file: one import, its sessions told apart by their pauses.
    static func writeSurvey(_ walks: [[(position: Coordinate, cell: Int, time: Date)]], to path: String) throws {
        let format = DateFormatter()
        format.locale = Locale(identifier: "en_US_POSIX")
        format.timeZone = TimeZone(identifier: "UTC")
        format.dateFormat = "yyyy-MM-dd HH:mm:ss"
        var text = "WigleWifi-1.4,appRelease=eval-split,model=test,release=1,device=test,display=test,board=test,brand=test\n"
            + "MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type\n"
        for walk in walks {
            for scan in walk {
                text += "42501_7_\(scan.cell),,GSM,\(format.string(from: scan.time)),0,-80,"
                    + "\(scan.position.latitude),\(scan.position.longitude),0,5,GSM\n"
            }
        }
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// How often the truth fell inside the radii, of how many queries.
    struct Coverage {
        var inside68 = 0
        var inside95 = 0
        var queries = 0

        var share68: Double { Double(inside68) / Double(max(queries, 1)) }
        var share95: Double { Double(inside95) / Double(max(queries, 1)) }
    }

    /// A map of 80 walks, calibrated with `holdOut` (without its sighting-decade factors unless
    /// `bySightings`), and the coverage of 30 other walks' scans by their cell-only fix's radii:
    /// all of them, and those answered by a thinly surveyed cell (10–99 sightings: one or two
    /// walks placed it).
    static func coverage(
        _ holdOut: CrossValidatedCalibration.CellHoldOut, bySightings: Bool = true
    ) throws -> (all: Coverage, thin: Coverage) {
        let directory = TemporaryDirectory()
        let survey = directory.path("walks.csv")
        try writeSurvey(walks(80, seed: 11), to: survey)
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        _ = try map.importSurvey(at: survey, options: ImportOptions(), progress: nil)
        let outcome = try MapCalibration(cellHoldOut: holdOut).recalibrate(map)
        #expect(outcome.samples >= 1000, "\(outcome.samples) held-out fixes")
        let factors = try map.calibrationFactors().filter { bySightings || $0.sightings == nil }
        let estimator = WhereaboutsEstimator(calibration: ConformalCalibration.radiusCalibration(factors))
        var (all, thin) = (Coverage(), Coverage())
        for scan in walks(30, seed: 97).joined() {
            let cell = identity(scan.cell)
            let known = try map.cells(for: [cell])
            let input = EstimationInput(
                cells: [CellObservation(identity: cell, signalStrength: -80)], knownCells: known,
                areas: try map.areas(for: [cell.areaIdentity]), now: Date())
            let fix = try #require(estimator.estimatePosition(from: input))
            let error = Geodesy.distance(from: fix.location.coordinate, to: scan.position)
            let inside = (error <= fix.location.horizontalAccuracy, error <= (try #require(fix.location.horizontalAccuracy95)))
            let isThin = (10..<100).contains(known[cell]?.sampleCount ?? 0)
            for index in isThin ? [0, 1] : [0] {
                var coverage = index == 0 ? all : thin
                coverage.queries += 1
                if inside.0 { coverage.inside68 += 1 }
                if inside.1 { coverage.inside95 += 1 }
                if index == 0 { all = coverage } else { thin = coverage }
            }
        }
        return (all, thin)
    }

    @Test func aMapsSessionsAreItsImportsCutAtLongPauses() throws {
        let directory = TemporaryDirectory()
        let survey = directory.path("walks.csv")
        try Self.writeSurvey(Self.walks(3, seed: 5), to: survey)
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        _ = try map.importSurvey(at: survey, options: ImportOptions(), progress: nil)
        let scans = try map.surveyScans()
        #expect(Set(scans.map(\.recording)).count == 1, "one file, one import")
        // Three walks a day apart: three sessions, each of one walk's 40 scans.
        let sessions = Dictionary(grouping: scans, by: \.session).mapValues(\.count)
        #expect(sessions == [0: 40, 1: 40, 2: 40])
    }

    @Test func cellRadiiCalibratedSessionBySessionHoldOnWalksNeverSeen() throws {
        let sessions = try Self.coverage(.session)
        #expect(sessions.all.share68 >= 0.60, "68 % radius held \(sessions.all.share68)")
        #expect(sessions.all.share95 >= 0.90, "95 % radius held \(sessions.all.share95)")
        #expect(sessions.thin.queries >= 100)
        #expect(sessions.thin.share68 >= 0.60, "thinly surveyed cells: 68 % radius held \(sessions.thin.share68)")
        #expect(sessions.thin.share95 >= 0.85, "thinly surveyed cells: 95 % radius held \(sessions.thin.share95)")
        // Without the scan alone, each held-out scan keeps its own walk in the refit: a cell
        // that walk placed seems to stand where the walk went, and new walks fall outside.
        let scans = try Self.coverage(.scan)
        #expect(scans.thin.share68 < 0.30, "scan hold-out, thinly surveyed cells: 68 % radius held \(scans.thin.share68)")
    }

    @Test func thinlySurveyedCellsGetTheirOwnWiderFactor() throws {
        // Pooled with the cells many walks placed, the thin ones' radius is too narrow.
        let pooled = try Self.coverage(.session, bySightings: false)
        #expect(pooled.thin.share68 < 0.55, "without sighting decades, thin cells' 68 % radius held \(pooled.thin.share68)")
        let binned = try Self.coverage(.session)
        #expect(binned.thin.share68 >= pooled.thin.share68 + 0.10)
    }

    @Test func sightingFactorsAreStoredAndReadBackInTheirOrder() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let count = CalibrationFactor(source: .cell, bin: .one, factor: 0.8, sampleCount: 90, isPooled: false, factor95: 2)
        let decades = RadiusCalibration.SightingBin.allCases.enumerated().map { index, bin in
            CalibrationFactor(
                source: .cell, bin: .one, factor: 3 - Double(index) * 0.5, sampleCount: index == 3 ? 90 : 30,
                isPooled: index == 3, factor95: 6 - Double(index), sightings: bin)
        }
        try map.replaceCalibration([count] + decades.reversed(), surveyFingerprints: nil)
        #expect(try map.calibrationFactors() == [count] + decades)
        // A map calibrated before the table existed (migration v6) reads its count bins alone.
        try map.connection.execute("DROP TABLE calibration_sighting_factors")
        #expect(try map.calibrationFactors() == [count])
    }
}
