import Foundation

/// Numbers the recording sessions of one file's rows (or one import's scans), in order: a new
/// session begins where a row's known time lies more than `gap` from the previous known time
/// (either way: a clock set back is a new recording too). Rows of unknown time belong to the
/// session they follow.
///
/// ```swift
/// var cutter = SessionCutter(gap: 1800)
/// cutter.session(at: t)              // 0
/// cutter.session(at: nil)            // 0
/// cutter.session(at: t + 3600)       // 1
/// ```
public struct SessionCutter: Sendable {
    /// The default longest pause within one session: half an hour (`eval --session-gap`, and
    /// the sessions `db calibrate` holds out of a map's imports).
    public static let defaultGap: TimeInterval = 1800

    /// The longest pause within one session, seconds.
    public var gap: TimeInterval
    private var last: Date?
    private var current = 0

    /// A cutter at the first row of a file.
    public init(gap: TimeInterval) {
        precondition(gap > 0, "a session gap must be positive")
        self.gap = gap
    }

    /// The session of the next row, whose time is `time` (nil when unknown).
    @discardableResult
    public mutating func session(at time: Date?) -> Int {
        guard let time else { return current }
        if let last, abs(time.timeIntervalSince(last)) > gap { current += 1 }
        last = time
        return current
    }
}
