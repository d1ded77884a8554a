import Foundation
import Testing
import TestSupport

@testable import PositioningCore

/// Places on a toy floor near Castelló, and a moment in its survey.
enum FingerprintWorld {
    static let origin = Coordinate(latitude: 39.9929, longitude: -0.0677)
    static let start = Date(timeIntervalSince1970: 1_371_700_000)

    static func place(east: Double, north: Double) -> Coordinate {
        Geodesy.destination(from: Geodesy.destination(from: origin, distance: east, bearing: 90), distance: north, bearing: 0)
    }
}

@Suite struct FingerprintCalibrationTests {
    @Test func aFingerprintsOwnVisitNeverVouchesForIt() throws {
        // Two spots 20 m apart, each visited once (five scans a second apart): held out with its
        // visit, a scan can only match the other spot — never its own siblings at zero error.
        var fingerprints: [Fingerprint] = []
        for spot in 0..<2 {
            for repeatScan in 0..<5 {
                let readings = (0..<4).map {
                    FingerprintReading(accessPoint: "WAP\($0)", signalStrength: -50 - 6 * Double(abs(2 * spot - $0)))
                }
                fingerprints.append(Fingerprint(
                    position: FingerprintWorld.place(east: Double(spot) * 20, north: 0), floor: 0, building: "1",
                    time: FingerprintWorld.start.addingTimeInterval(Double(spot * 60 + repeatScan)), readings: readings))
            }
        }
        let samples = FingerprintCalibration().samples(from: fingerprints)
        #expect(samples.count == fingerprints.count)
        #expect(samples.allSatisfy { $0.source == .fingerprint && abs($0.error - 20) < 0.5 }, "\(samples.map(\.error))")
    }

    @Test func aFingerprintFixCarriesTheFingerprintFactorAndSaysSo() throws {
        var map = RadioMapFixture()
        let known = (0..<3).map { map.addAccessPoint(30, bearing: Double($0) * 120, signal: -60) }
        var input = map.input
        input.fingerprints = (0..<4).map { spot in
            Fingerprint(
                position: map.point(Double(spot) * 5), floor: 1, building: "7", time: nil,
                readings: known.map { .init(accessPoint: $0.description, signalStrength: -60 - Double(spot)) })
        }
        let raw = try #require(WhereaboutsEstimator().estimatePosition(from: input))
        #expect(raw.method == .fingerprint)
        #expect(raw.isRadiusCalibrated == false)

        // Wi-Fi factors are for access-point centroids: they leave a fingerprint fix alone.
        var wifiOnly = RadiusCalibration()
        for bin in RadiusCalibration.CountBin.allCases { wifiOnly.setFactor(3, for: .wifi, bin: bin) }
        let untouched = try #require(WhereaboutsEstimator(calibration: wifiOnly).estimatePosition(from: input))
        #expect(untouched.location.horizontalAccuracy == raw.location.horizontalAccuracy)
        #expect(untouched.isRadiusCalibrated == false)

        var withFingerprint = wifiOnly
        withFingerprint.setFactor(0.6, for: .fingerprint, bin: .threeToFour)
        let scaled = try #require(WhereaboutsEstimator(calibration: withFingerprint).estimatePosition(from: input))
        #expect(scaled.isRadiusCalibrated == true)
        #expect(abs(scaled.location.horizontalAccuracy - 0.6 * raw.location.horizontalAccuracy) < 1e-9)
        // …and evaluation recovers the raw radius and the fingerprint bin behind it.
        let inspected = try #require(InspectedFix.inspect(WhereaboutsEstimator(calibration: withFingerprint), input: input))
        #expect(inspected.rawRadius == raw.location.horizontalAccuracy)
        #expect(inspected.bin == .threeToFour)
        #expect(RadiusCalibration.Source(of: inspected.estimate) == .fingerprint)
    }
}
