import Foundation
import Synchronization

/// Hands values from any thread to one thread's run loop, in the order they were posted: the
/// way Core Location calls a delegate on the run loop of the thread that made the manager.
///
/// `post` may be called from any thread; `handler` runs only on the run loop's thread, when
/// that run loop runs (in its default mode). A drain is scheduled as a zero-interval timer,
/// which wakes a run loop that is waiting.
final class RunLoopMailbox<Delivery: Sendable>: @unchecked Sendable {
    private let runLoop: RunLoop
    private let pending = Mutex<(deliveries: [Delivery], isScheduled: Bool)>(([], false))
    /// Set and called on the run loop's thread only (hence the unchecked `Sendable`).
    private var handler: ((Delivery) -> Void)?
    private var keepAlive: Timer?

    /// A mailbox for the current thread's run loop.
    init() {
        runLoop = RunLoop.current
    }

    /// Sets what receives the deliveries; call it on the run loop's thread.
    func setHandler(_ handler: @escaping (Delivery) -> Void) {
        self.handler = handler
    }

    /// Queues `delivery` for the run loop's thread.
    func post(_ delivery: Delivery) {
        let mustSchedule = pending.withLock { state -> Bool in
            state.deliveries.append(delivery)
            defer { state.isScheduled = true }
            return !state.isScheduled
        }
        guard mustSchedule else { return }
        let timer = Timer(timeInterval: 0, repeats: false) { [weak self] _ in self?.drain() }
        runLoop.add(timer, forMode: .default)
    }

    /// Keeps the run loop running (`RunLoop.run()` returns when a run loop has no timers or
    /// sources) while `isActive`, as a pending location request does on Apple's platforms.
    /// Call it on the run loop's thread.
    func keepRunning(_ isActive: Bool) {
        if isActive, keepAlive == nil {
            let timer = Timer(timeInterval: 86_400, repeats: true) { _ in }
            runLoop.add(timer, forMode: .default)
            keepAlive = timer
        } else if !isActive, let timer = keepAlive {
            timer.invalidate()
            keepAlive = nil
        }
    }

    deinit {
        keepAlive?.invalidate()
    }

    private func drain() {
        let deliveries = pending.withLock { state -> [Delivery] in
            state.isScheduled = false
            defer { state.deliveries = [] }
            return state.deliveries
        }
        for delivery in deliveries { handler?(delivery) }
    }
}
