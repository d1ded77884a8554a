import Foundation

/// Decides what of a `LearningSample` may be recorded: the pure half of learning.
///
/// A sample is recorded only with a fix of at most `maximumFixAccuracy` metres, made within
/// `maximumFixAge` seconds of the scan and close enough in time that the laptop cannot have
/// moved further than that accuracy since, at no more than car speed. Opted-out networks
/// (`_nomap`, `_optout`) are never recorded. A locally administered address is recorded only
/// beside a globally administered sibling in the same scan (same four middle octets: a
/// router's secondary network); alone it is most likely a phone's randomized address, which
/// would only fill the map with other people's phones. Even recorded ones are trusted only
/// once they stayed put over time (`EmitterAggregator`).
///
/// ```swift
/// var gate = LearningGate()
/// switch gate.evaluate(sample) {
/// case .accepted(let rows, let optedOut, let randomized): print(rows.count, optedOut, randomized)
/// case .rejected(let reason): print(reason.rawValue)
/// }
/// ```
public struct LearningGate: Sendable {
    /// Why nothing of a sample was recorded.
    public enum Rejection: String, Hashable, Sendable, CaseIterable {
        case noFix = "no GNSS fix"
        case inaccurateFix = "fix not accurate enough"
        case staleFix = "fix too old for the scan"
        case tooFast = "moving faster than a car"
        case nothingHeard = "nothing heard"
    }

    /// What the gate made of one sample.
    public enum Decision: Hashable, Sendable {
        /// Rows to record, how many networks were left out because they opted out, and how many
        /// because they look like a phone's randomized address.
        case accepted([SurveyRow], optedOut: Int, randomized: Int)
        case rejected(Rejection)
    }

    public let policy: LearningPolicy
    private var previousFix: LearningSample.Fix?

    public init(policy: LearningPolicy = .standard) {
        self.policy = policy
    }

    /// Judges `sample`; remembers its fix to derive speed when the next fix lacks one.
    public mutating func evaluate(_ sample: LearningSample) -> Decision {
        guard let fix = sample.fix, fix.coordinate.isValid else { return .rejected(.noFix) }
        let previous = previousFix
        previousFix = fix
        guard fix.accuracy > 0, fix.accuracy <= policy.maximumFixAccuracy else { return .rejected(.inaccurateFix) }
        let speed = fix.speed ?? previous.flatMap { earlier -> Double? in
            let interval = fix.time.timeIntervalSince(earlier.time)
            return interval > 0 ? Geodesy.distance(from: earlier.coordinate, to: fix.coordinate) / interval : nil
        } ?? 0
        guard speed <= policy.maximumSpeed else { return .rejected(.tooFast) }
        guard sample.wifi.count + sample.cells.count > 0 else { return .rejected(.nothingHeard) }

        var rows: [SurveyRow] = []
        var optedOut = 0
        var randomized = 0
        var stale = 0
        let siblingKeys = Set(sample.wifi.filter { !$0.bssid.isLocallyAdministered }.map { Self.siblingKey($0.bssid) })
        func placed(age: Int?, signal: Double?, ssid: String?) -> SurveyObservation? {
            let heard = sample.time.addingTimeInterval(-Double(max(age ?? 0, 0)) / 1000)
            let gap = abs(heard.timeIntervalSince(fix.time))
            // The laptop may have moved `gap × speed` metres since the fix: that must stay
            // within the accuracy the fix is trusted for.
            guard gap <= policy.maximumFixAge, gap * speed <= policy.maximumFixAccuracy else {
                stale += 1
                return nil
            }
            return SurveyObservation(
                position: fix.coordinate, positionAccuracy: fix.accuracy + gap * speed, signalStrength: signal,
                time: heard, ssid: ssid)
        }
        for wifi in sample.wifi {
            if wifi.isOptedOut {
                optedOut += 1
                continue
            }
            if wifi.bssid.isLocallyAdministered && !siblingKeys.contains(Self.siblingKey(wifi.bssid)) {
                randomized += 1
                continue
            }
            guard !wifi.bssid.isMulticast,
                let seen = placed(age: wifi.age, signal: wifi.signalStrength, ssid: wifi.ssid)
            else { continue }
            rows.append(.accessPoint(wifi.bssid, seen))
        }
        for cell in sample.cells {
            guard let seen = placed(age: cell.age, signal: cell.signalStrength, ssid: nil) else { continue }
            rows.append(.cellObservation(cell.identity, seen))
        }
        if rows.isEmpty && optedOut + randomized == 0 { return .rejected(stale > 0 ? .staleFix : .nothingHeard) }
        return .accepted(rows, optedOut: optedOut, randomized: randomized)
    }

    /// Octets 2–5 of an address: what a router's sibling addresses share.
    private static func siblingKey(_ bssid: BSSID) -> UInt64 {
        bssid.rawValue & 0x00FF_FFFF_FF00
    }
}
