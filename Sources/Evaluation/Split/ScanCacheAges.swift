import Foundation
import PositioningCore
import SurveyFormats

/// How old each held-out Wi-Fi reading of a survey file really is, when the file logs its
/// phone's scan cache (`ScanCacheEvidence`): a row repeating its network's previous signal
/// exactly is that earlier reading logged again, so its age is the time since the first row of
/// the repeated signal. A held-out scan carries these ages as a live scan carries the kernel's
/// (`age` in the geolocate request), and the estimator sets stale readings aside as it would
/// there. Rows are followed per recording (`source_file` and `device_model`).
///
/// ```swift
/// var ages = ScanCacheAges()
/// _ = ages.note(recording: "walk.csv", mac: "3c:1e:04:03:7f:17", signal: -86, time: start)
/// ages.note(recording: "walk.csv", mac: "3c:1e:04:03:7f:17", signal: -86, time: start + 30)   // 30_000
/// ```
public struct ScanCacheAges: Sendable {
    private var last: [String: (signal: Double, since: Date?)] = [:]
    private var exactRepeats = 0
    private var nearMisses = 0

    /// No rows noted yet.
    public init() {}

    /// Notes one Wi-Fi row; its age in milliseconds when it repeats its network's previous
    /// signal exactly and both times are known, else nil.
    public mutating func note(recording: String, mac: String, signal: Double?, time: Date?) -> Int? {
        guard let signal else { return nil }
        let key = recording + "|" + mac
        var since = time
        var age: Int?
        if let previous = last[key] {
            if previous.signal == signal {
                exactRepeats += 1
                since = previous.since
                if let time, let first = previous.since { age = Int((time.timeIntervalSince(first) * 1000).rounded()) }
            } else if ScanCacheEvidence.isNearMiss(signal - previous.signal) {
                nearMisses += 1
            }
        }
        last[key] = (signal, since)
        return age
    }

    /// Whether the file's exact repeats run far above chance, so the ages mean something.
    public var logsScanCache: Bool { ScanCacheEvidence.logsScanCache(exactRepeats: exactRepeats, nearMisses: nearMisses) }
}
