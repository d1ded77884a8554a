import Foundation
import PositioningCore
import SystemSupport
import Testing

@testable import LocationService

/// `serve --local-sources`: blocking requests from the server's threads share one run of the
/// sources, and an answer is reused for a while.
@Suite struct SharedLocationRequestTests {
    @Test func concurrentRequestsWithinTheReuseWindowShareOneRunOfTheSources() async throws {
        let radios = ReplayRadios(samples: ServiceTraces.walkNorth(from: 0, step: 10, count: 5), pace: .unpaced)
        let shared = SharedLocationRequest(manager: LocationManager(radios: radios), reuse: .seconds(3_600))
        async let first = DedicatedThread.run("first request") { shared.location() }
        async let second = DedicatedThread.run("second request") { shared.location() }
        let answers = try await [first, second].map { try $0.get() }
        #expect(answers[0].location == answers[1].location)
        #expect(await radios.readCounts[.gps] == 1, "one reading answers both")
    }

    @Test func anAnswerOlderThanTheReuseWindowIsAskedAgain() async throws {
        let radios = ReplayRadios(samples: ServiceTraces.walkNorth(from: 0, step: 10, count: 5), pace: .unpaced)
        let shared = SharedLocationRequest(manager: LocationManager(radios: radios), reuse: .zero)
        let answers = await DedicatedThread.run("requests") { [shared.location(), shared.location()] }
        #expect(answers.allSatisfy { (try? $0.get()) != nil })
        #expect(await radios.readCounts[.gps] == 2)
    }

    @Test func aRequestWithoutAFixAnswersTheManagersError() async {
        var samples = ServiceTraces.walkNorth(from: 0, step: 10, count: 2)
        for index in samples.indices { samples[index].gnss = nil }
        let shared = SharedLocationRequest(manager: LocationManager(radios: ReplayRadios(samples: samples, pace: .unpaced)))
        let answer = await DedicatedThread.run("request") { shared.location() }
        // A trace without any GNSS fix has no receiver: no source can run.
        guard case .failure(.noSources(let attempts)) = answer else {
            Issue.record("expected no sources, got \(answer)")
            return
        }
        #expect(attempts.first?.source == .gps)
    }
}
