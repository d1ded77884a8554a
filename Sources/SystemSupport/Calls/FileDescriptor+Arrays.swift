// The same calls over byte arrays, for callers that keep their buffers in arrays: the
// standard library's `withUnsafeBytes` does not pass a typed error through, so these do it.

extension FileDescriptor {
    /// Reads up to `buffer.count` bytes into the start of `buffer` (as `read(into:)` does).
    /// - Returns: How many bytes were read; 0 at the end of the file.
    public func read(into buffer: inout [UInt8], retryOnInterrupt: Bool = true) throws(Errno) -> Int {
        try buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(Errno) -> Int in try read(into: bytes, retryOnInterrupt: retryOnInterrupt) }
        }.get()
    }

    /// Reads up to `count` bytes from `offset` in the file into `buffer[index...]` (as
    /// `read(fromAbsoluteOffset:into:)` does).
    /// - Returns: How many bytes were read; 0 at the end of the file.
    public func read(
        fromAbsoluteOffset offset: Int64, into buffer: inout [UInt8], at index: Int, count: Int
    ) throws(Errno) -> Int {
        precondition(index >= 0 && count >= 0 && index + count <= buffer.count, "the range must lie inside the buffer")
        return try buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(Errno) -> Int in
                try read(fromAbsoluteOffset: offset, into: UnsafeMutableRawBufferPointer(rebasing: bytes[index..<(index + count)]))
            }
        }.get()
    }

    /// Writes all of `bytes`, as many `write` calls as it takes.
    /// - Returns: `bytes.count`.
    @discardableResult
    public func writeAll(_ bytes: [UInt8]) throws(Errno) -> Int {
        try bytes.withUnsafeBytes { buffer in Result { () throws(Errno) -> Int in try writeAll(buffer) } }.get()
    }

    /// Writes all of `bytes` at `offset` in the file, as many `pwrite` calls as it takes.
    /// - Returns: `bytes.count`.
    @discardableResult
    public func writeAll(toAbsoluteOffset offset: Int64, _ bytes: [UInt8]) throws(Errno) -> Int {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(Errno) -> Int in try writeAll(toAbsoluteOffset: offset, buffer) }
        }.get()
    }

    /// Sends up to the rest of `bytes` from `index` on a connected socket (as `send(_:)` does).
    /// - Returns: How many bytes were sent.
    public func send(_ bytes: [UInt8], from index: Int = 0, retryOnInterrupt: Bool = true) throws(Errno) -> Int {
        try bytes.withUnsafeBytes { buffer in
            Result { () throws(Errno) -> Int in
                try send(UnsafeRawBufferPointer(rebasing: buffer[index...]), retryOnInterrupt: retryOnInterrupt)
            }
        }.get()
    }

    /// Receives up to `buffer.count` bytes into the start of `buffer` (as `receive(into:)` does).
    /// - Returns: How many bytes arrived; 0 once the peer has closed its end.
    public func receive(into buffer: inout [UInt8], retryOnInterrupt: Bool = true) throws(Errno) -> Int {
        try buffer.withUnsafeMutableBytes { bytes in
            Result { () throws(Errno) -> Int in try receive(into: bytes, retryOnInterrupt: retryOnInterrupt) }
        }.get()
    }
}
