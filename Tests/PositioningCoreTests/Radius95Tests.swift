import Foundation
import Testing
import TestSupport

@testable import PositioningCore

/// The 95 % circle beside the 68 % one: its own conformal factor, and a conservative one for
/// maps calibrated before 95 % factors existed.
@Suite struct Radius95Tests {
    @Test func eachFactorCarriesItsOwn95PercentRank() throws {
        // 30 ratios 0.1 … 3.0: ⌈31 · 0.68⌉ = 22nd (2.2) and ⌈31 · 0.95⌉ = 30th (3.0).
        let samples = (1...30).map { CalibrationSample(source: .wifi, emitterCount: 5, error: Double($0), rawRadius: 10) }
        let factor = try #require(ConformalCalibration.factors(from: samples).first { $0.bin == .fiveToNine })
        #expect(abs(factor.factor - 2.2) < 1e-12)
        #expect(abs(try #require(factor.factor95) - 3.0) < 1e-12)
        let calibration = ConformalCalibration.radiusCalibration([factor])
        var estimate = PositionEstimate(
            location: Location(coordinate: Coordinate(latitude: 52, longitude: 13), horizontalAccuracy: 1, source: .wifi),
            method: .accessPointCentroid)
        calibration.apply(rawRadius: 10, source: .wifi, emitterCount: 7, to: &estimate)
        #expect(abs(estimate.location.horizontalAccuracy - 22) < 1e-9)
        #expect(abs(estimate.location.accuracy95 - 30) < 1e-9)
        #expect(estimate.isRadiusCalibrated == true)
        #expect(!estimate.notes.contains(RadiusCalibration.derived95Note))
    }

    @Test func aMapCalibratedBefore95PercentFactorsDerivesItsCircleAndSaysSo() {
        var calibration = RadiusCalibration()
        calibration.setFactor(2, for: .cell, bin: .one)
        var estimate = PositionEstimate(
            location: Location(coordinate: Coordinate(latitude: 52, longitude: 13), horizontalAccuracy: 1, source: .cell),
            method: .accessPointCentroid)
        calibration.apply(rawRadius: 100, source: .cell, emitterCount: 1, to: &estimate)
        #expect(abs(estimate.location.horizontalAccuracy - 200) < 1e-9)
        // √(−2 ln 0.05) / √(−2 ln 0.32) = 2.448 / 1.510: a circular Gaussian's 95 % / 68 % radii.
        #expect(abs(estimate.location.accuracy95 - 200 * 2.4477 / 1.5096) < 0.1)
        #expect(estimate.notes.contains(RadiusCalibration.derived95Note))
    }

    @Test func aGaussianFixesRadiiHoldTheirLevelsOnFreshDraws() {
        // Errors of a circular Gaussian (σ = 10 m, raw radius 10 m): calibrated on 2000 draws,
        // the radii hold fresh draws about 68 % and 95 % of the time. With 4000 fresh draws the
        // binomial standard deviation is ≤ 0.75 points; ±3 points is four of them plus the
        // calibration sample's own spread.
        var random = SplitMix64(seed: 7)
        func draw() -> Double {
            let u = 1 - random.unit()  // in (0, 1]
            return 10 * (-2 * log(u)).squareRoot()
        }
        let samples = (0..<2000).map { _ in CalibrationSample(source: .wifi, emitterCount: 3, error: draw(), rawRadius: 10) }
        let calibration = ConformalCalibration.radiusCalibration(ConformalCalibration.factors(from: samples))
        let radius68 = calibration.calibrated(10, source: .wifi, emitterCount: 3)
        let radius95 = calibration.calibrated95(10, source: .wifi, emitterCount: 3)
        let fresh = (0..<4000).map { _ in draw() }
        let inside68 = Double(fresh.count { $0 <= radius68 }) / 4000
        let inside95 = Double(fresh.count { $0 <= radius95 }) / 4000
        #expect(abs(inside68 - 0.68) < 0.03, "68 % radius held \(inside68)")
        #expect(abs(inside95 - 0.95) < 0.03, "95 % radius held \(inside95)")
    }
}
