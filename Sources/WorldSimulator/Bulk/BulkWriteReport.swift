/// How a bulk file came out: rows, bytes and speed.
public struct BulkWriteReport: Hashable, Sendable, CustomStringConvertible {
    /// Data rows written (headers not counted).
    public let rows: Int
    /// File size in bytes.
    public let bytes: Int64
    /// Wall-clock seconds spent.
    public let elapsedSeconds: Double

    /// Creates a report.
    public init(rows: Int, bytes: Int64, elapsedSeconds: Double) {
        self.rows = rows
        self.bytes = bytes
        self.elapsedSeconds = elapsedSeconds
    }

    /// Rows per second (0 when nothing was timed).
    public var rowsPerSecond: Double {
        elapsedSeconds > 0 ? Double(rows) / elapsedSeconds : 0
    }

    public var description: String {
        "\(rows) rows, \(bytes / 1_048_576) MiB in \(Int(elapsedSeconds * 1000)) ms (\(Int(rowsPerSecond)) rows/s)"
    }
}
