import Foundation
import PositioningCore
import Testing

@testable import IchnaeaEstimator

/// How the peer combines Wi-Fi and cell results, what it reports, and where it fails.
@Suite struct IchnaeaEstimatorTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let day = 86_400.0

    static func accessPoint(_ index: Int, latitude: Double, longitude: Double = -0.1, samples: Int = 1,
                            age days: Double = 0) -> KnownAccessPoint {
        KnownAccessPoint(bssid: BSSID(rawValue: UInt64(0x0012_3400_0000 + index)),
                         coordinate: Coordinate(latitude: latitude, longitude: longitude), radius: 20,
                         sampleCount: samples, firstSeen: now - days * day, lastSeen: now)
    }

    static func cell(latitude: Double, samples: Int = 1) throws -> KnownCell {
        KnownCell(identity: try CellIdentity(radio: .lte, mcc: 234, mnc: 30, area: 7, cellID: 42),
                  coordinate: Coordinate(latitude: latitude, longitude: -0.1), radius: 800,
                  sampleCount: samples, firstSeen: now, lastSeen: now)
    }

    static func input(_ accessPoints: [KnownAccessPoint], cells: [KnownCell] = [],
                      unknown: [BSSID] = []) -> EstimationInput {
        EstimationInput(
            wifi: (accessPoints.map(\.bssid) + unknown).map { WiFiObservation(bssid: $0, signalStrength: -70) },
            cells: cells.map { CellObservation(identity: $0.identity, signalStrength: -90) },
            accessPoints: Dictionary(uniqueKeysWithValues: accessPoints.map { ($0.bssid, $0) }),
            knownCells: Dictionary(uniqueKeysWithValues: cells.map { ($0.identity, $0) }), now: now)
    }

    @Test func isNamedIchnaea() {
        #expect(IchnaeaEstimator().name == "ichnaea")
    }

    @Test func prefersAWiFiFixThatAgreesWithTheCell() throws {
        let accessPoints = [Self.accessPoint(1, latitude: 51.5), Self.accessPoint(2, latitude: 51.5001)]
        let estimate = try #require(IchnaeaEstimator().estimatePosition(
            from: Self.input(accessPoints, cells: [try Self.cell(latitude: 51.503)])))
        #expect(estimate.location.source == .wifi)
        #expect(estimate.location.horizontalAccuracy < 20)
        #expect(Set(estimate.used.map(\.emitter)) == Set(accessPoints.map { EmitterID.accessPoint($0.bssid) }))
        #expect(abs(estimate.used.reduce(0) { $0 + $1.weight } - 1) < 1e-12)
    }

    @Test func wellScoredCellsOutvoteAFreshWiFiClusterFarAway() throws {
        // Two brand-new APs (score 0.1) 50 km from a long-established cell: the groups do not
        // overlap and the cell's higher score wins.
        let accessPoints = [Self.accessPoint(1, latitude: 52.0), Self.accessPoint(2, latitude: 52.0001)]
        var cell = try Self.cell(latitude: 51.55, samples: 500)
        cell.firstSeen = Self.now - 30 * Self.day
        let estimate = try #require(IchnaeaEstimator().estimatePosition(from: Self.input(accessPoints, cells: [cell])))
        #expect(estimate.location.source == .cell)
        #expect(estimate.location.coordinate == cell.coordinate)
        #expect(estimate.rejected.filter { $0.reason == .outlier }.count == 2)
    }

    @Test func reportsUnknownAndBlockedEmitters() throws {
        var moved = Self.accessPoint(3, latitude: 51.5002)
        moved.status = .moved
        let accessPoints = [Self.accessPoint(1, latitude: 51.5), Self.accessPoint(2, latitude: 51.5001), moved]
        let stranger = BSSID(rawValue: 0x00AB_CDEF_0001)
        let estimate = try #require(IchnaeaEstimator().estimatePosition(
            from: Self.input(accessPoints, unknown: [stranger])))
        #expect(estimate.rejected.contains(EmitterRejection(emitter: .accessPoint(stranger), reason: .unknown)))
        #expect(estimate.rejected.contains(EmitterRejection(emitter: .accessPoint(moved.bssid), reason: .moved)))
        #expect(estimate.used.count == 2)
    }

    @Test func isFooledByASelfConsistentClusterOfWrongPositions() throws {
        // ichnaea issue 1950: three well-established APs whose stored positions are 3 km off
        // outscore the two correct, newer APs plus the serving cell, and the peer reports the
        // wrong place with a claimed accuracy of 10–22 m. Whereabouts' cross-check exists for this.
        let truth = 51.5
        let wrong = (0..<3).map { Self.accessPoint(10 + $0, latitude: truth + 0.027 + Double($0) * 0.00005,
                                                   samples: 200, age: 60) }
        let right = [Self.accessPoint(1, latitude: truth), Self.accessPoint(2, latitude: truth + 0.0001)]
        let estimate = try #require(IchnaeaEstimator().estimatePosition(
            from: Self.input(wrong + right, cells: [try Self.cell(latitude: truth + 0.002)])))
        let error = Geodesy.distance(from: estimate.location.coordinate, to: Coordinate(latitude: truth, longitude: -0.1))
        #expect(error > 2_900)
        #expect(estimate.location.horizontalAccuracy <= 22)
    }

    @Test func leastSquaresStopsWhereSciPyStops() {
        // Reference: scipy.optimize.leastsq 1.17.1 on test_weight's residuals stops after 18
        // evaluations on the step-size test (ier 2) at these coordinates.
        let networks = (0..<4).map { index in
            IchnaeaNetwork(emitter: .accessPoint(BSSID(rawValue: UInt64(index))),
                           latitude: 51.5 + Double(index) * 0.0001, longitude: -0.1 + Double(index) * 0.00012,
                           radius: 5, age: [1000, 8000, 16000, 1000][index], signal: [-10, -40, -70, -100][index],
                           score: 0.05)
        }
        let position = IchnaeaWiFiLocator().position(of: networks)
        #expect(abs(position.latitude - 51.5000009321034) < 1e-11)
        #expect(abs(position.longitude - -0.09999938942439851) < 1e-11)
    }

    @Test func matchesGeocalcDistances() {
        // Vincenty on WGS84 (geocalc.distance), reference values from a Python port of
        // geocalclib/geocalc.pyx.
        #expect(abs(IchnaeaGeodesy.distance(51.5, -0.1, 51.5001, -0.1) - 11.125783459509103) < 1e-6)
        #expect(abs(IchnaeaGeodesy.distance(51.5, -0.1, 51.5, -0.09) - 694.4051643228938) < 1e-6)
        // Nearly antipodal points fall back to haversine instead of failing.
        #expect(IchnaeaGeodesy.distance(0, 0, 0.5, 179.7) > 19_900_000)
        #expect(IchnaeaGeodesy.percentile([0.1, 13.79, 27.69, 41.59], 0.95) > 39.5)
    }
}
