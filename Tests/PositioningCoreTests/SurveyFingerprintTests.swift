import Foundation
import Testing
import TestSupport

@testable import PositioningCore

/// A survey's own scans as fingerprints: what they keep, how a held-out scan is kept from
/// matching its own walk, when calibration keeps them, and how a middling match is weighed
/// against the access-point centroid.
@Suite struct SurveyFingerprintTests {
    static let hotspot = BSSID("da:a1:19:00:00:01")!
    static let routers = (1...4).map { BSSID(rawValue: 0x00_1a_2b_00_00_00 + UInt64($0)) }

    static func observation(_ position: Coordinate, signal: Double, time: Date) -> SurveyObservation {
        SurveyObservation(position: position, positionAccuracy: 5, signalStrength: signal, time: time, ssid: nil)
    }

    /// A scan at `east` metres along a street, hearing `routers` (and the surveyor's hotspot),
    /// each louder the nearer it is to router i at 20·i metres.
    static func scan(east: Double, north: Double = 0, recording: Int64, time: Double, routers: [BSSID] = routers) -> SurveyScan {
        let position = FingerprintWorld.place(east: east, north: north)
        let when = FingerprintWorld.start.addingTimeInterval(time)
        var heard: [BSSID: SurveyObservation] = [:]
        for (index, router) in routers.enumerated() {
            heard[router] = observation(position, signal: -40 - 0.5 * abs(east - 20 * Double(index)), time: when)
        }
        heard[hotspot] = observation(position, signal: -44, time: when)
        return SurveyScan(position: position, accessPoints: heard, track: recording, recording: recording, time: when)
    }

    @Test func aScanBecomesAFingerprintOfItsUsableAccessPointsOnly() {
        let scans = [Self.scan(east: 0, recording: 1, time: 0),
                     Self.scan(east: 10, recording: 1, time: 8, routers: Array(Self.routers.prefix(2)))]
        let survey = SurveyFingerprints(scans: scans) { $0 != Self.hotspot }
        // The hotspot is in every scan of its surveyor's walk: it would make the whole walk look
        // like one place. The second scan keeps two routers, too few to be a fingerprint.
        #expect(survey.entries.count == 1)
        #expect(survey.entries[0].fingerprint.readings.map(\.accessPoint) == Self.routers.map(\.description))
        #expect(survey.entries[0].recording == 1)
        let matcher = survey.matcher(parameters: FingerprintPolicy().matching)
        #expect(!matcher.knows(Self.hotspot.description))
        #expect(matcher.knows(Self.routers[0].description))
    }

    @Test func aHeldOutScanIsMatchedAgainstOtherWalksNeverItsOwn() {
        // Walk 1 passes x = 0 and, five seconds later, x = 2; walk 2 passes x = 0 on the other
        // pavement, 12 m north. Held out with its walk's ±2 min, each scan can only match the
        // other walk — 12 m away — never itself (0 m) or its own neighbour (2 m).
        let scans = [Self.scan(east: 0, recording: 1, time: 0), Self.scan(east: 2, recording: 1, time: 5),
                     Self.scan(east: 0, north: 12, recording: 2, time: 9000)]
        var calibration = CrossValidatedCalibration(maximumScans: 10)
        calibration.surveyFingerprints = SurveyFingerprints(scans: scans) { $0 != Self.hotspot }
        let samples = calibration.samples(from: scans, now: FingerprintWorld.start)
        #expect(samples.count == 3)
        #expect(samples.allSatisfy { $0.source == .fingerprint }, "\(samples.map(\.source))")
        #expect(samples.allSatisfy { $0.error > 11.5 && $0.error < 13 }, "\(samples.map(\.error))")
    }

    @Test func calibrationKeepsFingerprintsOnlyForAClearGainOnEnoughScans() {
        let base = Array(repeating: 40.0, count: 60)
        #expect(SurveyFingerprints.Trial(withoutFingerprints: base, withFingerprints: base.map { $0 * 0.9 }).keepsFingerprints)
        #expect(!SurveyFingerprints.Trial(withoutFingerprints: base, withFingerprints: base.map { $0 * 0.97 }).keepsFingerprints)
        #expect(!SurveyFingerprints.Trial(withoutFingerprints: base, withFingerprints: base.map { $0 * 1.2 }).keepsFingerprints)
        let few = Array(base.prefix(20))
        #expect(!SurveyFingerprints.Trial(withoutFingerprints: few, withFingerprints: few.map { $0 / 2 }).keepsFingerprints)
    }

    static func match(distance: Double, shared: Int = 5) -> FingerprintMatch {
        FingerprintMatch(
            coordinate: FingerprintWorld.place(east: 100, north: 0), floor: nil, building: nil, spread: 4,
            bestDistance: distance, sharedAccessPoints: shared, heardAccessPoints: shared, unknownAccessPoints: 0,
            neighbours: 7)
    }

    @Test func aMatchCountsFullyWhenNearInSignalSpaceAndFadesTowardsTheCentroid() {
        let policy = FingerprintPolicy()
        #expect(policy.weight(of: Self.match(distance: 0.1)) == 1)
        #expect(policy.weight(of: Self.match(distance: 0.3)) == 1)
        #expect(abs(policy.weight(of: Self.match(distance: 0.4)) - 0.5) < 1e-9)
        #expect(policy.weight(of: Self.match(distance: 0.5)) == 0)
        #expect(policy.weight(of: Self.match(distance: 0.1, shared: 2)) == 0, "too few shared access points")
    }

    /// Three routers 30 m around the origin (their centroid), and one fingerprint 200 m east whose
    /// readings of them lie `distance` from the scan's in signal space.
    static func centroidAndDistantFingerprint(distance: Double) -> EstimationInput {
        var map = RadioMapFixture()
        let known = (0..<3).map { map.addAccessPoint(30, bearing: Double($0) * 120, signal: -60) }
        var input = map.input
        // Sørensen distance of equal readings a (scan) and b (fingerprint): (a − b) / (a + b).
        let scanValue = -60 - FingerprintMatcher.Parameters().floorSignal
        let fingerprintValue = scanValue * (1 - distance) / (1 + distance)
        input.fingerprints = [Fingerprint(
            position: map.point(200, bearing: 90), floor: nil, building: nil, time: nil,
            readings: known.map {
                .init(accessPoint: $0.description, signalStrength: FingerprintMatcher.Parameters().floorSignal + fingerprintValue)
            })]
        return input
    }

    @Test(arguments: [(0.2, 1.0), (0.35, 0.75), (0.45, 0.25), (0.55, 0.0)])
    func theFixLiesBetweenCentroidAndMatchByTheMatchsWeight(distance: Double, weight: Double) throws {
        let input = Self.centroidAndDistantFingerprint(distance: distance)
        let estimate = try #require(WhereaboutsEstimator().estimatePosition(from: input))
        let origin = RadioMapFixture().origin
        let east = Geodesy.distance(from: origin, to: estimate.location.coordinate)
        #expect(abs(east - 200 * weight) < 3, "\(east) m from the centroid")
        #expect(estimate.method == (weight >= 0.5 ? .fingerprint : .accessPointCentroid))
        if weight > 0 && weight < 1 {
            #expect(estimate.notes.contains { $0.contains("averaged with the centroid") }, "\(estimate.notes)")
        }
    }

    @Test func accessPointsNoFingerprintHeardDoNotPushEveryFingerprintAway() throws {
        var input = Self.centroidAndDistantFingerprint(distance: 0.2)
        let before = try #require(FingerprintPolicy().match(input))
        // A passer-by's phone, loud and unknown to every fingerprint.
        input.wifi.append(WiFiObservation(bssid: BSSID("06:aa:bb:cc:dd:ee")!, signalStrength: -40))
        let after = try #require(FingerprintPolicy().match(input))
        #expect(abs(after.bestDistance - before.bestDistance) < 1e-9)
        #expect(abs(before.bestDistance - 0.2) < 1e-6)
    }

    @Test func aRouterTheMapNowHoldsAsMovedNoLongerTakesPartInMatching() throws {
        var input = Self.centroidAndDistantFingerprint(distance: 0.2)
        #expect(try #require(FingerprintPolicy().match(input)).sharedAccessPoints == 3)
        // Learning found the first router elsewhere since the survey: the fingerprints still
        // hold its old readings, but the scan's reading of it no longer counts.
        let moved = input.wifi[0].bssid
        input.accessPoints[moved]?.status = .moved
        let match = try #require(FingerprintPolicy().match(input))
        #expect(match.sharedAccessPoints == 2)
        #expect(!FingerprintPolicy().trusts(match), "two shared access points are too few to trust")
    }
}
