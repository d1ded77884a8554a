import Synchronization
import Testing
import TestSupport

@Suite struct SharedFixtureTests {
    struct Built: Sendable {
        var thread: String
        var sawEveryPreparer: Bool
    }

    struct BuildFailed: Error {}

    final class Counter: Sendable {
        private let atomic = Atomic(0)
        func add() { atomic.add(1, ordering: .relaxed) }
        var value: Int { atomic.load(ordering: .relaxed) }
    }

    @Test(.timeLimit(.minutes(1)))
    func preparersWaitSuspendedForTheOneBuildOnAThreadOfItsOwn() async throws {
        let builds = Counter()
        let preparers = Counter()
        let fixture = SharedFixture("fixture build") {
            builds.add()
            // Held until all three preparers have started. They run on one thread (below), so a
            // preparer that blocked that thread would keep the others from starting.
            let sawEveryPreparer = Deadline(after: .seconds(30)).poll { preparers.value == 3 }
            return Built(thread: ThreadTaskExecutorTests.currentThreadName(), sawEveryPreparer: sawEveryPreparer)
        }
        await ThreadTaskExecutor.run("preparers") {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        preparers.add()
                        await fixture.prepare()
                    }
                }
            }
        }
        let built = try fixture.value
        #expect(built.sawEveryPreparer, "a preparer blocked its thread while the fixture was built")
        #expect(built.thread == "fixture build")
        #expect(builds.value == 1)
        await fixture.prepare()
        #expect(builds.value == 1, "preparing again reuses the build")
    }

    @Test func aFailedBuildIsThrownToEveryReader() async {
        let fixture = SharedFixture<Int>("failing build") { throw BuildFailed() }
        await fixture.prepare()
        #expect(throws: BuildFailed.self) { try fixture.value }
        #expect(throws: BuildFailed.self) { try fixture.value }
    }
}
