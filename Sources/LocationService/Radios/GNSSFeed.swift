import Foundation
import GNSS
import PositioningCore
import SystemSupport

/// The GPS of `LiveRadios` while observers keep it running: one gpsd session (`?WATCH` stream,
/// reconnected with backoff) or one continuous read of an NMEA device, on a thread of its own,
/// whose latest fix each reading takes. A regular NMEA *file* is a recording instead: its fixes
/// are handed out one per reading, in order.
///
/// A fix is handed out once (gpsd's further reports of its epoch only improve it while it waits),
/// and only while it is recent (`maximumFixAge`), so a receiver that
/// lost the sky yields `.noFix` rather than its last position over and over.
actor GNSSFeed {
    /// What the feed knows about its source apart from fixes.
    private enum Status {
        /// Connecting (gpsd) or opening (device): a fix may come.
        case starting
        /// Connected and reading; `problem` is the latest reason there is no fix (no device,
        /// device vanished, receiver without fix), if any.
        case reading(problem: GNSSError?)
        /// gpsd cannot be reached now (the session retries with backoff).
        case unreachable(GNSSError)
        /// The source ended; no fix will come.
        case ended(GNSSError)
        /// `close()` was called.
        case closed
    }

    /// Seconds a received fix stays usable.
    static let maximumFixAge: Duration = .seconds(5)

    private let name: String
    private var status = Status.starting
    private var latest: (location: Location, received: MonotonicInstant)?
    private var recording: [Location]?
    private var recordingIndex = 0
    private var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
    private var nextWaiterID: UInt64 = 0
    private var closeSession: (@Sendable () async -> Void)?
    private var consumer: Task<Void, Never>?

    private init(name: String) {
        self.name = name
    }

    /// A feed watching gpsd at `endpoint`.
    static func gpsd(_ endpoint: GPSDEndpoint) async -> GNSSFeed {
        let feed = GNSSFeed(name: "gpsd at \(endpoint)")
        let session = GPSDClient(endpoint: endpoint).openSession()
        await feed.attach(session) { event in
            switch event {
            case .fix(let location): .fix(location)
            case .revisedFix(let location): .revision(location)
            case .connected: .reading(problem: nil)
            case .devices(let devices) where devices.isEmpty: .reading(problem: .noFix(reason: "gpsd at \(endpoint) has no GPS device"))
            case .deviceVanished(let path): .reading(problem: .deviceVanished(path: path))
            case .gpsdError(let message): .reading(problem: .gpsdError(message: message))
            case .noFix(let mode): .reading(problem: .noFix(reason: "the receiver behind gpsd at \(endpoint) has no fix (mode \(mode))"))
            case .disconnected(let reason): .unreachable(GPSDClient.unreachable(endpoint, reason))
            case .devices, .silent: nil
            }
        }
        return feed
    }

    /// A feed reading the NMEA device, file or network input `input`.
    static func nmea(_ input: NMEAInput) async -> GNSSFeed {
        let feed = GNSSFeed(name: input.description)
        if case .device(let path) = input,
            let fixes = await DedicatedThread.run("read NMEA file", { Self.recordedFixes(at: path) })
        {
            await feed.play(fixes)
            return feed
        }
        let session = NMEAReader(input: input).openSession()
        await feed.attach(session) { event in
            switch event {
            case .fix(let location): .fix(location)
            case .failed(let error): .ended(error)
            case .finished(let statistics):
                .ended(.unavailable(reason: "the NMEA input \(input) ended (\(statistics))", remedy: "check that the receiver is still connected"))
            case .silent: nil
            }
        }
        return feed
    }

    /// The fixes of a regular file, or nil when `path` is not one (a device, a FIFO, missing).
    private static func recordedFixes(at path: String) -> [Location]? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            attributes[.type] as? FileAttributeType == .typeRegular,
            let data = FileManager.default.contents(atPath: path)
        else { return nil }
        return NMEAReader.fixes(in: data).fixes
    }

    /// What one event of a session means to the feed.
    private enum Update: Sendable {
        case fix(Location)
        /// A better report of the last fix's epoch: it replaces that fix if not yet handed out.
        case revision(Location)
        case reading(problem: GNSSError?)
        case unreachable(GNSSError)
        case ended(GNSSError)
    }

    private func attach<Event: Sendable>(_ session: GNSSSession<Event>, _ translate: @escaping @Sendable (Event) -> Update?) {
        closeSession = { await session.close() }
        consumer = Task { [weak self] in
            for await event in session.events {
                // A feed dropped without close(): leaving the loop ends the stream, which stops the thread.
                guard let feed = self else { break }
                guard let update = translate(event) else { continue }
                await feed.apply(update)
            }
        }
    }

    private func play(_ fixes: [Location]) {
        recording = fixes
        status = .reading(problem: nil)
    }

    private func apply(_ update: Update) {
        if case .closed = status { return }
        switch update {
        case .fix(let location):
            latest = (location, .now)
            status = .reading(problem: nil)
        case .revision(let location):
            // Handed out already: the epoch was read, and is not read again.
            guard latest != nil else { return }
            latest = (location, .now)
        case .reading(let problem):
            if case .ended = status { return }
            status = .reading(problem: problem)
        case .unreachable(let error):
            status = .unreachable(error)
        case .ended(let error):
            status = .ended(error)
        }
        wakeAll()
    }

    /// The next fix: the latest not yet handed out (a recording's next one), waiting up to
    /// `budget` for one to arrive.
    /// - Returns: the fix, or why there is none — at once when gpsd is unreachable or the
    ///   input has ended, after `budget` when the source is there but silent; nil when the
    ///   feed is (or gets) closed meanwhile, so the caller reads the GPS some other way.
    func nextFix(within budget: Duration) async -> Result<Location, GNSSError>? {
        if let recording {
            guard recordingIndex < recording.count else {
                return .failure(.noFix(reason: "the NMEA file \(name) has no more fixes (\(recording.count) read)"))
            }
            recordingIndex += 1
            return .success(recording[recordingIndex - 1])
        }
        let deadline = ContinuousClock.now + budget
        while true {
            if let latest, MonotonicInstant.now - latest.received <= Self.maximumFixAge {
                self.latest = nil
                return .success(latest.location)
            }
            var problem: GNSSError?
            switch status {
            case .unreachable(let error), .ended(let error): return .failure(error)
            case .reading(let reason): problem = reason
            case .starting: break
            case .closed: return nil
            }
            if ContinuousClock.now >= deadline || Task.isCancelled {
                let milliseconds = budget.components.seconds * 1000 + budget.components.attoseconds / 1_000_000_000_000_000
                return .failure(problem ?? .noFix(reason: "no fix from \(name) within \(Double(milliseconds) / 1000) s"))
            }
            await waitForChange(until: deadline)
        }
    }

    /// Ends the session: its thread has stopped and its socket or device is closed on return.
    func close() async {
        status = .closed
        wakeAll()
        let closeSession = closeSession
        self.closeSession = nil
        await closeSession?()
        await consumer?.value
        consumer = nil
    }

    private func waitForChange(until deadline: ContinuousClock.Instant) async {
        nextWaiterID += 1
        let id = nextWaiterID
        let timer = Task { [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            await self?.wake(id)
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { waiters[id] = $0 }
        } onCancel: {
            Task { await self.wake(id) }
        }
        timer.cancel()
    }

    private func wake(_ id: UInt64) {
        waiters.removeValue(forKey: id)?.resume()
    }

    private func wakeAll() {
        let all = waiters.values
        waiters = [:]
        for waiter in all { waiter.resume() }
    }
}
