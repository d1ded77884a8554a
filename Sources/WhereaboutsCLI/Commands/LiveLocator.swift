import Cellular
import Foundation
import GNSS
import PositioningCore
import RadioMap
import WiFiScanner

/// A live fix from this machine's radios: tries the sources in order (default GPS → cell →
/// Wi-Fi), stops at the first fix that meets the desired accuracy, else keeps the most
/// accurate one, and records what happened to every source.
///
/// (The continuous, multi-observer version of this policy belongs to the LocationService
/// layer; this is the one-shot form `whereabouts locate` needs.)
struct LiveLocator {
    var sources: [PositioningSource]
    var desiredAccuracy: DesiredAccuracy
    /// Time budget per source.
    var timeout: Duration
    var gpsd: GPSDEndpoint
    var nmeaDevice: String?
    /// The radio map, when there is one: cell and Wi-Fi fixes need it, GPS does not.
    var radioMapPath: String

    struct Result {
        var estimate: PositionEstimate?
        /// What the winning estimate was made from (empty for a GPS fix), for pictures.
        var input = EstimationInput()
        var attempts: [SourceAttempt]
    }

    func locate() async -> Result {
        var best: PositionEstimate?
        var bestInput = EstimationInput()
        var attempts: [SourceAttempt] = []
        for (index, source) in sources.enumerated() {
            if let best, desiredAccuracy.isSatisfied(by: best.location.horizontalAccuracy) {
                for skipped in sources[index...] {
                    attempts.append(SourceAttempt(source: skipped, outcome: .skipped, reason: "desired accuracy \(desiredAccuracy) already met"))
                }
                break
            }
            let (estimate, input, attempt) = await attempt(source)
            attempts.append(attempt)
            if let estimate, estimate.location.horizontalAccuracy < (best?.location.horizontalAccuracy ?? .infinity) {
                best = estimate
                bestInput = input
            }
        }
        return Result(estimate: best, input: bestInput, attempts: attempts)
    }

    private func attempt(_ source: PositioningSource) async -> (PositionEstimate?, EstimationInput, SourceAttempt) {
        switch source {
        case .gps:
            let (estimate, attempt) = await gpsFix()
            return (estimate, EstimationInput(), attempt)
        case .cell: return await cellFix()
        case .wifi: return await wifiFix()
        }
    }

    private func gpsFix() async -> (PositionEstimate?, SourceAttempt) {
        do {
            let location: Location
            if let nmeaDevice {
                location = try await NMEAReader(path: nmeaDevice).firstFix(timeout: timeout)
            } else {
                location = try await GPSDClient(endpoint: gpsd).firstFix(timeout: timeout)
            }
            let estimate = PositionEstimate(location: location, method: .gnss)
            return (estimate, SourceAttempt(source: .gps, outcome: .fix, accuracy: location.horizontalAccuracy))
        } catch {
            switch error {
            case .unavailable(let reason, let remedy):
                return (nil, SourceAttempt(source: .gps, outcome: .unavailable, reason: "\(reason); \(remedy)"))
            case .denied(let reason, let remedy):
                return (nil, SourceAttempt(source: .gps, outcome: .denied, reason: "\(reason); \(remedy)"))
            default:
                return (nil, SourceAttempt(source: .gps, outcome: .noFix, reason: error.description))
            }
        }
    }

    private func cellFix() async -> (PositionEstimate?, EstimationInput, SourceAttempt) {
        let cell: CellObservation
        do {
            cell = try await ModemManagerSource().servingCell()
        } catch {
            switch error {
            case .unavailable(let reason, let remedy):
                return (nil, EstimationInput(), SourceAttempt(source: .cell, outcome: .unavailable, reason: "\(reason); \(remedy)"))
            case .denied(let reason, let remedy):
                return (nil, EstimationInput(), SourceAttempt(source: .cell, outcome: .denied, reason: "\(reason); \(remedy)"))
            default:
                return (nil, EstimationInput(), SourceAttempt(source: .cell, outcome: .noFix, reason: error.description))
            }
        }
        return estimate(GeolocateRequest(cellTowers: [cell]), source: .cell)
    }

    private func wifiFix() async -> (PositionEstimate?, EstimationInput, SourceAttempt) {
        let scan: WiFiScan
        do {
            scan = try await WiFiScanner().scan(interface: nil, mode: .fresh, timeout: timeout)
        } catch {
            let outcome: SourceAttempt.Outcome = error.exitCode == ExitCode.permissionDenied.rawValue ? .denied : .unavailable
            return (nil, EstimationInput(), SourceAttempt(source: .wifi, outcome: outcome, reason: error.description))
        }
        return estimate(scan.geolocateRequest, source: .wifi)
    }

    /// Looks the heard emitters up in the radio map and estimates; a missing map is a reason.
    private func estimate(
        _ request: GeolocateRequest, source: PositioningSource
    ) -> (PositionEstimate?, EstimationInput, SourceAttempt) {
        do {
            let radioMap = try RadioMap(path: radioMapPath, mode: .readOnly)
            let input = try radioMap.estimationInput(for: request, now: Date())
            guard let estimate = WhereaboutsEstimator().estimatePosition(from: input) else {
                return (nil, input, SourceAttempt(source: source, outcome: .noFix, reason: "nothing heard is in the radio map"))
            }
            return (estimate, input, SourceAttempt(source: source, outcome: .fix, accuracy: estimate.location.horizontalAccuracy))
        } catch {
            return (nil, EstimationInput(), SourceAttempt(source: source, outcome: .unavailable, reason: "radio map: \(CommandFailure(error).message)"))
        }
    }
}

extension SourceAttempt {
    /// The trail entry as JSON for the response's `fallback` array.
    var jsonValue: JSONValue {
        var object: JSONObject = ["source": .string(source.rawValue), "outcome": .string(outcome.rawValue)]
        if let reason { object.append(key: "reason", value: .string(reason)) }
        if let accuracy { object.append(key: "accuracy", value: .number((accuracy * 10).rounded() / 10)) }
        return .object(object)
    }
}
