import Foundation
import PositioningCore
import SurveyFormats
import Testing
import TestSupport

@testable import CoreLocationLinux
@testable import LocationService

@Suite struct CoreLocationEnvironmentTests {
    @Test func theSystemEnvironmentReplaysATraceFromTheEnvironmentWithTheConfiguredSources() async throws {
        let directory = TemporaryDirectory("corelocation-system")
        let trace = directory.path("walk.trace.jsonl")
        try Walks.north(from: 0, step: 10, count: 4).map(ReplayTrace.line(for:)).joined(separator: "\n")
            .write(toFile: trace, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory.path("config/whereabouts"), withIntermediateDirectories: true)
        try "sources = gps\n".write(toFile: directory.path("config/whereabouts/whereabouts.conf"), atomically: true, encoding: .utf8)
        let environment = CoreLocationEnvironment.system(environment: [
            "HOME": directory.path("home"), "XDG_CONFIG_HOME": directory.path("config"), "XDG_DATA_HOME": directory.path("data"),
            "WHEREABOUTS_REPLAY": trace, "WHEREABOUTS_REPLAY_SPEED": "0",
        ])
        #expect(environment.configurationProblem == nil)
        #expect(environment.options.sources == [.gps])
        #expect(environment.radioMapPath == directory.path("data/whereabouts/radiomap.sqlite"))
        var indices: [Int] = []
        for try await update in CLLocationUpdate.liveUpdates(environment: environment) {
            indices.append(Walks.index(of: try #require(update.location)))
        }
        #expect(indices == [0, 1, 2, 3])
    }

    @Test func anUnusableConfigurationOrTraceDisablesLocationServicesWithTheReason() throws {
        let directory = TemporaryDirectory("corelocation-system")
        try FileManager.default.createDirectory(atPath: directory.path("config/whereabouts"), withIntermediateDirectories: true)
        try "colour = blue\n".write(toFile: directory.path("config/whereabouts/whereabouts.conf"), atomically: true, encoding: .utf8)
        let badConfiguration = CoreLocationEnvironment.system(environment: ["XDG_CONFIG_HOME": directory.path("config")])
        #expect(!badConfiguration.options.isEnabled)
        #expect(badConfiguration.configurationProblem?.hasSuffix("whereabouts.conf:1: unknown key 'colour'") == true)

        let badTrace = CoreLocationEnvironment.system(environment: [
            "XDG_CONFIG_HOME": directory.path("none"), "WHEREABOUTS_REPLAY": directory.path("absent.jsonl"),
        ])
        #expect(!badTrace.options.isEnabled)
        #expect(badTrace.configurationProblem?.hasPrefix("WHEREABOUTS_REPLAY: ") == true)
    }
}
