/// The test that tells a survey file logging its phone's scan cache from one whose repeated
/// signals are chance.
///
/// WiGLE's Android app logs what the phone's scan results hold, and a network the latest scan
/// missed can stay there with its old reading; logged again at the walker's new position, it is
/// not a new hearing. A real new hearing repeats its network's previous signal exactly less
/// often than it lands 1 or 2 dB above or below it (a phone reporting in 2 dB steps has only the
/// 2 dB ones), so a file whose exact repeats outnumber those near misses logs its cache (Ariel's
/// captures: 3,628 exact repeats against 931 near misses; a simulated survey: 6,236 against
/// 20,810).
///
/// ```swift
/// ScanCacheEvidence.logsScanCache(exactRepeats: 3628, nearMisses: 931)   // true
/// ScanCacheEvidence.isNearMiss(-84 - -86)                               // true
/// ```
public enum ScanCacheEvidence {
    /// Exact repeats needed before a file is judged (fewer say nothing either way).
    public static let minimumRepeats = 20

    /// Whether a change of `difference` dB from the network's previous signal is a near miss:
    /// 1 or 2 dB either way.
    public static func isNearMiss(_ difference: Double) -> Bool {
        abs(difference) > 0.5 && abs(difference) <= 2.5
    }

    /// Whether a file with these counts logs its scan cache: exact repeats far above chance.
    public static func logsScanCache(exactRepeats: Int, nearMisses: Int) -> Bool {
        exactRepeats >= minimumRepeats && exactRepeats > nearMisses
    }
}
