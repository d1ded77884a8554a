import Foundation
import PositioningCore
import SystemSupport

/// One walk through the sources (DESIGN.md "Choose"): in order, stop at the first fix that
/// meets the desired accuracy, else keep the most accurate; record every source's outcome.
/// Later sources are not even read once the accuracy is met, so a kilometre request answered
/// by the cell never powers up a Wi-Fi scan.
struct FallbackPolicy: Sendable {
    var sources: [PositioningSource]
    var desiredAccuracy: DesiredAccuracy
    var budget: Duration
    /// Keep reading the later sources once the accuracy is met (for the raw samples only).
    var readsEverySource = false

    /// What a run produced.
    struct Outcome: Sendable {
        var fix: LocationFix?
        var attempts: [SourceAttempt]
        /// Everything read, for the raw-sample observers.
        var sample: RadioSample
    }

    func run(at time: Date, radios: any Radios, resolver: (any PositionResolver)?) async -> Outcome {
        var best: (PositionEstimate, EstimationInput)?
        var attempts: [SourceAttempt] = []
        var sample = RadioSample(time: time)
        for (index, source) in sources.enumerated() {
            let isMet = best.map { desiredAccuracy.isSatisfied(by: $0.0.location.horizontalAccuracy) } ?? false
            if isMet && !readsEverySource {
                for skipped in sources[index...] {
                    attempts.append(SourceAttempt(
                        source: skipped, outcome: .skipped, reason: "desired accuracy \(desiredAccuracy) already met"))
                }
                break
            }
            let reading = await radios.read(source, budget: budget)
            let (candidate, attempt) = await resolve(reading, source: source, sample: &sample, time: time, resolver: resolver)
            attempts.append(attempt)
            if !isMet, let candidate, candidate.0.location.horizontalAccuracy < (best?.0.location.horizontalAccuracy ?? .infinity) {
                best = candidate
            }
        }
        let fix = best.map { LocationFix(estimate: $0.0, attempts: attempts, input: $0.1) }
        return Outcome(fix: fix, attempts: attempts, sample: sample)
    }

    private func resolve(
        _ reading: RadioReading, source: PositioningSource, sample: inout RadioSample, time: Date,
        resolver: (any PositionResolver)?
    ) async -> ((PositionEstimate, EstimationInput)?, SourceAttempt) {
        let request: GeolocateRequest
        switch reading {
        case .failed(let outcome, let reason):
            return (nil, SourceAttempt(source: source, outcome: outcome, reason: reason))
        case .gnss(let location):
            var location = location
            location.timestamp = time
            sample.gnss = location
            let estimate = PositionEstimate(location: location, method: .gnss)
            return ((estimate, EstimationInput(now: time)), SourceAttempt(source: source, outcome: .fix, accuracy: location.horizontalAccuracy))
        case .cells(let cells):
            sample.cells = cells
            request = GeolocateRequest(cellTowers: cells, considerIp: false)
        case .accessPoints(let accessPoints):
            sample.wifi = accessPoints
            // The cells read earlier in this run check the Wi-Fi consensus.
            request = GeolocateRequest(wifiAccessPoints: accessPoints, cellTowers: sample.cells, considerIp: false)
        }
        guard let resolver else {
            return (nil, SourceAttempt(source: source, outcome: .unavailable, reason: "no radio map to look the emitters up in"))
        }
        switch await Self.estimate(request, at: time, with: resolver) {
        case .success(nil):
            return (nil, SourceAttempt(source: source, outcome: .noFix, reason: "nothing heard is in the radio map"))
        case .success(let (estimate, input)?):
            var located = estimate
            located.location.timestamp = time
            return ((located, input), SourceAttempt(source: source, outcome: .fix, accuracy: estimate.location.horizontalAccuracy))
        case .failure(let error):
            return (nil, SourceAttempt(source: source, outcome: .unavailable, reason: "radio map: \(error.description)"))
        }
    }

    /// The resolver's answer, computed on a thread of its own (the radio map is a file).
    static func estimate(
        _ request: GeolocateRequest, at time: Date, with resolver: any PositionResolver
    ) async -> Result<(PositionEstimate, EstimationInput)?, ResolverFailure> {
        await DedicatedThread.run("radio map lookup") {
            do {
                return .success(try resolver.estimate(request, at: time))
            } catch {
                return .failure(ResolverFailure(description: "\(error)"))
            }
        }
    }

    /// Why the resolver could not answer, as text (errors need not be `Sendable`).
    struct ResolverFailure: Error, Sendable {
        let description: String
    }
}
