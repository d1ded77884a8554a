import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

/// The 95 % factors are stored beside the 68 % ones; a map calibrated before keeps working.
@Suite struct StoredFactor95Tests {
    @Test func the95PercentFactorIsStoredAndAMapCalibratedBeforeHasNone() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let factor = CalibrationFactor(source: .wifi, bin: .two, factor: 1.4, sampleCount: 40, isPooled: false, factor95: 3.1)
        try map.replaceCalibration([factor], surveyFingerprints: nil)
        #expect(try map.calibrationFactors() == [factor])
        // As a map calibrated before migration v5 reads: its rows have no 95 % factor.
        try map.connection.execute("UPDATE calibration_factors SET factor95 = NULL")
        let old = try #require(try map.calibrationFactors().first)
        #expect(old.factor == 1.4 && old.factor95 == nil)
        let calibration = ConformalCalibration.radiusCalibration([old])
        #expect(!calibration.hasFactor95(for: .wifi, emitterCount: 2))
        #expect(abs(calibration.calibrated95(10, source: .wifi, emitterCount: 2) - 14 * Location.rayleigh95Over68) < 1e-9)
    }
}
