import Foundation
import PositioningCore
import SurveyFormats
import TestSupport
import Testing
import TownTestSupport
import WorldSimulator

@testable import LocationService

@Suite struct ReplayTraceFileTests {
    @Test func aStreamedTraceFileGivesTheSameFixesAsTheTraceInMemory() async throws {
        let town = TestTown.shared
        let resolver = RadioMapResolver(path: town.path)
        let streamed = LocationManager(
            radios: try ReplayRadios(tracePath: town.file(TownWriter.FileName.walkTrace), pace: .unpaced), resolver: resolver)
        let inMemory = LocationManager(radios: ReplayRadios(samples: town.walk, pace: .unpaced), resolver: resolver)
        let (fromFile, fileError) = await collect(await streamed.updates())
        let (fromMemory, memoryError) = await collect(await inMemory.updates())
        #expect(fileError == nil && memoryError == nil)
        #expect(fromFile.count == town.walk.count, "a fix every epoch: Wi-Fi scans stay readable for 30 s of trace")
        #expect(fromFile.map(\.location) == fromMemory.map(\.location))
        #expect(fromFile.map(\.attempts) == fromMemory.map(\.attempts))
    }

    @Test func aBadLineIsReportedBeforeAnythingPlays() throws {
        let directory = TemporaryDirectory("replay-file")
        let path = directory.path("bad.jsonl")
        try "{\"time\":0}\n\n{\"time\":1,\"gnss\":{\"lat\":1}}\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect(throws: ReplayTraceError(line: 3, reason: "gnss needs \"lat\" and \"lng\"")) {
            try ReplayRadios(tracePath: path)
        }
        #expect(throws: ReplayTraceError.self) { try ReplayRadios(tracePath: directory.path("missing.jsonl")) }
    }
}
