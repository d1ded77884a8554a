import Foundation
import Testing
import TestSupport

@Suite struct ThreadTaskExecutorTests {
    /// The system's name of the thread the caller runs on (its first 15 bytes).
    static func currentThreadName() -> String {
        let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return comm.trimmingCharacters(in: .newlines)
    }

    @Test(.timeLimit(.minutes(1)))
    func workOnItsOwnThreadAndItsChildTasksNeverUseThePool() async {
        // Every step reports the thread it ran on: a child task or a resumption on the pool
        // would name a pool thread. (Holding every pool thread to show the same thing made the
        // test depend on the rest of the suite: under the full run, other tests kept a pool
        // thread busy past any deadline for the holders to start, CI of 74f2a03.)
        let outcome = await ThreadTaskExecutor.run("own thread") { () async -> (first: String, child: String, after: String) in
            let first = Self.currentThreadName()
            let child = await withTaskGroup(of: String.self) { group in
                group.addTask { Self.currentThreadName() }
                return await group.next() ?? ""
            }
            // A suspension that resumes from elsewhere: the continuation comes back to this thread.
            await Task.yield()
            return (first, child, Self.currentThreadName())
        }
        #expect(outcome.first == "own thread")
        #expect(outcome.child == "own thread", "a child task inherits the executor preference")
        #expect(outcome.after == "own thread")
    }

    @Test(.onItsOwnThread)
    func aTestMarkedOnItsOwnThreadRunsOnAThreadNamedAfterIt() {
        #expect(Self.currentThreadName() == String("aTestMarkedOnItsOwnThreadRunsOnAThreadNamedAfterIt()".prefix(15)))
    }
}
