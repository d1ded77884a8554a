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

    @Test func anUnmappedWiFiFactorIsStoredAndAMapWithoutOneScalesSuchFixesAsWiFi() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let wifi = CalibrationFactor(source: .wifi, bin: .two, factor: 0.6, sampleCount: 40, isPooled: false, factor95: 1.5)
        let unmapped = CalibrationFactor(
            source: .wifiUnmapped, bin: .two, factor: 4.7, sampleCount: 293, isPooled: false, factor95: 10.2)
        try map.replaceCalibration([wifi, unmapped], surveyFingerprints: nil)
        #expect(Set(try map.calibrationFactors()) == [wifi, unmapped])
        let both = ConformalCalibration.radiusCalibration(try map.calibrationFactors())
        #expect(abs(both.calibrated(10, source: .wifiUnmapped, emitterCount: 2) - 47) < 1e-9)
        #expect(abs(both.calibrated95(10, source: .wifiUnmapped, emitterCount: 2) - 102) < 1e-9)
        // A map calibrated before the kind existed: such fixes keep Wi-Fi's factors, as before.
        try map.connection.execute("DELETE FROM calibration_factors WHERE source = 'wifi-unmapped'")
        let before = ConformalCalibration.radiusCalibration(try map.calibrationFactors())
        #expect(abs(before.calibrated(10, source: .wifiUnmapped, emitterCount: 2) - 6) < 1e-9)
        #expect(abs(before.calibrated95(10, source: .wifiUnmapped, emitterCount: 2) - 15) < 1e-9)
        #expect(before.hasFactor(for: .wifiUnmapped, emitterCount: 2))
    }

    @Test func aHalfUnmappedFixTakesTheMilderUnmappedFactorsWhenItsKindHasNone() throws {
        let directory = TemporaryDirectory()
        let map = try RadioMap(path: RadioMapFixtures.mapPath(in: directory), mode: .readWrite)
        let wifi = CalibrationFactor(source: .wifi, bin: .two, factor: 0.6, sampleCount: 40, isPooled: false, factor95: 1.5)
        let unmapped = CalibrationFactor(
            source: .wifiUnmapped, bin: .two, factor: 4.7, sampleCount: 293, isPooled: false, factor95: 10.2)
        let half = CalibrationFactor(
            source: .wifiHalfUnmapped, bin: .two, factor: 7.5, sampleCount: 120, isPooled: false, factor95: 16)
        try map.replaceCalibration([wifi, unmapped, half], surveyFingerprints: nil)
        #expect(Set(try map.calibrationFactors()) == [wifi, unmapped, half])
        let all = ConformalCalibration.radiusCalibration(try map.calibrationFactors())
        #expect(abs(all.calibrated(10, source: .wifiHalfUnmapped, emitterCount: 2) - 75) < 1e-9)
        #expect(abs(all.calibrated95(10, source: .wifiHalfUnmapped, emitterCount: 2) - 160) < 1e-9)
        // Without its own factors (a map calibrated before the kind existed): the unmapped
        // kind's, and without those Wi-Fi's.
        try map.connection.execute("DELETE FROM calibration_factors WHERE source = 'wifi-half-unmapped'")
        let milder = ConformalCalibration.radiusCalibration(try map.calibrationFactors())
        #expect(abs(milder.calibrated(10, source: .wifiHalfUnmapped, emitterCount: 2) - 47) < 1e-9)
        #expect(abs(milder.calibrated95(10, source: .wifiHalfUnmapped, emitterCount: 2) - 102) < 1e-9)
        try map.connection.execute("DELETE FROM calibration_factors WHERE source = 'wifi-unmapped'")
        let wifiOnly = ConformalCalibration.radiusCalibration(try map.calibrationFactors())
        #expect(abs(wifiOnly.calibrated(10, source: .wifiHalfUnmapped, emitterCount: 2) - 6) < 1e-9)
    }
}
