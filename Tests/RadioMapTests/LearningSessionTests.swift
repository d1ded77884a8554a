import Foundation
import PositioningCore
import Testing
import TestSupport
import WorldSimulator

@testable import RadioMap

@Suite struct LearningSessionTests {
    @Test func aWalkIsLearnedInBatchesUnderOneForgettableImport() throws {
        let town = try TinyTownMap()
        let session = LearningSession(radioMap: town.map, name: "walk", batchSize: 10)
        var accepted = 0
        try town.town.forEachWalkSample(duration: 600) { sample in
            if case .accepted = try session.offer(sample.learningSample(in: town.town)) { accepted += 1 }
        }
        let report = try session.finish()
        #expect(report.samplesAccepted == accepted && accepted > 10)
        #expect(report.batchesWritten == (accepted + 9) / 10)
        #expect(report.observationsStored > 0)
        #expect(report.rejections[.noFix, default: 0] > 0)  // the walk's GPS drop-outs
        let learned = try #require(try town.map.imports().last)
        #expect(learned.format == "learned" && learned.name == "walk" && learned.id == report.importID)
        #expect(learned.rowsImported == report.observationsStored)
        // Opted-out networks are never written, whatever the scan heard.
        let optedOut = town.town.accessPoints.filter(\.isOptedOut).map { Int64(bitPattern: $0.bssid.rawValue) }
        let stored = try town.map.connection.makeStatement(
            sql: "SELECT DISTINCT bssid FROM ap_observations WHERE import_id = \(learned.id)")
        var storedAddresses = Set<Int64>()
        while try stored.step() { storedAddresses.insert(stored.int64(0)) }
        #expect(storedAddresses.isDisjoint(with: optedOut))
        #expect(report.optedOutSkipped > 0 || optedOut.isEmpty)

        // Taking the session back leaves the surveyed map.
        let surveyed = try TinyTownMap()
        _ = try town.map.forgetImport(id: learned.id)
        #expect(try town.snapshot() == surveyed.snapshot())
    }

    @Test func anUnwrittenBatchIsAllAnInterruptedSessionLoses() throws {
        let town = try TinyTownMap()
        var written = 0
        do {
            let session = LearningSession(radioMap: town.map, batchSize: 5)
            try town.town.forEachWalkSample(duration: 300) { sample in
                try session.offer(sample.learningSample(in: town.town))
            }
            written = session.report.observationsStored
            // The session ends here without `finish()`, like a killed `watch --learn`.
        }
        let reopened = try RadioMap(path: town.path, mode: .readOnly)
        let record = try #require(try reopened.imports().last)
        #expect(record.format == "learned")
        #expect(record.rowsImported == written)
        #expect(try town.map.connection.integer(
            "SELECT count(*) FROM ap_observations WHERE import_id = \(record.id)") + town.map.connection.integer(
            "SELECT count(*) FROM cell_observations WHERE import_id = \(record.id)") == Int64(written))
    }

    @Test func aSessionWithRetentionSummarizesOldSightingsWithItsFirstBatch() throws {
        let town = try TinyTownMap()
        // The survey is from 2025; learning happens now, keeping 30 days.
        let session = LearningSession(radioMap: town.map, batchSize: 5, keepObservationsDays: 30)
        try town.town.forEachWalkSample(duration: 120) { try session.offer($0.learningSample(in: town.town)) }
        let report = try session.finish()
        #expect(report.batchesWritten > 0)
        let surveyID = try #require(try town.map.imports().first?.id)
        #expect(try town.map.connection.integer(
            "SELECT count(*) FROM ap_observations WHERE import_id = ?", [.integer(surveyID)]) == 0)
        #expect(try town.count("ap_observation_summaries") > 0)
        #expect(try town.count("access_points") > 0)
    }
}
