import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

@Suite struct RetentionTests {
    @Test func droppedSightingsLeaveSummariesThatKeepTheMapAsItWas() throws {
        let town = try TinyTownMap()
        let observations = try town.count("ap_observations")
        let before = try town.snapshot()
        let fixesBefore = try town.fixes()
        // A year after the survey, a 30-day retention drops every sighting.
        let retained = try town.map.applyRetention(
            keepingDays: 30, now: Date(timeIntervalSince1970: Double(town.town.specification.surveyStart) + 365 * 86_400))
        #expect(retained.observationsSummarized > 0)
        #expect(try town.count("ap_observations") == 0)
        #expect(try town.count("cell_observations") == 0)
        #expect(try town.map.connection.integer("SELECT sum(samples) FROM ap_observation_summaries") == observations)
        let after = try town.snapshot()
        #expect(after.count == before.count)
        // Same emitters with the same sample counts and statuses; positions within a metre.
        #expect(after.map { $0.split(separator: "|").enumerated().filter { ![1, 2].contains($0.offset) }.map(\.element) }
            == before.map { $0.split(separator: "|").enumerated().filter { ![1, 2].contains($0.offset) }.map(\.element) })
        let fixesAfter = try town.fixes()
        #expect(fixesAfter.count == fixesBefore.count)
        for (old, new) in zip(fixesBefore, fixesAfter) {
            guard let old, let new else {
                #expect(old == nil && new == nil)
                continue
            }
            #expect(Geodesy.distance(from: old.coordinate, to: new.coordinate) < 5)
        }
        // A second pass has nothing left to drop.
        #expect(try town.map.applyRetention(keepingDays: 30, now: Date(timeIntervalSince1970: 2e9)).observationsSummarized == 0)
    }

    @Test func recentSightingsAreKept() throws {
        let town = try TinyTownMap()
        let observations = try town.count("ap_observations")
        let retained = try town.map.applyRetention(
            keepingDays: 30, now: Date(timeIntervalSince1970: Double(town.town.specification.surveyStart) + 10 * 86_400))
        #expect(retained.observationsSummarized == 0)
        #expect(try town.count("ap_observations") == observations)
    }

    @Test func forgettingAnImportStillRemovesWhatItsSummariesStoodFor() throws {
        let town = try TinyTownMap()
        try town.map.applyRetention(keepingDays: 1, now: Date(timeIntervalSince1970: 2e9))
        let survey = try #require(try town.map.imports().first)
        let forgotten = try #require(try town.map.forgetImport(id: survey.id))
        #expect(forgotten.observationsRemoved > 0)
        #expect(try town.count("access_points") == 0)
        #expect(try town.count("ap_observation_summaries") == 0)
    }
}
