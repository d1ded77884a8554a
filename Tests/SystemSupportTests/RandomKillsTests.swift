import Testing
import TestSupport

/// The crash-safety tests' kill loop lands kills inside the run even when the reference run it
/// was given took far longer than the runs after it (a busy machine that then calms down).
@Suite struct RandomKillsTests {
    @Test func aSlowReferenceRunStillGetsKillsInsideTheRun() throws {
        // The command takes about 0.3 s; the reference run claims 5 s. Planned kills at 2–110 %
        // of 5 s would mostly come after the command ended.
        var random = SplitMix64(seed: 3)
        var exitedBeforeKill: [Bool] = []
        let kills = try RandomKills.run(count: 3, referenceRun: .seconds(5), random: &random) { _ in
            try SpawnedProcess.spawn(["/bin/sleep", "0.3"])
        } inspect: { moment in
            exitedBeforeKill.append(moment.exitedBeforeKill)
            return moment
        }
        #expect(kills.count >= 3)
        #expect(exitedBeforeKill.contains(false), "no kill landed while the command ran: \(kills.map(\.delay))")
    }
}
