import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

/// Calibration in-process, as `db calibrate`, an import into a calibrated map and a learning
/// session do it: the factors are stored with the kept survey scans, and a map never
/// calibrated is left raw.
@Suite(.onItsOwnThread) struct MapCalibrationTests {
    @Test func aMapNeverCalibratedStaysRaw() throws {
        let town = try TinyTownMap()
        guard case .notCalibrated = try town.map.keepCalibrated() else {
            Issue.record("an uncalibrated map must not be calibrated on the way")
            return
        }
        #expect(try town.map.calibrationFactors().isEmpty)
        #expect(try town.count("calibration_factors") == 0)
    }

    @Test func aCalibratedMapIsRecalibratedAndStoresWhatItFound() throws {
        let town = try TinyTownMap()
        let calibration = MapCalibration()
        let found = try calibration.crossValidate(town.map)
        #expect(try town.map.calibrationFactors().isEmpty, "cross-validating alone stores nothing")
        #expect(found.samples > 100 && !found.factors.isEmpty, "\(found.samples) held-out fixes")

        let stored = try calibration.recalibrate(town.map)
        func figures(_ factors: [CalibrationFactor]) -> [String] {
            factors.map { "\($0.source.rawValue) \($0.bin.rawValue) \($0.factor) \($0.sampleCount)" }.sorted()
        }
        #expect(figures(stored.factors) == figures(found.factors), "the same survey, seed and hold-out: the same factors")
        #expect(figures(try town.map.calibrationFactors()) == figures(stored.factors))
        let kept = try town.map.connection.integer("SELECT count(*) FROM fingerprints WHERE from_survey = 1")
        #expect(kept == Int64(stored.surveyFingerprints?.entries.count ?? 0), "the kept scans are stored with the factors")

        // As after an import or a learning session (here nothing changed, so neither do the
        // factors): a calibrated map is recalibrated on its own.
        guard case .recalibrated(let again) = try town.map.keepCalibrated() else {
            Issue.record("a calibrated map of \(try town.map.surveySightingCount(upTo: 1_000_000)) sightings is recalibrated")
            return
        }
        #expect(figures(again.factors) == figures(stored.factors))
    }
}
