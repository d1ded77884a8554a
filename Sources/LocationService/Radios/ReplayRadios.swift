import Foundation
import PositioningCore
import SurveyFormats

/// Radios that play back a trace (`watch --replay`): each sample is one epoch, due at its
/// recorded time scaled by the pace, measured on a `LocationClock`.
///
/// GNSS fixes count only at their own epoch. A Wi-Fi scan and the cells heard stay readable
/// for `maximumObservationAge` seconds after they were recorded, as the kernel's scan cache and
/// the modem's serving cell do on a live machine. A source the trace never mentions is
/// `.unavailable`; one it mentions but not now is `.noFix`.
///
/// A trace file is streamed: only the samples of the last `maximumObservationAge` seconds are
/// held, so a replay of hours takes the memory of one of minutes.
///
/// ```swift
/// let radios = try ReplayRadios(tracePath: "walk.trace.jsonl", pace: .recorded(speed: 60))   // a minute per second
/// let inMemory = ReplayRadios(samples: samples, pace: .unpaced)
/// ```
public actor ReplayRadios: Radios {
    /// How fast the trace plays.
    public enum Pace: Sendable, Equatable {
        /// At the recorded pace multiplied by `speed` (1 = real time).
        case recorded(speed: Double)
        /// Without waiting between samples.
        case unpaced
    }

    /// Where the samples come from.
    private enum Upcoming {
        case memory([RadioSample], next: Int)
        case file(ReplayTraceReader)
    }

    /// Seconds a scan or cell reading stays readable after its sample.
    public let maximumObservationAge: Double
    private let clock: any LocationClock
    private let pace: Pace
    private let mentions: Set<PositioningSource>
    private var upcoming: Upcoming
    /// The next sample, read ahead (it decides when the next epoch is due).
    private var peeked: RadioSample?
    /// The samples of the last `maximumObservationAge` seconds, the current one last.
    private var window: [RadioSample] = []
    private var startedAt: (wall: Date, trace: Date)?
    /// Whether an observer keeps the radios busy (between the first epoch and `stop()`).
    public private(set) var isRunning = false
    /// How often each source has been read.
    public private(set) var readCounts: [PositioningSource: Int] = [:]
    /// How many of the Wi-Fi reads asked for the scan cache only (no triggered scan).
    public private(set) var cachedWiFiReadCount = 0
    private var stopWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates radios that play `samples` (in time order) on `clock`.
    /// - Parameter startingAt: when (on `clock`) the first sample plays; nil: when first asked.
    public init(
        samples: [RadioSample], clock: any LocationClock = SystemLocationClock(), pace: Pace = .recorded(speed: 1),
        maximumObservationAge: Double = 30, startingAt: Date? = nil
    ) {
        if let startingAt, let first = samples.first { startedAt = (startingAt, first.time) }
        self.clock = clock
        self.pace = pace
        self.maximumObservationAge = maximumObservationAge
        mentions = samples.reduce(into: []) { $0.formUnion($1.sources) }
        upcoming = .memory(samples, next: 0)
    }

    /// Creates radios that stream the trace file at `tracePath` (JSON lines, DESIGN.md) on
    /// `clock`. The file is read through once first, so a bad line is reported before
    /// anything plays.
    /// - Throws: `ReplayTraceError` naming the first bad line (line 0: the file cannot be read).
    public init(
        tracePath: String, clock: any LocationClock = SystemLocationClock(), pace: Pace = .recorded(speed: 1),
        maximumObservationAge: Double = 30
    ) throws(ReplayTraceError) {
        mentions = try ReplayTraceReader.sourcesMentioned(in: tracePath)
        self.clock = clock
        self.pace = pace
        self.maximumObservationAge = maximumObservationAge
        upcoming = .file(try ReplayTraceReader(path: tracePath))
    }

    /// The sample of the current epoch, nil before the first.
    public var currentSample: RadioSample? { window.last }

    public func nextEpoch() async throws -> Date? {
        isRunning = true
        guard let next = peekNext() else { return nil }
        if case .recorded(let speed) = pace, speed > 0 {
            let start = startedAt ?? (clock.now, next.time)
            startedAt = start
            let offset = next.time.timeIntervalSince(start.trace) / speed
            try await clock.sleep(until: start.wall.addingTimeInterval(offset))
        }
        peeked = nil
        window.append(next)
        while let oldest = window.first, next.time.timeIntervalSince(oldest.time) > maximumObservationAge {
            window.removeFirst()
        }
        return next.time
    }

    /// The next sample without consuming it; nil at the end of the trace (or at a line that
    /// turned bad since the trace was checked: the replay ends there).
    private func peekNext() -> RadioSample? {
        if let peeked { return peeked }
        switch upcoming {
        case .memory(let samples, let next):
            guard samples.indices.contains(next) else { return nil }
            upcoming = .memory(samples, next: next + 1)
            peeked = samples[next]
        case .file(let reader):
            peeked = try? reader.next()
        }
        return peeked
    }

    public func read(_ source: PositioningSource, budget: Duration) async -> RadioReading {
        readCounts[source, default: 0] += 1
        guard mentions.contains(source) else {
            return .failed(.unavailable, reason: "the replayed trace has no \(Self.name(of: source)) readings")
        }
        guard let current = currentSample else { return .failed(.noFix, reason: "the replay has not started") }
        switch source {
        case .gps:
            guard let fix = current.gnss else { return .failed(.noFix, reason: "no GNSS fix at this point of the trace") }
            return .gnss(fix)
        case .cell:
            guard let sample = recent(where: { !$0.cells.isEmpty }) else {
                return .failed(.noFix, reason: "no cell heard in the last \(Int(maximumObservationAge)) s of the trace")
            }
            return .cells(sample.cells)
        case .wifi:
            guard let sample = recent(where: { !$0.wifi.isEmpty }) else {
                return .failed(.noFix, reason: "no Wi-Fi scan in the last \(Int(maximumObservationAge)) s of the trace")
            }
            return .accessPoints(sample.wifi)
        }
    }

    /// A replayed scan, counted as a cache-only read.
    public func readCachedWiFi(budget: Duration) async -> RadioReading {
        cachedWiFiReadCount += 1
        return await read(.wifi, budget: budget)
    }

    public func stop() async {
        isRunning = false
        let waiters = stopWaiters
        stopWaiters = []
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once the radios are stopped (at once when they are).
    public func waitUntilStopped() async {
        guard isRunning else { return }
        await withCheckedContinuation { stopWaiters.append($0) }
    }

    /// The latest sample up to the current one that matches and is recent enough.
    private func recent(where matches: (RadioSample) -> Bool) -> RadioSample? {
        guard let now = currentSample?.time else { return nil }
        for sample in window.reversed() {
            if now.timeIntervalSince(sample.time) > maximumObservationAge { return nil }
            if matches(sample) { return sample }
        }
        return nil
    }

    private static func name(of source: PositioningSource) -> String {
        switch source {
        case .gps: "GNSS"
        case .cell: "cell"
        case .wifi: "Wi-Fi"
        }
    }
}
