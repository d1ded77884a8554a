import Foundation
import Testing

@testable import PositioningCore

/// A cell learned from a survey of one street and queried across town: the spatially blocked
/// hold-out (`CellBlocks`) must give it a radius that holds there, where refits without the
/// scan alone calibrate it for the surveyed street only.
@Suite struct CellBlockCalibrationTests {
    static let cell = try! CellIdentity(radio: .lte, mcc: 262, mnc: 1, area: 40, cellID: 4001)
    static let centre = Coordinate(latitude: 50, longitude: 8)
    static let plane = LocalTangentPlane(origin: centre)

    /// Two walks along one 1.2 km east–west street through the cell's centre, a scan every 10 m.
    static func streetSurvey() -> [SurveyScan] {
        var scans: [SurveyScan] = []
        for walk in 0..<2 {
            for step in 0...120 {
                let position = plane.unproject(east: Double(step * 10 - 600), north: 0)
                let time = Date(timeIntervalSince1970: 1_700_000_000 + Double(walk * 86_400 + step * 8))
                scans.append(SurveyScan(
                    position: position,
                    cells: [cell: SurveyObservation(position: position, positionAccuracy: 5, signalStrength: -80, time: time)],
                    track: Int64(walk), recording: Int64(walk), time: time))
            }
        }
        return scans
    }

    /// Points every 50 m within 800 m of the cell's centre, at least 100 m off the street: where
    /// the town's other people hear the same cell.
    static let acrossTown: [Coordinate] = stride(from: -800, through: 800, by: 50).flatMap { east in
        stride(from: -800, through: 800, by: 50).compactMap { north -> Coordinate? in
            let (east, north) = (Double(east), Double(north))
            guard (east * east + north * north).squareRoot() <= 800, abs(north) >= 100 else { return nil }
            return plane.unproject(east: east, north: north)
        }
    }

    /// The share of `acrossTown` inside the 68 % and 95 % radii of the cell-only fix, with the
    /// cell aggregated from the whole survey and calibrated by `holdOut`.
    static func coverage(_ holdOut: CrossValidatedCalibration.CellHoldOut) throws -> (inside68: Double, inside95: Double) {
        let scans = streetSurvey()
        var calibrator = CrossValidatedCalibration()
        calibrator.cellHoldOut = holdOut
        let samples = calibrator.samples(from: scans, now: Date())
        #expect(samples.count >= ConformalCalibration.minimumBinSamples)
        #expect(samples.allSatisfy { $0.source == .cell })
        let factors = ConformalCalibration.factors(from: samples)
        let known = try #require(EmitterAggregator.aggregateCell(cell, observations: scans.compactMap { $0.cells[cell] }))
        let estimator = WhereaboutsEstimator(calibration: ConformalCalibration.radiusCalibration(factors))
        var inside68 = 0
        var inside95 = 0
        for truth in acrossTown {
            let input = EstimationInput(
                cells: [CellObservation(identity: cell, signalStrength: -95)], knownCells: [cell: known], now: Date())
            let fix = try #require(estimator.estimatePosition(from: input))
            let error = Geodesy.distance(from: fix.location.coordinate, to: truth)
            if error <= fix.location.horizontalAccuracy { inside68 += 1 }
            if error <= (try #require(fix.location.horizontalAccuracy95)) { inside95 += 1 }
        }
        return (Double(inside68) / Double(acrossTown.count), Double(inside95) / Double(acrossTown.count))
    }

    @Test func aCellLearnedOnOneStreetHoldsItsRadiusAcrossTown() throws {
        let blocked = try Self.coverage(.block)
        #expect(blocked.inside68 >= 0.60, "68 % radius held \(blocked.inside68) of the queries across town")
        #expect(blocked.inside95 >= 0.90, "95 % radius held \(blocked.inside95) of the queries across town")
        // Refit without the scan alone, every held-out scan stands on the street: the radius
        // fits the street and misses most of the town.
        let street = try Self.coverage(.scan)
        #expect(street.inside68 < 0.40, "scan hold-out: 68 % radius held \(street.inside68)")
    }

    @Test func aDenselySurveyedCellKeepsItsRefitsClose() {
        // Sightings on a 20 m grid over the cell's whole disk: no point of it lies far from one,
        // so the blocks stay small and the held-out scans stay queries among sightings.
        var positions: [Coordinate] = []
        for east in stride(from: -600, through: 600, by: 20) {
            for north in stride(from: -600, through: 600, by: 20) {
                positions.append(Self.plane.unproject(east: Double(east), north: Double(north)))
            }
        }
        let gaps = CellBlocks.gaps(centre: Self.centre, radius: 540, sightings: positions)
        #expect(gaps.count == CellBlocks.probeCount)
        #expect(gaps.max()! <= 15)
        // The same disk surveyed along one street: gaps up to most of its radius.
        let street = stride(from: -600, through: 600, by: 10).map { Self.plane.unproject(east: Double($0), north: 0) }
        let streetGaps = CellBlocks.gaps(centre: Self.centre, radius: 540, sightings: street)
        #expect(streetGaps.max()! > 400)
        #expect(streetGaps == streetGaps.sorted())
    }
}
