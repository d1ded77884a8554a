import Synchronization

/// A flag a consumer sets to ask a dedicated I/O thread to stop; the thread checks it between
/// short `poll` waits.
final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)

    var isSet: Bool { value.load(ordering: .acquiring) }

    func set() { value.store(true, ordering: .releasing) }

    /// Waits up to `seconds` in short slices; returns early (true) once the flag is set.
    /// Used only for reconnect backoff on a dedicated thread, never on the cooperative pool.
    func wait(seconds: Double) -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if isSet { return true }
            // Slices of 20 ms, the last one shorter: a 1 ms backoff waits 1 ms.
            let remaining = deadline - ContinuousClock.now
            let slice = min(remaining, .milliseconds(20))
            var request = timespec(tv_sec: 0, tv_nsec: max(Int(slice.components.attoseconds / 1_000_000_000), 0))
            nanosleep(&request, nil)
        }
        return isSet
    }
}

#if canImport(Glibc)
    import Glibc
#endif
