import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

/// Area answers from an area the map knows only thinly: a second network covers the town of
/// `SessionCellCalibrationTests`, and the survey saw one of its cells once. Queries anywhere in
/// town hear that network's other cells, unknown to the map, and get the area's answer — the
/// one cell's place, kilometres off, with that cell's range as its raw radius. The radius floors
/// learned from the first network's area, thinned to one cell, make the circles hold them.
@Suite(.onItsOwnThread) struct AreaFloorCalibrationTests {
    typealias Town = SessionCellCalibrationTests

    /// The thin network's cell `cell` (location area 8 of MNC 2).
    static func thinIdentity(_ cell: Int) -> CellIdentity {
        try! CellIdentity(radio: .gsm, mcc: 425, mnc: 2, area: 8, cellID: Int64(cell))
    }

    /// A map of 80 walks of the first network plus one sighting of the thin network's cell 1 at a
    /// tower 4.2 km from the town's centre, a day after the walks, calibrated session by session.
    static func calibratedMap(in directory: TemporaryDirectory) throws -> RadioMap {
        let survey = directory.path("walks.csv")
        try Town.writeSurvey(Town.walks(80, seed: 11), to: survey)
        let lone = Town.plane.unproject(east: 3000, north: 3000)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: survey))
        handle.seekToEndOfFile()
        handle.write(Data("42502_8_1,,GSM,2024-02-04 00:00:00,0,-80,\(lone.latitude),\(lone.longitude),0,5,GSM\n".utf8))
        try handle.close()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        _ = try map.importSurvey(at: survey, options: ImportOptions(), progress: nil)
        _ = try MapCalibration(cellHoldOut: .session).recalibrate(map)
        return map
    }

    /// Coverage of 30 new walks' scans, each hearing the thin network's serving cell (unknown to
    /// the map), by the radii of their area answers under `factors`.
    static func coverage(of map: RadioMap, factors: [CalibrationFactor]) throws -> SessionCellCalibrationTests.Coverage {
        let estimator = WhereaboutsEstimator(calibration: ConformalCalibration.radiusCalibration(factors))
        var coverage = SessionCellCalibrationTests.Coverage()
        for scan in Town.walks(30, seed: 97).joined() {
            let cell = thinIdentity(scan.cell + 1)
            let input = EstimationInput(
                cells: [CellObservation(identity: cell, signalStrength: -80)], knownCells: try map.cells(for: [cell]),
                areas: try map.areas(for: [cell.areaIdentity]), now: Date())
            let fix = try #require(estimator.estimatePosition(from: input))
            #expect(fix.method == .area)
            let error = Geodesy.distance(from: fix.location.coordinate, to: scan.position)
            coverage.queries += 1
            if error <= fix.location.horizontalAccuracy { coverage.inside68 += 1 }
            if error <= (try #require(fix.location.horizontalAccuracy95)) { coverage.inside95 += 1 }
        }
        return coverage
    }

    @Test func anAreaKnownFromOneCellHoldsQueriesFarFromIt() throws {
        let directory = TemporaryDirectory()
        let map = try Self.calibratedMap(in: directory)
        let factors = try map.calibrationFactors()
        let oneCell = try #require(factors.first { $0.source == .area && $0.sightings == .one })
        #expect(oneCell.radiusFloors != nil, "the one-cell area bin has a radius floor")
        let floored = try Self.coverage(of: map, factors: factors)
        #expect(floored.queries >= 1000)
        #expect(floored.share95 >= 0.90, "95 % radius held \(floored.share95)")
        #expect(floored.share68 >= 0.60, "68 % radius held \(floored.share68)")
        // Scaled from the one cell's range alone, the circles miss most of town.
        let unfloored = try Self.coverage(of: map, factors: factors.map { entry in
            var entry = entry
            entry.radiusFloors = nil
            return entry
        })
        #expect(unfloored.share95 < 0.5, "without floors, the 95 % radius held \(unfloored.share95)")
    }

    @Test func floorsAreStoredAndReadBack() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let floors = CalibrationFactor.RadiusFloors(radius68: 4_000, radius95: 9_500, sampleCount: 120)
        let entries = [
            CalibrationFactor(
                source: .area, bin: .one, factor: 1.5, sampleCount: 40, isPooled: false, factor95: 3, sightings: .one,
                radiusFloors: floors),
            CalibrationFactor(source: .area, bin: .one, factor: 0.7, sampleCount: 40, isPooled: true, factor95: 1.2, sightings: .twoToNine),
        ]
        try map.replaceCalibration(entries, surveyFingerprints: nil)
        #expect(try map.calibrationFactors() == entries)
        // An area answer from one known cell with a 500 m raw radius gets the floors' circles.
        let calibration = ConformalCalibration.radiusCalibration(try map.calibrationFactors())
        let radii = calibration.radii(rawRadius: 500, source: .area, emitterCount: 1, sightings: 1)
        #expect(radii.radius68 == 4_000 && radii.radius95 == 9_500)
    }
}
