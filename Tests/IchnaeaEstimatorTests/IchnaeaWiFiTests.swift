import Foundation
import PositioningCore
import Testing

@testable import IchnaeaEstimator

/// Ichnaea's own Wi-Fi locate tests (`ichnaea/api/locate/tests/test_wifi.py`), reproduced
/// against the Swift peer. Fixture: base point 51.5 N, −0.1 E; stations of radius 5 m, one
/// sample, created and modified now (station score 0.05).
@Suite struct IchnaeaWiFiTests {
    static let now = Date(timeIntervalSince1970: 1_790_000_000)
    static let day = 86_400.0

    static func station(
        _ index: Int, latitude: Double = 51.5, longitude: Double = -0.1, samples: Int = 1,
        created: Date = now, modified: Date = now
    ) -> KnownAccessPoint {
        KnownAccessPoint(bssid: BSSID(rawValue: UInt64(0x0012_3400_0000 + index)),
                         coordinate: Coordinate(latitude: latitude, longitude: longitude),
                         radius: 5, sampleCount: samples, firstSeen: created, lastSeen: modified)
    }

    static func input(_ stations: [KnownAccessPoint], signals: [Double?] = [], ages: [Int?] = [],
                      known: [KnownAccessPoint]? = nil) -> EstimationInput {
        let observations = stations.enumerated().map { index, station in
            WiFiObservation(bssid: station.bssid,
                            signalStrength: index < signals.count ? signals[index] : nil,
                            age: index < ages.count ? ages[index] : nil)
        }
        let map = Dictionary(uniqueKeysWithValues: (known ?? stations).map { ($0.bssid, $0) })
        return EstimationInput(wifi: observations, accessPoints: map, now: now)
    }

    /// Whether `value` equals `expected` at Ichnaea's 7-decimal precision.
    static func matchesToSevenPlaces(_ value: Double, _ expected: Double) -> Bool {
        abs(value - expected) < 0.6e-7
    }

    @Test func twoAgreeingStationsGiveTheLeastSquaresPositionAtTheAccuracyFloor() throws {
        let first = Self.station(1, samples: 50)
        let second = Self.station(2, longitude: -0.1 + 0.00001, samples: 100)
        let estimate = try #require(IchnaeaEstimator().estimatePosition(
            from: Self.input([first, second], signals: [-60, -80])))
        #expect(Self.matchesToSevenPlaces(estimate.location.coordinate.latitude, 51.5))
        #expect(Self.matchesToSevenPlaces(estimate.location.coordinate.longitude, -0.1 + 0.000004))
        #expect(estimate.location.horizontalAccuracy == 10)
        #expect(estimate.method == .ichnaea)
        let candidate = try #require(IchnaeaWiFiLocator().candidates(for: wifiNetworks([first, second], [-60, -80])).first)
        #expect(candidate.score > 1.0)
    }

    @Test func weightsBySignalAndAgeAndStopsWhereMinpackStops() throws {
        // test_weight: the expected +0.9e-6° / +0.6e-6° and 39.51 m are where SciPy's
        // leastsq stops (step-size test), not the exact optimum (+0.14e-6°, 39.60 m).
        let stations = (0..<4).map { Self.station($0, latitude: 51.5 + Double($0) * 0.0001,
                                                  longitude: -0.1 + Double($0) * 0.00012) }
        let estimate = try #require(IchnaeaEstimator().estimatePosition(
            from: Self.input(stations, signals: [-10, -40, -70, -100], ages: [0, 8000, 16000, nil])))
        #expect(Self.matchesToSevenPlaces(estimate.location.coordinate.latitude, 51.5 + 0.0000009))
        #expect(Self.matchesToSevenPlaces(estimate.location.coordinate.longitude, -0.1 + 0.0000006))
        #expect((estimate.location.horizontalAccuracy * 100).rounded() / 100 == 39.51)
    }

    @Test func dropsTheStationFarFromTheOthers() throws {
        let stations = [Self.station(0), Self.station(1, latitude: 51.5 + 0.00001),
                        Self.station(2, latitude: 51.5 + 0.00002), Self.station(3, latitude: 51.5 + 1.0)]
        let estimate = try #require(IchnaeaEstimator().estimatePosition(from: Self.input(stations)))
        #expect(Self.matchesToSevenPlaces(estimate.location.coordinate.latitude, 51.5 + 0.00001))
        #expect(estimate.used.count == 3)
        #expect(estimate.rejected == [EmitterRejection(emitter: .accessPoint(stations[3].bssid), reason: .outlier)])
        let candidates = IchnaeaWiFiLocator().candidates(for: wifiNetworks(stations, []))
        #expect(candidates.count == 1)
        #expect((candidates[0].score * 10_000).rounded() / 10_000 == 0.15)
    }

    @Test func twoStationsOneDegreeApartGiveNoPosition() {
        let stations = [Self.station(0), Self.station(1, latitude: 52.5)]
        #expect(IchnaeaEstimator().estimatePosition(from: Self.input(stations)) == nil)
    }

    @Test func oneKnownStationGivesNoPosition() {
        let stations = [Self.station(0), Self.station(1)]
        #expect(IchnaeaEstimator().estimatePosition(from: Self.input(stations, known: [stations[0]])) == nil)
        #expect(IchnaeaEstimator().estimatePosition(from: Self.input([stations[0]])) == nil)
    }

    @Test func clustersByCompleteLinkageSoAChainDoesNotJoin() {
        // Stations 400 m apart in a row: the first two agree, the third is 800 m from the
        // first, so complete linkage leaves it alone (single linkage would chain all three).
        let stations = (0..<3).map { Self.station($0, latitude: 51.5 + Double($0) * 0.0036) }
        let clusters = IchnaeaWiFiLocator().clusters(of: wifiNetworks(stations, []))
        #expect(clusters.map { $0.map(\.emitter) } == [stations[0...1].map { EmitterID.accessPoint($0.bssid) }])
    }

    @Test func clusterScoreWinsOverClusterSize() throws {
        let now = Self.now, day = Self.day
        let yesterday = now - day, lastWeek = now - 7 * day
        let threeMonths = now - 90 * day, fourMonths = now - 120 * day
        let stations = [
            Self.station(11, samples: 20, created: lastWeek, modified: yesterday),
            Self.station(12, latitude: 51.5 + 0.00003, samples: 30, created: yesterday, modified: now),
            Self.station(13, latitude: 51.5 - 0.00003, samples: 10, created: yesterday, modified: now),
            Self.station(21, latitude: 52.5, longitude: 0.9, samples: 40, created: fourMonths, modified: threeMonths),
            Self.station(22, latitude: 52.5, longitude: 0.9, samples: 50, created: threeMonths, modified: lastWeek),
        ]
        let candidates = IchnaeaWiFiLocator().candidates(for: wifiNetworks(stations, []))
        #expect(candidates.count == 2)
        let estimate = try #require(IchnaeaEstimator().estimatePosition(from: Self.input(stations)))
        #expect(Self.matchesToSevenPlaces(estimate.location.coordinate.latitude, 52.5))
        #expect(Self.matchesToSevenPlaces(estimate.location.coordinate.longitude, 0.9))
        #expect(estimate.location.horizontalAccuracy == 10)
        let expectedScore = stations[3...].reduce(0) {
            $0 + IchnaeaStationScore($1, now: now).stationScore(now: now)
        }
        let best = try #require(IchnaeaCandidate.best(of: candidates))
        #expect(abs(best.score - expectedScore) < 1e-9)
        let other = try #require(candidates.first { $0.score < best.score })
        #expect(abs(other.latitude - 51.5) < 0.5e-4 && abs(other.longitude - -0.1) < 0.5e-4)
    }

    @Test func usesTheTwentyLowestScoringStationsOfANoisyClusterButSumsAllScores() throws {
        // test_top_results_in_noisy_cluster: 30 stations 0.1 m apart.
        let stations = (0..<30).map { Self.station($0, latitude: 51.5 + Double($0) * 0.000001,
                                                   longitude: -0.1 + Double($0) * 0.0000012, samples: 100 - $0) }
        let signals = (0..<30).map { Double(-50 - $0) as Double? }
        let candidates = IchnaeaWiFiLocator().candidates(for: wifiNetworks(stations, signals))
        let candidate = try #require(candidates.first)
        let total = stations.reduce(0) { $0 + IchnaeaStationScore($1, now: Self.now).stationScore(now: Self.now) }
        #expect(abs(candidate.score - total) < 1e-9)
        #expect(candidate.used.count == 20)
        #expect(abs(candidate.latitude - 51.5) < 0.5e-4 && abs(candidate.longitude - -0.1) < 0.5e-4)
    }

    @Test func scoresStationsByAgeCollectionAndSamples() {
        let now = Self.now
        let fresh = IchnaeaStationScore(created: now, modified: now, lastSeen: now, samples: 1, radius: 5)
        #expect(abs(fresh.stationScore(now: now) - 0.05) < 1e-12)
        let seasoned = IchnaeaStationScore(created: now - 400 * Self.day, modified: now - 65 * Self.day,
                                           lastSeen: now - 65 * Self.day, samples: 2048, radius: 30)
        #expect(abs(seasoned.stationScore(now: now) - 10 / 3.0.squareRoot()) < 1e-12)
        let coincident = IchnaeaStationScore(created: now, modified: now, lastSeen: nil, samples: 50, radius: 0)
        #expect(coincident.stationSamplesWeight() == 0.5)
    }

    private func wifiNetworks(_ stations: [KnownAccessPoint], _ signals: [Double?]) -> [IchnaeaNetwork] {
        stations.enumerated().map { index, station in
            IchnaeaNetwork(emitter: .accessPoint(station.bssid), latitude: station.coordinate.latitude,
                           longitude: station.coordinate.longitude, radius: station.radius, age: 1000,
                           signal: IchnaeaNetwork.normalizedSignal(index < signals.count ? signals[index] : nil,
                                                                   validRange: -100 ... -10),
                           score: IchnaeaStationScore(station, now: Self.now).stationScore(now: Self.now))
        }
    }
}
