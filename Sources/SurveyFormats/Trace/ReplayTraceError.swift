/// Why a line of a replay trace was refused: its line number and the reason.
///
/// ```swift
/// do { _ = try ReplayTrace.parseLine("{}", lineNumber: 3) }
/// catch { print(error) }   // line 3: missing "time"
/// ```
public struct ReplayTraceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// 1-based line number in the trace.
    public var line: Int
    /// What is wrong with it.
    public var reason: String

    /// Creates an error for `line`.
    public init(line: Int, reason: String) {
        self.line = line
        self.reason = reason
    }

    /// `line 3: missing "time"`.
    public var description: String {
        "line \(line): \(reason)"
    }
}
