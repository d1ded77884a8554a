import Foundation
import Testing

@testable import PositioningCore

/// A query standing off the surveyed street hears routers the survey never reached and finds
/// the street's routers placed from the street: its Wi-Fi fix is of the unmapped kind, and the
/// survey's scans, blocked off the survey (`UnmappedScanBlock`), must calibrate a radius that
/// holds there, where the street's own held-out scans calibrate one for the street only.
@Suite struct UnmappedWiFiCalibrationTests {
    static let plane = LocalTangentPlane(origin: Coordinate(latitude: 50, longitude: 8))
    /// How far a router is heard, in metres.
    static let range = 120.0

    /// Routers every 40 m on both sides of a 1.2 km east–west street, and a back street 160 m
    /// north of it, out of the surveyor's hearing.
    static let routers: [(bssid: BSSID, position: Coordinate)] = (0...30).flatMap { step in
        let east = Double(step * 40 - 600)
        return [(0, step % 2 == 0 ? 15.0 : -15.0), (1, 160.0)].map { row, north in
            (BSSID(rawValue: 0x0024_A400_0000 + UInt64(row * 64 + step) << 8), plane.unproject(east: east, north: north))
        }
    }

    /// What is heard at `position`: every router within `range`, its signal falling with distance.
    static func heard(at position: Coordinate) -> [(bssid: BSSID, signal: Double)] {
        routers.compactMap { router in
            let distance = Geodesy.distance(from: router.position, to: position)
            return distance <= range ? (router.bssid, -30 - 25 * log10(max(distance, 1))) : nil
        }
    }

    /// Two walks along the street, a scan every 10 m.
    static func streetSurvey() -> [SurveyScan] {
        var scans: [SurveyScan] = []
        for walk in 0..<2 {
            for step in 0...120 {
                let position = plane.unproject(east: Double(step * 10 - 600), north: 0)
                let time = Date(timeIntervalSince1970: 1_700_000_000 + Double(walk * 86_400 + step * 8))
                var scan = SurveyScan(position: position, track: Int64(walk), recording: Int64(walk), time: time)
                for (bssid, signal) in heard(at: position) {
                    scan.accessPoints[bssid] = SurveyObservation(
                        position: position, positionAccuracy: 5, signalStrength: signal, time: time)
                }
                scans.append(scan)
            }
        }
        return scans
    }

    /// The survey's map: every router it heard, from all its sightings.
    static func map(of scans: [SurveyScan]) -> [BSSID: KnownAccessPoint] {
        let sightings = Dictionary(grouping: scans.flatMap { scan in scan.accessPoints.map { ($0.key, $0.value) } }, by: \.0)
        return sightings.compactMapValues { EmitterAggregator.aggregateAccessPoint($0[0].0, observations: $0.map(\.1)) }
    }

    static func input(at truth: Coordinate, map: [BSSID: KnownAccessPoint]) -> EstimationInput {
        EstimationInput(
            wifi: heard(at: truth).map { WiFiObservation(bssid: $0.bssid, signalStrength: $0.signal) },
            accessPoints: map, now: Date())
    }

    /// The share of `truths` inside the 68 % and 95 % radii of the fixes `calibration` gives.
    static func coverage(
        of truths: [Coordinate], map: [BSSID: KnownAccessPoint], calibration: RadiusCalibration
    ) throws -> (inside68: Double, inside95: Double) {
        let estimator = WhereaboutsEstimator(calibration: calibration)
        var (inside68, inside95) = (0, 0)
        for truth in truths {
            let fix = try #require(estimator.estimatePosition(from: input(at: truth, map: map)))
            let error = Geodesy.distance(from: fix.location.coordinate, to: truth)
            if error <= fix.location.horizontalAccuracy { inside68 += 1 }
            if error <= (try #require(fix.location.horizontalAccuracy95)) { inside95 += 1 }
        }
        return (Double(inside68) / Double(truths.count), Double(inside95) / Double(truths.count))
    }

    @Test func aQueryOffTheSurveyedStreetHoldsItsRadius() throws {
        let scans = Self.streetSurvey()
        let map = Self.map(of: scans)
        let samples = CrossValidatedCalibration().samples(from: scans, now: Date())
        for kind in RadiusCalibration.Source.unmappedKinds {
            #expect(samples.filter { $0.source == kind }.count >= ConformalCalibration.minimumBinSamples, "\(kind)")
        }
        let factors = ConformalCalibration.factors(from: samples)
        // 100 m north of the street, between it and the back street: most of what is heard
        // there is the back street's.
        let offStreet = stride(from: -400.0, through: 400, by: 25).map { Self.plane.unproject(east: $0, north: 100) }
        for truth in offStreet {
            #expect(RadiusCalibration.Source.wifi(Self.input(at: truth, map: map)) == .wifiHalfUnmapped)
        }
        let calibrated = try Self.coverage(
            of: offStreet, map: map, calibration: ConformalCalibration.radiusCalibration(factors))
        #expect(calibrated.inside68 >= 0.60, "68 % radius held \(calibrated.inside68) of the queries off the street")
        #expect(calibrated.inside95 >= 0.90, "95 % radius held \(calibrated.inside95) of the queries off the street")
        // With the street's factors alone (a map calibrated before the kind existed), the
        // radius fits the street and misses most of the queries beside it.
        let streetOnly = ConformalCalibration.radiusCalibration(
            factors.filter { !RadiusCalibration.Source.unmappedKinds.contains($0.source) })
        let street = try Self.coverage(of: offStreet, map: map, calibration: streetOnly)
        #expect(street.inside68 < 0.40, "street factors: 68 % radius held \(street.inside68)")
    }

    @Test func aQueryOnTheSurveyedStreetKeepsTheOrdinaryFactor() throws {
        let scans = Self.streetSurvey()
        let map = Self.map(of: scans)
        let onStreet = stride(from: -400.0, through: 400, by: 25).map { Self.plane.unproject(east: $0, north: 0) }
        for truth in onStreet {
            #expect(RadiusCalibration.Source.wifi(Self.input(at: truth, map: map)) == .wifi)
        }
    }

    @Test func theKindCountsDistinctAccessPointsThatHaveNotOptedOut() {
        let heard = (1...4).map { WiFiObservation(bssid: BSSID(rawValue: UInt64($0) << 8)) }
        var map: [BSSID: KnownAccessPoint] = [:]
        func known(_ bssid: BSSID) -> KnownAccessPoint {
            KnownAccessPoint(bssid: bssid, coordinate: Coordinate(latitude: 50, longitude: 8), radius: 50, sampleCount: 3)
        }
        for observation in heard.prefix(3) { map[observation.bssid] = known(observation.bssid) }
        // One of four unmapped: a quarter.
        #expect(RadiusCalibration.Source.wifi(EstimationInput(wifi: heard, accessPoints: map)) == .wifiUnmapped)
        // The same unmapped one heard twice counts once; an opted-out network not at all.
        let optedOut = WiFiObservation(bssid: BSSID(rawValue: 9 << 8), ssid: "cafe_nomap")
        let more = heard + [heard[0], heard[1], optedOut] + (5...8).map { WiFiObservation(bssid: BSSID(rawValue: UInt64($0) << 8)) }
        for observation in more.suffix(4) { map[observation.bssid] = known(observation.bssid) }
        // 8 distinct, 1 unmapped: under a quarter.
        #expect(RadiusCalibration.Source.wifi(EstimationInput(wifi: more, accessPoints: map)) == .wifi)
        #expect(RadiusCalibration.Source.wifi(EstimationInput()) == .wifi)
        // Two of four unmapped: a half.
        map[heard[2].bssid] = nil
        #expect(RadiusCalibration.Source.wifi(EstimationInput(wifi: heard, accessPoints: map)) == .wifiHalfUnmapped)
    }
}
