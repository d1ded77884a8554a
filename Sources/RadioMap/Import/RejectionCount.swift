/// How many rows an import rejected for one reason, and where the first few were.
public struct RejectionCount: Hashable, Sendable, CustomStringConvertible {
    /// The reason, e.g. `opted out` or `invalid coordinate`.
    public var reason: String
    /// How many rows it rejected.
    public var count: Int
    /// The 1-based line numbers of the first few (at most `RejectionCount.exampleLimit`).
    public var firstLines: [Int]
    /// What was wrong with the first of them, e.g. `latitude 95.2 outside −90…90`.
    public var firstDetail: String

    /// How many line numbers are kept per reason.
    public static let exampleLimit = 5

    /// Creates a count.
    public init(reason: String, count: Int, firstLines: [Int], firstDetail: String) {
        self.reason = reason
        self.count = count
        self.firstLines = firstLines
        self.firstDetail = firstDetail
    }

    /// `invalid coordinate: 3 rows (lines 17, 40, 41)`.
    public var description: String {
        let lines = firstLines.map(String.init).joined(separator: ", ")
        return "\(reason): \(count) row\(count == 1 ? "" : "s") (line\(firstLines.count == 1 ? "" : "s") \(lines)"
            + (count > firstLines.count ? ", …)" : ")")
    }
}
