import Foundation
import PositioningCore

/// Radios that play back a trace (`watch --replay`): each sample is one epoch, due at its
/// recorded time scaled by the pace, measured on a `LocationClock`.
///
/// GNSS fixes count only at their own epoch. A Wi-Fi scan and the cells heard stay readable
/// for `maximumObservationAge` seconds after they were recorded, as the kernel's scan cache and
/// the modem's serving cell do on a live machine. A source the trace never mentions is
/// `.unavailable`; one it mentions but not now is `.noFix`.
///
/// ```swift
/// let samples = try ReplayTrace.parse(String(contentsOfFile: "walk.trace.jsonl", encoding: .utf8))
/// let radios = ReplayRadios(samples: samples, pace: .recorded(speed: 60))   // a minute per second
/// ```
public actor ReplayRadios: Radios {
    /// How fast the trace plays.
    public enum Pace: Sendable, Equatable {
        /// At the recorded pace multiplied by `speed` (1 = real time).
        case recorded(speed: Double)
        /// Without waiting between samples.
        case unpaced
    }

    /// The trace.
    public let samples: [RadioSample]
    /// Seconds a scan or cell reading stays readable after its sample.
    public let maximumObservationAge: Double
    private let clock: any LocationClock
    private let pace: Pace
    private let mentions: Set<PositioningSource>
    private var index = -1
    private var startedAt: (wall: Date, trace: Date)?
    /// Whether an observer keeps the radios busy (between the first epoch and `stop()`).
    public private(set) var isRunning = false
    /// How often each source has been read.
    public private(set) var readCounts: [PositioningSource: Int] = [:]
    private var stopWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates radios that play `samples` (in time order) on `clock`.
    /// - Parameter startingAt: when (on `clock`) the first sample plays; nil: when first asked.
    public init(
        samples: [RadioSample], clock: any LocationClock = SystemLocationClock(), pace: Pace = .recorded(speed: 1),
        maximumObservationAge: Double = 30, startingAt: Date? = nil
    ) {
        self.samples = samples
        if let startingAt, let first = samples.first { startedAt = (startingAt, first.time) }
        self.clock = clock
        self.pace = pace
        self.maximumObservationAge = maximumObservationAge
        var mentions: Set<PositioningSource> = []
        for sample in samples {
            if sample.gnss != nil { mentions.insert(.gps) }
            if !sample.cells.isEmpty { mentions.insert(.cell) }
            if !sample.wifi.isEmpty { mentions.insert(.wifi) }
        }
        self.mentions = mentions
    }

    /// The sample of the current epoch, nil before the first.
    public var currentSample: RadioSample? {
        samples.indices.contains(index) ? samples[index] : nil
    }

    public func nextEpoch() async throws -> Date? {
        isRunning = true
        let next = index + 1
        guard samples.indices.contains(next) else { return nil }
        if case .recorded(let speed) = pace, speed > 0 {
            let start = startedAt ?? (clock.now, samples[next].time)
            startedAt = start
            let offset = samples[next].time.timeIntervalSince(start.trace) / speed
            try await clock.sleep(until: start.wall.addingTimeInterval(offset))
        }
        index = next
        return samples[next].time
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
        var position = index
        while position >= 0 {
            let sample = samples[position]
            if now.timeIntervalSince(sample.time) > maximumObservationAge { return nil }
            if matches(sample) { return sample }
            position -= 1
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
