import Foundation
import PositioningCore
import SurveyFormats
import SystemSupport
import TestSupport
import Testing
import TownTestSupport
import WorldSimulator

@testable import LocationService

@Suite(.preparing(TestTown.fixture)) struct ReplayTraceFileTests {
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

    @Test func aRecordedTraceIsCreatedPrivateAndAppendedTo() throws {
        let directory = TemporaryDirectory("replay-record")
        let path = directory.path("walk.trace.jsonl")
        let samples = Array(TestTown.shared.walk.prefix(2))
        try #require(samples.count == 2)
        try ReplayTraceFile.append(samples[0], to: path)
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600, "a trace holds BSSIDs and positions")
        try ReplayTraceFile.append(samples[1], to: path)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == samples.map { ReplayTrace.line(for: $0) + "\n" }.joined(), "the second sample follows the first")
        #expect(try ReplayTrace.parse(text).map(\.time) == samples.map(\.time))
    }

    @Test func anUnwritablePathIsATypedErrorAndCreatesNothing() throws {
        let directory = TemporaryDirectory("replay-record")
        let path = directory.path("missing/walk.trace.jsonl")
        let sample = RadioSample(time: Date(timeIntervalSince1970: 1_800_000_000), wifi: [])
        #expect(throws: ReplayTraceWriteError.cannotOpen(path: path, reason: .noSuchFileOrDirectory)) {
            try ReplayTraceFile.append(sample, to: path)
        }
        #expect(!FileManager.default.fileExists(atPath: directory.path("missing")))
        let error = ReplayTraceWriteError.cannotOpen(path: path, reason: .noSuchFileOrDirectory)
        #expect(error.description == "cannot write \(path): \(Errno.noSuchFileOrDirectory)")
    }

    @Test(.enabled(if: getuid() != 0, "root may write into a read-only directory"))
    func aReadOnlyDirectoryIsPermissionDenied() throws {
        let directory = TemporaryDirectory("replay-record")
        let locked = directory.path("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o500])
        defer { chmod(locked, 0o700) }
        let path = locked + "/walk.trace.jsonl"
        #expect(throws: ReplayTraceWriteError.cannotOpen(path: path, reason: .permissionDenied)) {
            try ReplayTraceFile.append(RadioSample(time: Date(), wifi: []), to: path)
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }
}
