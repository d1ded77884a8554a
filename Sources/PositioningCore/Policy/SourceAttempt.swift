import Foundation

/// A positioning source that a live fix can try.
public enum PositioningSource: String, Hashable, Sendable, CaseIterable {
    case gps, cell, wifi

    /// The default order: the most accurate first (DESIGN.md: GPS → cell → Wi-Fi).
    public static let defaultOrder: [PositioningSource] = [.gps, .cell, .wifi]

    /// Parses `gps,cell,wifi` (any order, no repeats); nil with the offending name otherwise.
    public static func parseList(_ text: String) -> Result<[PositioningSource], SourceListError> {
        var sources: [PositioningSource] = []
        for part in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = part.trimmingCharacters(in: .whitespaces).lowercased()
            guard let source = PositioningSource(rawValue: name) else { return .failure(SourceListError(name: name)) }
            if !sources.contains(source) { sources.append(source) }
        }
        return .success(sources)
    }
}

/// An unknown name in a source list.
public struct SourceListError: Error, Hashable, Sendable, CustomStringConvertible {
    public let name: String
    public var description: String { "unknown source '\(name)' (expected gps, cell or wifi)" }
}

/// What happened when one source was tried for a fix: the fallback trail of a live fix.
public struct SourceAttempt: Hashable, Sendable {
    public enum Outcome: String, Hashable, Sendable {
        /// It produced a fix (used or not).
        case fix
        /// It ran but produced no fix.
        case noFix
        /// It cannot run on this machine now.
        case unavailable
        /// It exists but the user may not use it.
        case denied
        /// Not tried: an earlier source already met the desired accuracy.
        case skipped
    }

    public var source: PositioningSource
    public var outcome: Outcome
    /// Why (for everything but a used fix), in words a user can act on.
    public var reason: String?
    /// The fix's 68 % radius when it produced one.
    public var accuracy: Double?

    public init(source: PositioningSource, outcome: Outcome, reason: String? = nil, accuracy: Double? = nil) {
        self.source = source
        self.outcome = outcome
        self.reason = reason
        self.accuracy = accuracy
    }
}
