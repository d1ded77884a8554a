import Foundation
import Synchronization
import Testing
import TestSupport

@testable import SystemSupport

@Suite struct DedicatedThreadTests {
    @Test func theWorkRunsOffTheCallersThreadAndItsValueIsAwaited() async {
        let caller = pthread_self()
        let worker = await DedicatedThread.run("dedicated-thread-test") { pthread_self() }
        #expect(worker != caller)
    }

    @Test func theSystemSeesTheThreadsNameCutToFifteenBytes() async {
        let name = await DedicatedThread.run("whereabouts-batch-reader") { () -> String in
            let comm = (try? String(contentsOfFile: "/proc/thread-self/comm", encoding: .utf8)) ?? ""
            return comm.trimmingCharacters(in: .newlines)
        }
        #expect(name == "whereabouts-bat")
        // Never half a character: "é" is two bytes and would end at byte 16.
        #expect(DedicatedThread<Void>.systemName("fourteen bytesé") == "fourteen bytes")
        #expect(DedicatedThread<Void>.systemName("short") == "short")
    }

    @Test func whatTheWorkThrowsIsThrownToTheAwaiter() async {
        struct Refused: Error, Equatable {}
        await #expect(throws: Refused()) {
            try await DedicatedThread<Int>.run("refuse") { () throws(Refused) -> Int in throw Refused() }
        }
    }

    /// More blocking jobs than the cooperative pool has threads, each waiting until all have
    /// started: run on the pool they would wait for ever (the test would end at the deadline).
    @Test func blockingJobsDoNotHoldThePoolsThreads() async {
        final class Count: Sendable { let started = Atomic<Int>(0) }
        let jobs = ProcessInfo.processInfo.activeProcessorCount + 4
        let count = Count()
        let allStarted = await withTaskGroup(of: Bool.self) { group in
            for job in 0..<jobs {
                group.addTask {
                    await DedicatedThread.run("job \(job)") {
                        count.started.add(1, ordering: .acquiringAndReleasing)
                        return Deadline(after: .seconds(60)).poll(every: .milliseconds(1)) {
                            count.started.load(ordering: .acquiring) == jobs
                        }
                    }
                }
            }
            return await group.reduce(true) { $0 && $1 }
        }
        #expect(allStarted)
    }

    @Test func aSynchronousOwnerWaitsForTheWorkAndManyAwaitersGetOneValue() async {
        final class Gate: Sendable { let isOpen = Atomic<Bool>(false) }
        let gate = Gate()
        let thread = DedicatedThread("gated") { () -> Int in
            _ = Deadline(after: .seconds(60)).poll(every: .milliseconds(1)) { gate.isOpen.load(ordering: .acquiring) }
            return 42
        }
        #expect(!thread.isFinished)
        async let first = thread.value
        async let second = thread.value
        gate.isOpen.store(true, ordering: .releasing)
        let joined = await DedicatedThread.run("join") { thread.wait() }
        let awaited = await [first, second]
        #expect(joined == 42)
        #expect(awaited == [42, 42])
        #expect(thread.isFinished)
    }
}
