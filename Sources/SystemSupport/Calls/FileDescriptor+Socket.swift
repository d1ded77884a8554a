#if canImport(Glibc)
    import Glibc
#endif

extension FileDescriptor {
    /// Sends up to `buffer.count` bytes of `buffer` on a connected socket, without SIGPIPE when
    /// the peer has gone (`EPIPE` is thrown instead).
    ///
    /// The corresponding C function is `send`, with `MSG_NOSIGNAL`.
    /// - Returns: How many bytes were sent.
    public func send(_ buffer: UnsafeRawBufferPointer, retryOnInterrupt: Bool = true) throws(Errno) -> Int {
        try valueOrErrno(retryOnInterrupt: retryOnInterrupt) {
            Glibc.send(rawValue, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
        }
    }

    /// Receives up to `buffer.count` bytes from a connected socket into `buffer`.
    ///
    /// The corresponding C function is `recv`.
    /// - Returns: How many bytes arrived; 0 once the peer has closed its end.
    public func receive(into buffer: UnsafeMutableRawBufferPointer, retryOnInterrupt: Bool = true) throws(Errno) -> Int {
        try valueOrErrno(retryOnInterrupt: retryOnInterrupt) { recv(rawValue, buffer.baseAddress, buffer.count, 0) }
    }
}
