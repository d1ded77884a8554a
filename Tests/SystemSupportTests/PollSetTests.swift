import Foundation
import Testing

@testable import SystemSupport

@Suite struct PollSetTests {
    @Test func reportsWhichDescriptorIsReadable() throws {
        let quiet = TestPipe(), busy = TestPipe()
        try busy.writeEnd.writeAll(Array("x".utf8))
        var poll = PollSet()
        poll.append(quiet.readEnd, events: .readable)
        poll.append(nil, events: .readable)
        poll.append(busy.readEnd, events: .readable)
        #expect(try poll.wait(timeout: .seconds(5)) == 1)
        #expect(poll.returnedEvents(at: 0).isEmpty)
        #expect(poll.returnedEvents(at: 1).isEmpty)
        #expect(poll.returnedEvents(at: 2).contains(.readable))
        poll.removeAll()
        #expect(poll.count == 0)
    }

    @Test func aTimeoutReturnsNothingReadyAfterTheTimeout() throws {
        let pipe = TestPipe()
        var poll = PollSet(pipe.readEnd, events: .readable)
        let started = ContinuousClock.now
        #expect(try poll.wait(timeout: .milliseconds(30)) == 0)
        #expect(ContinuousClock.now - started >= .milliseconds(30))
    }

    @Test func anInterruptedWaitReturnsAtOnceAsATimeoutDoes() async {
        let pipe = TestPipe()
        // Timed on the waiting thread: an async test resumes late when the pool is busy.
        let (outcome, signals) = await InterruptingSignal.interrupt { () -> (ready: Int?, waited: Duration) in
            var poll = PollSet(pipe.readEnd, events: .readable)
            let started = ContinuousClock.now
            let ready = try? poll.wait(timeout: .seconds(30))
            return (ready, ContinuousClock.now - started)
        }
        #expect(signals > 0)
        #expect(outcome.ready == 0)
        #expect(outcome.waited < .seconds(20), "the wait ended with the signal, not the timeout")
    }

    @Test(arguments: [
        (Duration.zero, Int32(0)), (.milliseconds(-5), 0), (.microseconds(1), 1), (.milliseconds(500), 500),
        (.nanoseconds(1_000_001), 2), (.seconds(Int64.max), Int32.max),
    ])
    func timeoutsRoundUpToWholeMilliseconds(timeout: Duration, milliseconds: Int32) {
        #expect(PollSet.milliseconds(rounding: timeout) == milliseconds)
    }
}
