import Foundation
import PositioningCore

extension LocationManager {
    /// Continuous updates: a stream of its own for each caller, all sharing one set of running
    /// sources. Each observer's first fix is the next epoch's, later ones come only when they lie
    /// `distanceFilter` metres from the last one it was given. The stream ends with the last
    /// error after `maximumConsecutiveFailures` epochs in a row without a fix, and normally when
    /// a replayed trace ends. Stopping iteration (or cancelling the task) ends the observer; the
    /// sources stop with the last one.
    ///
    /// ```swift
    /// for try await fix in await manager.updates() { print(fix.location.coordinate) }
    /// ```
    public func updates() -> AsyncThrowingStream<LocationFix, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: LocationFix.self, bufferingPolicy: .unbounded)
        guard options.isEnabled else {
            continuation.finish(throwing: LocationError.disabled)
            return stream
        }
        let id = makeObserverID()
        updateObservers[id] = Observer(continuation: continuation, filter: DistanceFilter(metres: options.distanceFilter))
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        startIfNeeded()
        return stream
    }

    /// Significant-change updates: positions from the serving cell and Wi-Fi only (never GPS),
    /// delivered when the serving cell changes or the visible access points turn over with
    /// ≈ 500 m of movement. Each fix carries `significantChange`, the reason.
    public func significantLocationChanges() -> AsyncThrowingStream<LocationFix, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: LocationFix.self, bufferingPolicy: .unbounded)
        guard options.isEnabled else {
            continuation.finish(throwing: LocationError.disabled)
            return stream
        }
        let id = makeObserverID()
        significantObservers[id] = Observer(continuation: continuation, filter: DistanceFilter())
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        startIfNeeded()
        return stream
    }

    /// Region events: each monitored region's initial state, then its entries and exits. The
    /// sources run while a region-event observer exists. A new observer first gets the state of
    /// every region already decided (as `.inside`/`.outside`, at the last fix), so it never
    /// starts blind.
    public func regionEvents() -> AsyncThrowingStream<RegionEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: RegionEvent.self, bufferingPolicy: .unbounded)
        guard options.isEnabled else {
            continuation.finish(throwing: LocationError.disabled)
            return stream
        }
        if let last = remembered {
            for region in regionMonitor.regions {
                switch regionMonitor.state(of: region.id) {
                case .inside?: continuation.yield(RegionEvent(regionID: region.id, kind: .inside, time: last.timestamp, location: last))
                case .outside?: continuation.yield(RegionEvent(regionID: region.id, kind: .outside, time: last.timestamp, location: last))
                case .unknown?, nil: break
                }
            }
        }
        let id = makeObserverID()
        regionObservers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        startIfNeeded()
        return stream
    }

    /// What the radios read at each epoch, for recording a trace or learning the radio map.
    /// Passive: it does not keep the sources running by itself, and it stays open across runs
    /// of the sources; it ends when a replayed trace ends or its consumer stops iterating.
    ///
    /// ```swift
    /// let samples = await manager.samples()
    /// Task { for await sample in samples { print(ReplayTrace.line(for: sample)) } }
    /// ```
    public func samples() -> AsyncStream<RadioSample> {
        let (stream, continuation) = AsyncStream.makeStream(of: RadioSample.self, bufferingPolicy: .unbounded)
        let id = makeObserverID()
        sampleObservers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        return stream
    }

    /// Ends every `samples()` stream once its consumer has taken what is already buffered, so a
    /// recorder or learner that stops with the updates loses no sample that was read.
    ///
    /// ```swift
    /// await manager.finishSamples()
    /// await recorder.value   // drains, then ends
    /// ```
    public func finishSamples() {
        for continuation in sampleObservers.values { continuation.finish() }
        sampleObservers.removeAll()
    }

    /// Streams subscribed in one step, so none of them misses the first epoch (subscribing one
    /// by one lets the sources start, and deliver, before the next is in place).
    public struct Subscription: Sendable {
        /// Updates, or significant changes.
        public let updates: AsyncThrowingStream<LocationFix, any Error>
        /// Region events, when asked for.
        public let regionEvents: AsyncThrowingStream<RegionEvent, any Error>?
        /// Raw samples, when asked for.
        public let samples: AsyncStream<RadioSample>?
    }

    /// Subscribes to updates (or significant changes), region events and raw samples at once.
    ///
    /// ```swift
    /// let subscription = await manager.subscribe(regionEvents: true, samples: false)
    /// for try await fix in subscription.updates { … }
    /// ```
    public func subscribe(significantChangesOnly: Bool = false, regionEvents: Bool, samples: Bool) -> Subscription {
        Subscription(
            updates: significantChangesOnly ? significantLocationChanges() : updates(),
            regionEvents: regionEvents ? self.regionEvents() : nil, samples: samples ? self.samples() : nil)
    }

    /// How many observers keep the sources running.
    public var activeObserverCount: Int {
        updateObservers.count + significantObservers.count + regionObservers.count + eventObservers.count
    }

    func makeObserverID() -> UInt64 {
        nextObserverID += 1
        return nextObserverID
    }

    func removeObserver(_ id: UInt64) {
        updateObservers[id] = nil
        significantObservers[id] = nil
        regionObservers[id] = nil
        sampleObservers[id] = nil
        eventObservers[id] = nil
        if activeObserverCount == 0, let running = loop {
            running.cancel()
            loop = nil
        }
    }

    /// Starts the shared loop when it is not running; a loop still winding down finishes first.
    func startIfNeeded() {
        guard loop == nil else { return }
        let previous = stopping
        let task = Task { [weak self] in
            await previous?.value
            await self?.runLoop()
        }
        loop = task
        stopping = task
    }

    /// Ends every observer's stream: normally, or with `error`.
    func finishAll(throwing error: (any Error)?) {
        for observer in updateObservers.values { observer.continuation.finish(throwing: error) }
        for observer in significantObservers.values { observer.continuation.finish(throwing: error) }
        for continuation in regionObservers.values { continuation.finish(throwing: error) }
        for continuation in sampleObservers.values { continuation.finish() }
        for observer in eventObservers.values { observer.continuation.finish() }
        eventObservers = [:]
        updateObservers = [:]
        significantObservers = [:]
        regionObservers = [:]
        sampleObservers = [:]
    }
}
