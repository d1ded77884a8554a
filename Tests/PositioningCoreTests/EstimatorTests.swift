import Foundation
import Testing
import TestSupport

@testable import PositioningCore

@Suite struct EstimatorTests {
    let estimator = WhereaboutsEstimator()

    /// Three agreeing routers around the origin.
    func cluster() -> RadioMapFixture {
        var map = RadioMapFixture()
        for bearing in [0.0, 120, 240] { map.addAccessPoint(30, bearing: bearing) }
        return map
    }

    @Test func nameIsWhereabouts() {
        #expect(estimator.name == "whereabouts")
    }

    @Test(arguments: [EmitterStatus.moved, .travelling, .unproven])
    func untrustedAccessPointsAreIgnored(status: EmitterStatus) throws {
        var map = cluster()
        let untrusted = map.addAccessPoint(3_000, signal: -40, status: status)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 15)
        #expect(map.reason(for: untrusted, in: estimate) == RejectionReason(rawValue: status.rawValue))
        #expect(!estimate.used.contains { $0.emitter == .accessPoint(untrusted) })
    }

    @Test(arguments: ["home_nomap", "office_optout_x"])
    func optedOutNetworksAreIgnored(ssid: String) throws {
        var map = cluster()
        let optedOut = map.addAccessPoint(400, signal: -40, ssid: ssid)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(map.reason(for: optedOut, in: estimate) == .optedOut)
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 15)
    }

    @Test func unknownAccessPointsAreListed() throws {
        var map = cluster()
        let stranger = map.addAccessPoint(0, known: false)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(map.reason(for: stranger, in: estimate) == .unknown)
    }

    @Test func aLoneFarMatchIsAnOutlierEvenWhenLoud() throws {
        var map = cluster()
        let far = map.addAccessPoint(5_000, bearing: 45, signal: -45)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(map.reason(for: far, in: estimate) == .outlier)
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 15)
        #expect(estimate.method == .accessPointCentroid)
    }

    @Test func twoEquallyTrustedPlacesAreNotedAsAmbiguous() throws {
        var map = RadioMapFixture()
        let near = map.addAccessPoint(0, signal: -60)
        let far = map.addAccessPoint(100_000, bearing: 90, signal: -80)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(estimate.used.map(\.emitter) == [.accessPoint(near)])
        #expect(map.reason(for: far, in: estimate) == .outlier)
        #expect(estimate.notes.contains { $0.contains("ambiguous") })
        // A clear majority is not ambiguous.
        let clear = try #require(estimator.estimatePosition(from: cluster().input))
        #expect(clear.notes.isEmpty)
    }

    @Test func strongerSignalPullsTheEstimate() throws {
        var map = RadioMapFixture()
        map.addAccessPoint(0, signal: -55)
        map.addAccessPoint(100, bearing: 90, signal: -85)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        let toStrong = Geodesy.distance(from: estimate.location.coordinate, to: map.origin)
        #expect(toStrong < 10)
        // Swapping the signals moves the estimate to the other end.
        map.wifi = map.wifi.map { var o = $0; o.signalStrength = o.signalStrength == -55 ? -85 : -55; return o }
        let swapped = try #require(estimator.estimatePosition(from: map.input))
        #expect(Geodesy.distance(from: swapped.location.coordinate, to: map.point(100, bearing: 90)) < 10)
    }

    @Test func virtualAccessPointsOfOneRouterCountOnce() throws {
        var map = RadioMapFixture()
        // One router with four networks (low bits and a locally administered variant) at the origin…
        for raw: UInt64 in [0x00AA_BBCC_DD10, 0x00AA_BBCC_DD11, 0x00AA_BBCC_DD12, 0x02AA_BBCC_DD10] {
            map.addAccessPoint(0, bssid: BSSID(rawValue: raw))
        }
        // …and one other router 100 m east, heard as well.
        map.addAccessPoint(100, bearing: 90)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        let fromOrigin = Geodesy.distance(from: estimate.location.coordinate, to: map.origin)
        #expect(abs(fromOrigin - 50) < 5, "expected the midpoint, got \(fromOrigin) m from the router")
        #expect(abs(estimate.used.reduce(0) { $0 + $1.weight } - 1) < 1e-9)
    }

    @Test func aSingleAccessPointAnswersWithItsRange() throws {
        var map = RadioMapFixture()
        map.addAccessPoint(0, radius: 80)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(estimate.method == .singleAccessPoint)
        #expect(estimate.location.source == .wifi)
        #expect(abs(estimate.location.horizontalAccuracy - 80 * estimator.wifi.parameters.radiusScale) < 1e-6)
    }

    @Test func radiusIsPositiveAndShrinksAsMoreRoutersAgree() throws {
        var radii: [Double] = []
        for count in [1, 2, 4, 8, 16] {
            var map = RadioMapFixture()
            for index in 0..<count { map.addAccessPoint(count == 1 ? 0 : 20, bearing: Double(index) * 360 / Double(count), radius: 100) }
            let estimate = try #require(estimator.estimatePosition(from: map.input))
            #expect(estimate.location.isValid)
            radii.append(estimate.location.horizontalAccuracy)
        }
        #expect(radii == radii.sorted(by: >), "radii \(radii)")
        #expect(radii.last! < radii.first! * 0.7)
        #expect(radii.allSatisfy { $0 >= estimator.wifi.parameters.radiusFloor })
    }

    @Test func calibrationFactorsScaleTheRadius() throws {
        var map = RadioMapFixture()
        map.addAccessPoint(0, radius: 80)
        var calibration = RadiusCalibration()
        calibration.setFactor(2, for: .wifi, bin: .one)
        let plain = try #require(estimator.estimatePosition(from: map.input))
        let scaled = try #require(WhereaboutsEstimator(calibration: calibration).estimatePosition(from: map.input))
        #expect(abs(scaled.location.horizontalAccuracy - 2 * plain.location.horizontalAccuracy) < 1e-6)
        #expect(calibration.factor(for: .wifi, emitterCount: 2) == 1)
        #expect(RadiusCalibration.CountBin(count: 7) == .fiveToNine)
    }

    @Test func nothingUsableGivesNoEstimate() {
        var map = RadioMapFixture()
        map.addAccessPoint(0, known: false)
        map.addAccessPoint(10, status: .moved)
        #expect(estimator.estimatePosition(from: map.input) == nil)
    }

    @Test(arguments: [(latitude: 10.0, longitude: 179.9995), (latitude: 89.9995, longitude: 0.0)])
    func centroidsStaySaneAtTheAntimeridianAndNearThePole(latitude: Double, longitude: Double) throws {
        var map = RadioMapFixture(origin: Coordinate(latitude: latitude, longitude: longitude))
        for bearing in [45.0, 135, 225, 315] { map.addAccessPoint(100, bearing: bearing) }
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(estimate.used.count == 4)
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 5)
        #expect(estimate.location.coordinate.isValid)
    }
}
