import Foundation
import PositioningCore
import RadioMap
import TestSupport
import Testing
import TownTestSupport
import WorldSimulator

@testable import LocationService

@Suite(.preparing(TestTown.fixture), .onItsOwnThread) struct RadioMapResolverTests {
    let town = TestTown.shared

    var request: GeolocateRequest {
        let sample = town.walk.first { !$0.wifi.isEmpty && !$0.cells.isEmpty }!
        return sample.geolocateRequest
    }

    @Test func theKeptConnectionSeesWhatAnImportCommitsLater() throws {
        let directory = TemporaryDirectory("resolver")
        let path = directory.path("map.sqlite")
        let resolver = RadioMapResolver(path: path)
        #expect(throws: RadioMapError.self, "no map yet") { try resolver.estimate(request, at: Date()) }

        let writer = try RadioMap(path: path, mode: .readWrite)
        #expect(try resolver.estimate(request, at: Date()) == nil, "an empty map knows nothing heard")
        _ = try writer.importSurvey(at: town.file(TownWriter.FileName.survey), options: ImportOptions(), progress: nil)
        let estimate = try #require(try resolver.estimate(request, at: Date()), "the import is visible to the same resolver")
        #expect(estimate.0.location.horizontalAccuracy > 0)
    }

    @Test func aCalibrationStoredLaterScalesTheRadiusAndItsKeptScansPlaceTheFixes() async throws {
        // As `locate` and `serve` do: once a calibration (`db calibrate`'s) has stored factors (and kept the
        // survey's scans as fingerprints), the same resolver uses them, without a restart.
        let directory = TemporaryDirectory("resolver-calibration")
        let path = directory.path("map.sqlite")
        try FileManager.default.copyItem(atPath: town.path, toPath: path)
        let resolver = RadioMapResolver(path: path)
        let samples = town.walk.indices.filter { !town.walk[$0].wifi.isEmpty }
        func walkErrors() throws -> (errors: [Double], calibrated: Int, fingerprint: Int) {
            var errors: [Double] = [], calibrated = 0, fingerprint = 0
            for index in samples {
                guard let (estimate, _) = try resolver.estimate(town.walk[index].geolocateRequest, at: Date()) else { continue }
                errors.append(Geodesy.distance(from: estimate.location.coordinate, to: town.walkTruth[index].coordinate))
                if estimate.isRadiusCalibrated == true { calibrated += 1 }
                if estimate.method == .fingerprint { fingerprint += 1 }
            }
            return (errors.sorted(), calibrated, fingerprint)
        }
        let before = try walkErrors()
        #expect(before.calibrated == 0 && before.fingerprint == 0, "an uncalibrated map: raw radius, no kept scans")

        // Calibrated in-process, as `db calibrate` does, through another connection.
        let outcome = try MapCalibration().recalibrate(try RadioMap(path: path, mode: .readWrite))
        #expect(!outcome.factors.isEmpty && outcome.surveyFingerprints != nil, "the town's walks keep their scans")
        // The resolver looks at the map every few seconds; wait for it with a deadline.
        let probe = town.walk[samples[0]].geolocateRequest
        let end = ContinuousClock.now + .seconds(60)
        while try resolver.estimate(probe, at: Date())?.0.isRadiusCalibrated != true, ContinuousClock.now < end {
            try await Task.sleep(for: .milliseconds(100))
        }
        let after = try walkErrors()
        #expect(after.calibrated == after.errors.count, "every Wi-Fi fix takes a stored factor")
        #expect(after.fingerprint > after.errors.count / 2, "most of the walk matches the kept survey scans")
        let (medianBefore, medianAfter) = (before.errors[before.errors.count / 2], after.errors[after.errors.count / 2])
        #expect(medianAfter < 0.8 * medianBefore, "walk median \(medianBefore) m before, \(medianAfter) m after")
    }
}
