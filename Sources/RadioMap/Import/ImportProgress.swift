/// How far an import has got, reported after each chunk read, and after each batch of sorted
/// sightings written once a large file is read (`sortedWrite`).
public struct ImportProgress: Sendable {
    /// Sightings of a large import written into the map from its sorted runs after the whole
    /// file was read, and how many there are in all.
    public struct SortedWrite: Sendable, Equatable {
        public var written: Int
        public var total: Int
    }

    /// Bytes of the file read so far.
    public var bytesRead: Int64
    /// The file's size in bytes.
    public var totalBytes: Int64
    /// Rows (records after the header) read so far.
    public var rowsRead: Int
    /// Once the file is read, the sorted sightings written since; nil while reading.
    public var sortedWrite: SortedWrite?

    /// Creates a progress report.
    public init(bytesRead: Int64, totalBytes: Int64, rowsRead: Int, sortedWrite: SortedWrite? = nil) {
        self.bytesRead = bytesRead
        self.totalBytes = totalBytes
        self.rowsRead = rowsRead
        self.sortedWrite = sortedWrite
    }
}
