import Foundation
import Testing

@testable import PositioningCore

@Suite struct LearnedAggregationTests {
    static let bssid = BSSID("b4:ee:b4:36:d2:b0")!
    static let oldPlace = Coordinate(latitude: 52.52, longitude: 13.405)
    static let newPlace = Coordinate(latitude: 52.524, longitude: 13.405)  // ≈ 445 m north
    static let surveyDay = Date(timeIntervalSince1970: 1_740_960_000)

    /// `count` sightings around `centre`, `interval` seconds apart from `start`.
    static func sightings(_ count: Int, around centre: Coordinate, from start: Date, interval: TimeInterval = 30)
        -> [SurveyObservation]
    {
        (0..<count).map { index in
            let offset = Double(index % 5 - 2) * 0.0002
            return SurveyObservation(
                position: Coordinate(latitude: centre.latitude + offset, longitude: centre.longitude - offset),
                positionAccuracy: 5, signalStrength: -70, time: start.addingTimeInterval(Double(index) * interval))
        }
    }

    @Test func aMovedRouterIsReplacedFromTheNewSightingsNotAveraged() throws {
        let survey = Self.sightings(20, around: Self.oldPlace, from: Self.surveyDay)
        let drive = Self.sightings(5, around: Self.newPlace, from: Self.surveyDay.addingTimeInterval(30 * 86_400))
        let plain = try #require(EmitterAggregator.aggregateAccessPoint(Self.bssid, observations: survey + drive))
        // Without learning, the old survey outweighs the new place: the entry sits near the old one.
        #expect(Geodesy.distance(from: plain.coordinate, to: Self.newPlace) > 200)
        let learned = try #require(EmitterAggregator.aggregateAccessPoint(
            Self.bssid, evidence: EmitterEvidence(surveyed: survey, learned: drive)))
        #expect(Geodesy.distance(from: learned.coordinate, to: Self.newPlace) < 40)
        #expect(learned.status == .usable)
    }

    @Test func aMoveSeenOnceIsFlaggedButNotYetTrusted() throws {
        let survey = Self.sightings(20, around: Self.oldPlace, from: Self.surveyDay)
        let drive = Self.sightings(2, around: Self.newPlace, from: Self.surveyDay.addingTimeInterval(86_400), interval: 2)
        let learned = try #require(EmitterAggregator.aggregateAccessPoint(
            Self.bssid, evidence: EmitterEvidence(surveyed: survey, learned: drive)))
        #expect(learned.status == .moved)
    }

    @Test func agreeingSightingsRefineTheSurveyedPosition() throws {
        let survey = Self.sightings(10, around: Self.oldPlace, from: Self.surveyDay)
        let drive = Self.sightings(10, around: Self.oldPlace, from: Self.surveyDay.addingTimeInterval(86_400))
        let learned = try #require(EmitterAggregator.aggregateAccessPoint(
            Self.bssid, evidence: EmitterEvidence(surveyed: survey, learned: drive)))
        #expect(learned.sampleCount == 20)
        #expect(learned.status == .usable)
        #expect(Geodesy.distance(from: learned.coordinate, to: Self.oldPlace) < 20)
    }

    @Test func aNewAccessPointCountsOnlyAfterDistinctSightings() throws {
        let start = Self.surveyDay
        let burst = Self.sightings(2, around: Self.newPlace, from: start, interval: 1).map {
            SurveyObservation(position: Self.newPlace, positionAccuracy: 5, signalStrength: -70, time: $0.time)
        }
        let once = try #require(EmitterAggregator.aggregateAccessPoint(Self.bssid, evidence: EmitterEvidence(learned: burst)))
        #expect(once.status == .unproven)
        let spread = Self.sightings(3, around: Self.newPlace, from: start, interval: 60)
        let thrice = try #require(EmitterAggregator.aggregateAccessPoint(Self.bssid, evidence: EmitterEvidence(learned: spread)))
        #expect(thrice.status == .usable)
    }

    @Test func aSummaryStandsInForTheSightingsItFolded() throws {
        let sightings = Self.sightings(40, around: Self.oldPlace, from: Self.surveyDay)
        let raw = try #require(EmitterAggregator.aggregateAccessPoint(Self.bssid, observations: sightings))
        let summary = try #require(ObservationSummary(summarizing: Array(sightings.prefix(30))))
        let folded = try #require(EmitterAggregator.aggregateAccessPoint(
            Self.bssid, evidence: EmitterEvidence(surveyed: Array(sightings.suffix(10)), surveyedSummaries: [summary])))
        #expect(folded.sampleCount == raw.sampleCount)
        #expect(Geodesy.distance(from: folded.coordinate, to: raw.coordinate) < 1)
        #expect(folded.firstSeen == raw.firstSeen && folded.lastSeen == raw.lastSeen)
        #expect(folded.radius >= raw.radius * 0.8 && folded.radius <= raw.radius * 1.5)
        let halves = try #require(ObservationSummary(summarizing: Array(sightings.prefix(20))))
            .merged(with: try #require(ObservationSummary(summarizing: Array(sightings.suffix(20)))))
        #expect(halves.sampleCount == 40)
        #expect(Geodesy.distance(from: halves.centre, to: raw.coordinate) < 1)
    }
}
