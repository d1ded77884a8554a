#if canImport(Glibc)
    import Glibc
#endif

/// An open file descriptor, with the reads and writes the project makes, each retried when a
/// signal interrupts it (pass `retryOnInterrupt: false` to see `Errno.interrupted` instead).
///
/// Thin, as swift-system's type of the same name: it does not own the descriptor, and never
/// closes it; whoever opened it closes it.
///
/// ```swift
/// let output = FileDescriptor.standardOutput
/// _ = try output.writeAll(Array("hello\n".utf8))
/// ```
public struct FileDescriptor: RawRepresentable, Hashable, Sendable {
    /// The C descriptor.
    public let rawValue: Int32

    /// The descriptor `rawValue`.
    public init(rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Descriptor 0.
    public static let standardInput = FileDescriptor(rawValue: 0)
    /// Descriptor 1.
    public static let standardOutput = FileDescriptor(rawValue: 1)
    /// Descriptor 2.
    public static let standardError = FileDescriptor(rawValue: 2)

    /// Reads up to `buffer.count` bytes into `buffer`.
    ///
    /// The corresponding C function is `read`.
    /// - Returns: How many bytes were read; 0 at the end of the file.
    /// - Throws: `Errno` (`.wouldBlock` from a non-blocking descriptor with nothing to read).
    public func read(into buffer: UnsafeMutableRawBufferPointer, retryOnInterrupt: Bool = true) throws(Errno) -> Int {
        try valueOrErrno(retryOnInterrupt: retryOnInterrupt) { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Reads up to `buffer.count` bytes from `offset` in the file into `buffer`, leaving the
    /// descriptor's own offset alone.
    ///
    /// The corresponding C function is `pread`.
    /// - Returns: How many bytes were read; 0 at the end of the file.
    public func read(
        fromAbsoluteOffset offset: Int64, into buffer: UnsafeMutableRawBufferPointer, retryOnInterrupt: Bool = true
    ) throws(Errno) -> Int {
        try valueOrErrno(retryOnInterrupt: retryOnInterrupt) { pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Writes up to `buffer.count` bytes of `buffer`.
    ///
    /// The corresponding C function is `write`.
    /// - Returns: How many bytes were written.
    public func write(_ buffer: UnsafeRawBufferPointer, retryOnInterrupt: Bool = true) throws(Errno) -> Int {
        try valueOrErrno(retryOnInterrupt: retryOnInterrupt) { Glibc.write(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Writes up to `buffer.count` bytes of `buffer` at `offset` in the file, leaving the
    /// descriptor's own offset alone.
    ///
    /// The corresponding C function is `pwrite`.
    /// - Returns: How many bytes were written.
    public func write(
        toAbsoluteOffset offset: Int64, _ buffer: UnsafeRawBufferPointer, retryOnInterrupt: Bool = true
    ) throws(Errno) -> Int {
        try valueOrErrno(retryOnInterrupt: retryOnInterrupt) { pwrite(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
    }

    /// Writes all of `buffer`, as many `write` calls as it takes.
    /// - Returns: `buffer.count`.
    /// - Throws: `Errno` from the first write that failed (`.ioError` for one that wrote nothing).
    @discardableResult
    public func writeAll(_ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        var offset = 0
        while offset < buffer.count {
            let written = try write(UnsafeRawBufferPointer(rebasing: buffer[offset...]))
            guard written > 0 else { throw Errno.ioError }
            offset += written
        }
        return buffer.count
    }

    /// Writes all of `buffer` at `offset` in the file, as many `pwrite` calls as it takes.
    /// - Returns: `buffer.count`.
    @discardableResult
    public func writeAll(toAbsoluteOffset offset: Int64, _ buffer: UnsafeRawBufferPointer) throws(Errno) -> Int {
        var written = 0
        while written < buffer.count {
            let count = try write(toAbsoluteOffset: offset + Int64(written), UnsafeRawBufferPointer(rebasing: buffer[written...]))
            guard count > 0 else { throw Errno.ioError }
            written += count
        }
        return buffer.count
    }
}
