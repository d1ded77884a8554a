import Foundation
import Testing

@testable import IchnaeaEstimator

/// Ichnaea's station-building tests (`ichnaea/data/tests/test_station.py`) and observation
/// weights (`ichnaea/models/observation.py`), reproduced against the Swift builder.
@Suite struct IchnaeaStationBuilderTests {
    static let latitude = 51.5
    static let longitude = -0.1
    static let now = Date(timeIntervalSince1970: 1_790_000_000)

    static func observation(latitude: Double = latitude, longitudeOffset: Double = 0, accuracy: Double? = 10,
                            age: Double? = nil, speed: Double? = nil, signal: Double? = nil)
        -> IchnaeaStationBuilder.Observation {
        .init(latitude: latitude, longitude: longitude + longitudeOffset, accuracy: accuracy, age: age,
              speed: speed, signal: signal)
    }

    @Test(arguments: [IchnaeaObservationWeight.StationKind.wifi, .cell(.gsm), .bluetooth])
    func newStationFromFiveObservations(kind: IchnaeaObservationWeight.StationKind) throws {
        // test_new: factory observations (accuracy 10 m, median signal) weigh 1 each.
        let signal: Double? = switch kind {
        case .wifi: -80
        case .cell: -95
        case .bluetooth: nil
        }
        let offsets = [(0.0, 0.0), (0.0001, 0.0), (-0.0003, 0.0), (0.0, 0.0002), (0.0, -0.0004)]
        let observations = offsets.map {
            Self.observation(latitude: Self.latitude + $0.0, longitudeOffset: $0.1, signal: signal)
        }
        let builder = IchnaeaStationBuilder(kind: kind)
        #expect(observations.allSatisfy { builder.weight(of: $0) == 1 })
        guard case .new(let station) = builder.update(nil, with: observations, now: Self.now) else {
            Issue.record("expected a new station")
            return
        }
        #expect(abs(station.latitude - (Self.latitude - 0.00004)) < 1e-12)
        #expect(abs(station.longitude - (Self.longitude - 0.00004)) < 1e-12)
        #expect(station.maxLatitude == Self.latitude + 0.0001 && station.minLatitude == Self.latitude - 0.0003)
        #expect(station.maxLongitude == Self.longitude + 0.0002 && station.minLongitude == Self.longitude - 0.0004)
        #expect(station.radius == 38)
        #expect(station.samples == 5)
        #expect(abs(station.weight - 5) < 1e-12)
    }

    @Test func wifiStationMovesTowardWeightedObservations() throws {
        let builder = IchnaeaStationBuilder(kind: .wifi)
        let observations = [
            Self.observation(longitudeOffset: -0.002, accuracy: 20, signal: -30),
            Self.observation(longitudeOffset: -0.004, accuracy: 40, age: -8000, signal: -60),
            Self.observation(longitudeOffset: -0.006, accuracy: 10, age: 1000, signal: -90),
            Self.observation(longitudeOffset: -0.006, accuracy: 10, speed: 20),
            Self.observation(longitudeOffset: -0.008, accuracy: 10, age: 40000),
            Self.observation(longitudeOffset: -0.008, accuracy: 10, speed: 50.1),
            Self.observation(longitudeOffset: -0.010, accuracy: 200.1),
        ]
        let weights = observations.map { builder.weight(of: $0) }
        let expected = [11.3137, 0.6104, 0.683, 0.5, 0, 0, 0]
        for (weight, value) in zip(weights, expected) {
            #expect(abs(weight - value) < 0.00005, "weight \(weight) ≠ \(value)")
        }

        let station = IchnaeaStationBuilder.Station(latitude: Self.latitude, longitude: Self.longitude,
                                                    radius: 5, samples: 2, weight: 3)
        guard case .changed(let updated) = builder.update(station, with: observations, now: Self.now) else {
            Issue.record("expected a changed station")
            return
        }
        #expect(abs(updated.latitude - Self.latitude) < 1e-12)
        #expect(abs(updated.longitude - (Self.longitude - 0.0019971)) < 0.5e-7)
        #expect(updated.maxLongitude == Self.longitude)
        #expect(abs(updated.minLongitude - (Self.longitude - 0.006)) < 1e-12)
        #expect(updated.radius == 278)
        #expect(updated.samples == 6)
        #expect(abs(updated.weight - 16.10707) < 0.000005)
    }

    @Test func gsmStationMovesTowardWeightedObservations() throws {
        let builder = IchnaeaStationBuilder(kind: .cell(.gsm))
        let observations = [
            Self.observation(longitudeOffset: -0.002, accuracy: 20, signal: -51),
            Self.observation(longitudeOffset: -0.004, accuracy: 1000, signal: -111),
            Self.observation(longitudeOffset: -0.004, accuracy: 1000.1, signal: -95),
        ]
        let weights = observations.map { builder.weight(of: $0) }
        #expect(abs(weights[0] - 7.1901) < 0.00005)
        #expect(abs(weights[1] - 0.0552) < 0.00005)
        #expect(weights[2] == 0)

        let station = IchnaeaStationBuilder.Station(latitude: Self.latitude, longitude: Self.longitude,
                                                    radius: 500, samples: 1, weight: 2)
        guard case .changed(let updated) = builder.update(station, with: observations, now: Self.now) else {
            Issue.record("expected a changed station")
            return
        }
        #expect(abs(updated.longitude - (Self.longitude - 0.0015793)) < 0.5e-7)
        #expect(abs(updated.minLongitude - (Self.longitude - 0.004)) < 1e-12)
        #expect(updated.radius == 168)
        #expect(updated.samples == 3)
        #expect(abs(updated.weight - 9.2452954) < 0.00000005)
    }

    @Test func observationsSpreadWiderThanTheLimitBlockANewStation() {
        // test_new_block: observations 1 km × 5+ apart cannot be one Wi-Fi station.
        let builder = IchnaeaStationBuilder(kind: .wifi)
        let observations = [Self.observation(), Self.observation(latitude: Self.latitude + 0.1)]
        #expect(builder.update(nil, with: observations, now: Self.now) == .blocked)
        #expect(builder.newStation(from: observations, now: Self.now) == nil)
    }

    @Test func observationsFarFromTheStationBlockIt() {
        let builder = IchnaeaStationBuilder(kind: .wifi)
        let station = IchnaeaStationBuilder.Station(latitude: Self.latitude, longitude: Self.longitude,
                                                    radius: 5, samples: 2, weight: 3, modified: Self.now)
        let far = [Self.observation(latitude: Self.latitude + 0.1)]
        #expect(builder.update(station, with: far, now: Self.now) == .blocked)
        // A position older than a year is replaced instead.
        var old = station
        old.modified = Self.now - 400 * 86_400
        guard case .replaced(let replaced) = builder.update(old, with: far, now: Self.now) else {
            Issue.record("expected the old station to be replaced")
            return
        }
        #expect(replaced.latitude == Self.latitude + 0.1)
        #expect(replaced.samples == 1)
    }

    @Test func queryObservationsOnlyConfirmAGNSSStation() {
        let builder = IchnaeaStationBuilder(kind: .wifi)
        let station = IchnaeaStationBuilder.Station(latitude: Self.latitude, longitude: Self.longitude,
                                                    radius: 5, samples: 2, weight: 3)
        var query = Self.observation(longitudeOffset: -0.001)
        query.source = .query
        #expect(builder.update(station, with: [query], now: Self.now) == .confirmed)
        #expect(builder.update(station, with: [Self.observation(accuracy: 500)], now: Self.now) == .unchanged)
    }
}
