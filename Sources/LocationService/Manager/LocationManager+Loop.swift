import Foundation
import PositioningCore

extension LocationManager {
    /// The shared loop: one fallback run per epoch for all observers, until none is left or
    /// the radios have no more epochs; then the radios stop.
    func runLoop() async {
        await radios.start()
        while !Task.isCancelled, activeObserverCount > 0 {
            let epoch: Date?
            do {
                epoch = try await radios.nextEpoch()
            } catch {
                break  // cancelled: the last observer left
            }
            guard !Task.isCancelled else { break }
            guard let epoch else {
                finishAll(throwing: nil)  // the replayed trace ended
                break
            }
            hasEpoch = true
            await tick(at: epoch)
        }
        await saveLastKnown()
        await radios.stop()
        guard !Task.isCancelled else { return }  // the last observer left; a new one starts a new loop
        loop = nil
        // An observer that arrived while this loop was winding down gets a loop of its own.
        if activeObserverCount > 0 { startIfNeeded() }
    }

    /// One epoch: the full fallback run for update and region observers, a radio-only reading
    /// for significant-change observers, and the raw sample for sample observers.
    func tick(at time: Date) async {
        var sample = RadioSample(time: time)
        if !updateObservers.isEmpty || !regionObservers.isEmpty || !eventObservers.isEmpty {
            let outcome = await policy.run(at: time, radios: radios, resolver: resolver)
            sample = outcome.sample
            await deliver(outcome)
            if let remembered, remembered.timestamp.timeIntervalSince(savedAt ?? .distantPast) >= Self.saveInterval {
                await saveLastKnown()
            }
        }
        if !significantObservers.isEmpty {
            await deliverSignificantChange(reusing: &sample)
        }
        if !sample.isEmpty {
            for continuation in sampleObservers.values { continuation.yield(sample) }
        }
    }

    private func deliver(_ outcome: FallbackPolicy.Outcome) async {
        guard var fix = outcome.fix else {
            let failure = UpdateEvent.failure(LocationError.noFix(after: outcome.attempts))
            for observer in eventObservers.values { observer.continuation.yield(failure) }
            consecutiveFailures += 1
            if consecutiveFailures >= options.maximumConsecutiveFailures {
                let error = LocationError.noFix(after: outcome.attempts)
                for observer in updateObservers.values { observer.continuation.finish(throwing: error) }
                for continuation in regionObservers.values { continuation.finish(throwing: error) }
                updateObservers = [:]
                regionObservers = [:]
                consecutiveFailures = 0
            }
            return
        }
        consecutiveFailures = 0
        fix.location = motion.complete(fix.location)
        remembered = fix.location
        for event in regionMonitor.update(with: fix.location) {
            for continuation in regionObservers.values { continuation.yield(event) }
        }
        for (id, var observer) in updateObservers where observer.filter.admit(fix.location) {
            observer.continuation.yield(fix)
            updateObservers[id] = observer
        }
        for (id, var observer) in eventObservers where observer.filter.admit(fix.location) {
            observer.continuation.yield(.fix(fix))
            eventObservers[id] = observer
        }
    }

    /// Reads the cell and Wi-Fi (reusing what this epoch's run already read), estimates, and
    /// delivers when the detector calls the change significant. The radio-quiet path: while
    /// the serving cell is the one of the last significant-change epoch, Wi-Fi comes from the
    /// scan cache, never from a triggered scan.
    private func deliverSignificantChange(reusing sample: inout RadioSample) async {
        var attempts: [SourceAttempt] = []
        for source in [PositioningSource.cell, .wifi] {
            let alreadyRead = source == .cell ? !sample.cells.isEmpty : !sample.wifi.isEmpty
            if alreadyRead { continue }
            let servingCell = sample.cells.first?.identity
            let isQuiet = source == .wifi && servingCell != nil && servingCell == lastSignificantServingCell
            let reading =
                isQuiet
                ? await radios.readCachedWiFi(budget: options.sourceBudget)
                : await radios.read(source, budget: options.sourceBudget)
            switch reading {
            case .cells(let cells): sample.cells = cells
            case .accessPoints(let accessPoints): sample.wifi = accessPoints
            case .failed(let outcome, let reason): attempts.append(SourceAttempt(source: source, outcome: outcome, reason: reason))
            case .gnss: break
            }
        }
        if let servingCell = sample.cells.first?.identity { lastSignificantServingCell = servingCell }
        guard let resolver, !(sample.cells.isEmpty && sample.wifi.isEmpty),
            case .success(let (estimate, input)?) = await FallbackPolicy.estimate(sample.geolocateRequest, at: sample.time, with: resolver)
        else { return }
        var located = estimate
        located.location.timestamp = sample.time
        guard let reason = significantChanges.consider(wifi: sample.wifi, cells: sample.cells, estimate: located.location)
        else { return }
        let source: PositioningSource = sample.wifi.isEmpty ? .cell : .wifi
        attempts.append(SourceAttempt(source: source, outcome: .fix, accuracy: located.location.horizontalAccuracy))
        let fix = LocationFix(estimate: located, attempts: attempts, input: input, significantChange: reason)
        for observer in significantObservers.values { observer.continuation.yield(fix) }
    }
}
