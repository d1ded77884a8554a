#if canImport(Glibc)
    import Glibc
#endif

/// Descriptors to wait on together, and what each turned out ready for: reusable from one wait
/// to the next without allocating.
///
/// ```swift
/// var poll = PollSet()
/// poll.append(socket, events: .readable)
/// if try poll.wait(timeout: .milliseconds(500)) > 0, poll.returnedEvents(at: 0).contains(.readable) { … }
/// ```
public struct PollSet: Sendable {
    /// What a descriptor is waited on for, or turned out ready for.
    public struct Events: OptionSet, Hashable, Sendable {
        public let rawValue: Int16

        /// Events with C value `rawValue` (`POLLIN | POLLOUT`, …).
        public init(rawValue: Int16) {
            self.rawValue = rawValue
        }

        /// `POLLIN`: there is data to read (or the peer closed its end).
        public static let readable = Events(rawValue: Int16(POLLIN))
        /// `POLLOUT`: writing would not block.
        public static let writable = Events(rawValue: Int16(POLLOUT))
        /// `POLLERR`: an error is pending (only ever returned).
        public static let error = Events(rawValue: Int16(POLLERR))
        /// `POLLHUP`: the peer hung up (only ever returned).
        public static let hangUp = Events(rawValue: Int16(POLLHUP))
        /// `POLLNVAL`: the descriptor is not open (only ever returned).
        public static let invalid = Events(rawValue: Int16(POLLNVAL))
    }

    private var entries: [pollfd] = []

    /// An empty set.
    public init() {}

    /// A set of one descriptor.
    public init(_ descriptor: FileDescriptor, events: Events) {
        append(descriptor, events: events)
    }

    /// How many descriptors the set holds.
    public var count: Int { entries.count }

    /// Adds `descriptor`, waited on for `events`; nil holds a place that is never ready.
    public mutating func append(_ descriptor: FileDescriptor?, events: Events) {
        entries.append(pollfd(fd: descriptor?.rawValue ?? -1, events: events.rawValue, revents: 0))
    }

    /// Empties the set, keeping its storage.
    public mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }

    /// What the descriptor at `index` (in the order appended) was found ready for by the last
    /// `wait`; empty when it was not.
    public func returnedEvents(at index: Int) -> Events {
        Events(rawValue: entries[index].revents)
    }

    /// Waits until a descriptor is ready, `timeout` passes or a signal arrives.
    ///
    /// An interrupted wait returns as a timeout does, so a caller's loop looks at its own deadline
    /// again rather than waiting the whole timeout once more. The corresponding C function is
    /// `poll`.
    /// - Parameter timeout: The longest wait, rounded up to a millisecond (negative: none); nil
    ///   waits until a descriptor is ready.
    /// - Returns: How many descriptors are ready; 0 after the timeout or a signal.
    /// - Throws: `Errno` for any other failure.
    public mutating func wait(timeout: Duration?) throws(Errno) -> Int {
        let milliseconds = timeout.map(Self.milliseconds(rounding:)) ?? -1
        let count = nfds_t(entries.count)
        do {
            return Int(try valueOrErrno(retryOnInterrupt: false) { poll(&entries, count, milliseconds) })
        } catch .interrupted {
            for index in entries.indices { entries[index].revents = 0 }
            return 0
        }
    }

    /// `duration` in whole milliseconds, rounded up, within 0…Int32.max.
    static func milliseconds(rounding duration: Duration) -> Int32 {
        guard duration > .zero else { return 0 }
        let (seconds, attoseconds) = duration.components
        let milliseconds = seconds.multipliedReportingOverflow(by: 1000)
        guard !milliseconds.overflow else { return Int32.max }
        let fraction = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds.partialValue + fraction)
    }
}
