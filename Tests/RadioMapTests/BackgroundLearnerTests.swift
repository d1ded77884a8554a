import Foundation
import PositioningCore
import Testing
import TestSupport
import WorldSimulator

@testable import RadioMap

@Suite struct BackgroundLearnerTests {
    /// A walk offered from async code is learned on the learner's thread: batches when full,
    /// a partial batch once a minute of sample time has passed, the rest at `finish()`.
    @Test func aWalkOfferedFromAsyncCodeIsLearnedAndFinished() async throws {
        let town = try TinyTownMap()
        var samples: [LearningSample] = []
        town.town.forEachWalkSample(duration: 600) { samples.append($0.learningSample(in: town.town)) }
        let learner = try await BackgroundLearner.start(
            databasePath: town.path, name: "background walk", batchSize: 1_000, flushInterval: 60)
        for sample in samples { learner.offer(sample) }
        let outcome = await learner.finish()
        #expect(outcome.failure == nil)
        let report = outcome.report
        #expect(report.samplesOffered == samples.count)
        #expect(report.observationsStored > 0)
        // 600 s of walk in batches of 1,000 samples: only the minute-of-sample-time rule cuts it.
        #expect(report.batchesWritten >= 600 / 60 - 1)
        let record = try #require(try RadioMap(path: town.path, mode: .readOnly).imports().last)
        #expect(record.name == "background walk" && record.id == report.importID)
        #expect(record.rowsImported == report.observationsStored)
        // Finishing again returns the same outcome; later samples are not taken.
        learner.offer(samples[0])
        #expect(await learner.finish().report == report)
    }

    @Test func aMapThatCannotBeOpenedForWritingIsRefusedAtStart() async throws {
        let directory = TemporaryDirectory()
        let path = directory.path("not-a-map.sqlite")
        try Data("this is not a database, just text that is long enough".utf8).write(to: URL(fileURLWithPath: path))
        await #expect(throws: RadioMapError.self) {
            _ = try await BackgroundLearner.start(databasePath: path)
        }
    }
}
