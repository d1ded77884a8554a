/// How far an import has got, reported after each chunk read.
public struct ImportProgress: Sendable {
    /// Bytes of the file read so far.
    public var bytesRead: Int64
    /// The file's size in bytes.
    public var totalBytes: Int64
    /// Rows (records after the header) read so far.
    public var rowsRead: Int

    /// Creates a progress report.
    public init(bytesRead: Int64, totalBytes: Int64, rowsRead: Int) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.rowsRead = rowsRead
    }
}
