import Foundation
import Testing
import TestSupport

@testable import PositioningCore

/// A toy survey: two buildings 200 m apart, two floors each, four spots per floor 10 m apart.
/// Each floor has its own strong access points; the neighbours floor's leak through weakly.
struct FingerprintFixture {
    static let origin = Coordinate(latitude: 39.9929, longitude: -0.0677)

    /// The strong access points of `building`'s `floor`.
    static func accessPoints(building: Int, floor: Int) -> [String] {
        (0..<3).map { "WAP\(building)\(floor)\($0)" }
    }

    static func spot(building: Int, index: Int) -> Coordinate {
        Geodesy.destination(from: origin, distance: Double(building) * 200 + Double(index) * 10, bearing: 90)
    }

    /// What is heard at spot `index` of `building`'s `floor`, `offset` dB added to every reading.
    static func readings(building: Int, floor: Int, index: Int, offset: Double = 0) -> [FingerprintReading] {
        var readings: [FingerprintReading] = []
        for (number, name) in accessPoints(building: building, floor: floor).enumerated() {
            // Each access point is loudest at "its" spot along the corridor.
            readings.append(.init(accessPoint: name, signalStrength: -45 - 8 * abs(Double(index - number)) + offset))
        }
        for name in accessPoints(building: building, floor: 1 - floor) {
            readings.append(.init(accessPoint: name, signalStrength: -85 + offset))
        }
        return readings
    }

    static var survey: [Fingerprint] {
        var fingerprints: [Fingerprint] = []
        for building in 0..<2 {
            for floor in 0..<2 {
                for index in 0..<4 {
                    fingerprints.append(Fingerprint(
                        position: spot(building: building, index: index), floor: floor, building: String(building), time: nil,
                        readings: readings(building: building, floor: floor, index: index)))
                }
            }
        }
        return fingerprints
    }
}

@Suite struct FingerprintMatcherTests {
    let matcher = FingerprintMatcher(fingerprints: FingerprintFixture.survey)

    @Test(arguments: [(0, 0), (0, 1), (1, 0), (1, 1)])
    func theRightBuildingAndFloorWin(building: Int, floor: Int) throws {
        let match = try #require(matcher.match(FingerprintFixture.readings(building: building, floor: floor, index: 2)))
        #expect(match.building == String(building))
        #expect(match.floor == floor)
        #expect(Geodesy.distance(from: match.coordinate, to: FingerprintFixture.spot(building: building, index: 2)) < 10)
    }

    @Test func aPhoneThatReadsEveryNetworkLowStillFindsItsFloor() throws {
        let match = try #require(matcher.match(FingerprintFixture.readings(building: 1, floor: 1, index: 1, offset: -12)))
        #expect(match.building == "1")
        #expect(match.floor == 1)
        #expect(Geodesy.distance(from: match.coordinate, to: FingerprintFixture.spot(building: 1, index: 1)) < 15)
    }

    @Test func missingAndUnknownAccessPointsDoNotMisleadIt() throws {
        var readings = FingerprintFixture.readings(building: 0, floor: 1, index: 3)
        readings.removeFirst()  // one of the floor's own access points not heard this time
        readings.append(.init(accessPoint: "WAP-new-neighbour", signalStrength: -50))
        let match = try #require(matcher.match(readings))
        #expect(match.building == "0")
        #expect(match.floor == 1)
        #expect(match.unknownAccessPoints == 1)
    }

    @Test func aScanSharingNothingWithTheSurveyIsNotMatched() {
        #expect(matcher.match([.init(accessPoint: "WAP-elsewhere", signalStrength: -60)]) == nil)
    }

    @Test func closerSignalsMakeACloserMatchThanAPlainNearestNeighbourOnDecibels() throws {
        // Both find the spot itself for an exact replay; the baseline exists for eval's comparison.
        let plain = FingerprintMatcher(fingerprints: FingerprintFixture.survey, parameters: .plainNearestNeighbour)
        let replay = FingerprintFixture.readings(building: 1, floor: 0, index: 0)
        let match = try #require(plain.match(replay))
        #expect(match.bestDistance == 0)
        #expect(match.floor == 0 && match.building == "1")
    }
}

@Suite struct FingerprintEstimatorTests {
    /// The toy survey keyed by BSSIDs, as a map whose fingerprints came from GPS-tagged scans.
    static func bssid(_ name: String) -> BSSID {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return BSSID(rawValue: (hash & 0x00FF_FFFF_FFFF) & ~0x0300_0000_0000)
    }

    static func keyedByBSSID(_ readings: [FingerprintReading]) -> [FingerprintReading] {
        readings.map { .init(accessPoint: bssid($0.accessPoint).description, signalStrength: $0.signalStrength) }
    }

    @Test func aCloseMatchAnswersWithFloorAndBuildingAndSaysSo() throws {
        let survey = FingerprintFixture.survey.map {
            var fingerprint = $0
            fingerprint.readings = Self.keyedByBSSID(fingerprint.readings)
            return fingerprint
        }
        let heard = FingerprintFixture.readings(building: 1, floor: 1, index: 2)
        let input = EstimationInput(
            wifi: heard.map { WiFiObservation(bssid: Self.bssid($0.accessPoint), signalStrength: $0.signalStrength) },
            fingerprints: survey)
        let estimate = try #require(WhereaboutsEstimator().estimatePosition(from: input))
        #expect(estimate.method == .fingerprint)
        #expect(estimate.building == "1")
        #expect(estimate.floor == 1)
        #expect(estimate.isRadiusCalibrated == false)
    }

    @Test func aPoorMatchLeavesTheAnswerToTheAccessPointCentroid() throws {
        var map = RadioMapFixture()
        let known = (0..<3).map { map.addAccessPoint(30, bearing: Double($0) * 120) }
        // The only fingerprint shares one access point with the scan: too little to trust.
        var input = map.input
        input.fingerprints = [Fingerprint(
            position: map.point(500), floor: 3, building: "far", time: nil,
            readings: [.init(accessPoint: known[0].description, signalStrength: -70)])]
        let estimate = try #require(WhereaboutsEstimator().estimatePosition(from: input))
        #expect(estimate.method == .accessPointCentroid)
        #expect(estimate.floor == nil)
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 40)
    }
}

@Suite struct CalibratedFlagTests {
    @Test func aWiFiFixIsNotCalledCalibratedWhenOnlyCellFactorsExist() throws {
        var map = RadioMapFixture()
        for bearing in [0.0, 120, 240] { map.addAccessPoint(30, bearing: bearing) }
        var cellOnly = RadiusCalibration()
        for bin in RadiusCalibration.CountBin.allCases { cellOnly.setFactor(0.7, for: .cell, bin: bin) }
        let uncalibrated = try #require(WhereaboutsEstimator(calibration: cellOnly).estimatePosition(from: map.input))
        #expect(uncalibrated.location.source == .wifi)
        #expect(uncalibrated.isRadiusCalibrated == false)

        var wifi = cellOnly
        wifi.setFactor(0.8, for: .wifi, bin: .threeToFour)
        let calibrated = try #require(WhereaboutsEstimator(calibration: wifi).estimatePosition(from: map.input))
        #expect(calibrated.isRadiusCalibrated == true)
        #expect(abs(calibrated.location.horizontalAccuracy - 0.8 * uncalibrated.location.horizontalAccuracy) < 1e-9)
    }
}
