import Foundation
import Synchronization
import Testing
import TestSupport

@Suite struct ThreadTaskExecutorTests {
    /// The system's name of the thread the caller runs on (its first 15 bytes).
    static func currentThreadName() -> String {
        let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
        return comm.trimmingCharacters(in: .newlines)
    }

    @Test(.timeLimit(.minutes(1)))
    func workOnItsOwnThreadGoesOnWhileEveryPoolThreadIsHeld() async {
        // Every thread of the cooperative pool blocked: work that needed one would never run, and
        // the test would hang until its time limit.
        final class Holders: Sendable {
            let started = Atomic(0)
            let release = DispatchSemaphore(value: 0)
        }
        let holders = Holders()
        let width = ProcessInfo.processInfo.activeProcessorCount
        let outcome = await ThreadTaskExecutor.run("held pool") { () async -> (held: Bool, child: Int, thread: String) in
            for _ in 0..<width {
                Task.detached {
                    holders.started.add(1, ordering: .relaxed)
                    holders.release.wait()
                }
            }
            // Blocking is fine here: this thread is the test's own.
            let held = Deadline(after: .seconds(30)).poll { holders.started.load(ordering: .relaxed) == width }
            // A child task inherits the preference, so it runs on this thread, not on the pool.
            let child = await withTaskGroup(of: Int.self) { group in
                group.addTask { 6 * 7 }
                return await group.next() ?? 0
            }
            let thread = Self.currentThreadName()
            for _ in 0..<width { holders.release.signal() }
            return (held, child, thread)
        }
        #expect(outcome.held, "every pool thread was held while the work ran")
        #expect(outcome.child == 42)
        #expect(outcome.thread == "held pool")
    }

    @Test(.onItsOwnThread)
    func aTestMarkedOnItsOwnThreadRunsOnAThreadNamedAfterIt() {
        #expect(Self.currentThreadName() == String("aTestMarkedOnItsOwnThreadRunsOnAThreadNamedAfterIt()".prefix(15)))
    }
}
