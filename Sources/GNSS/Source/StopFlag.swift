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
            var request = timespec(tv_sec: 0, tv_nsec: 20_000_000)
            nanosleep(&request, nil)
        }
        return isSet
    }
}

#if canImport(Glibc)
    import Glibc
#endif
