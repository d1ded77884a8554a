internal import CNetlink

/// One generic-netlink message read from raw bytes: its command and its attributes, each
/// attribute's payload copied out, so no pointer outlives the parse.
///
/// Bounds come from the buffer, never from the message alone: a header that claims more
/// bytes than were received is refused, and libnl's `nla_ok` stops at the end of the payload.
struct GenericNetlinkMessage {
    /// Why the bytes are not a usable generic-netlink message.
    enum Failure: Error, Equatable {
        case truncated(byteCount: Int)
        case malformedAttributes(code: Int32)
    }

    /// `nlmsghdr` (16 bytes) + `genlmsghdr` (4 bytes); netlink headers are 4-byte aligned.
    static let headerLength = 20

    let command: UInt8
    let flags: UInt16
    /// Top-level attribute payloads by type (the last one wins, as with `nla_parse`).
    let attributes: [Int: [UInt8]]

    init(bytes: [UInt8]) throws(Failure) {
        guard bytes.count >= Self.headerLength else { throw .truncated(byteCount: bytes.count) }
        let declaredLength = Int(Self.readUInt32(bytes, at: 0))
        guard declaredLength >= Self.headerLength, declaredLength <= bytes.count else {
            throw .truncated(byteCount: bytes.count)
        }
        flags = UInt16(bytes[6]) | UInt16(bytes[7]) << 8
        command = bytes[16]
        // Copy into 4-byte-aligned memory: libnl reads attribute headers as structs.
        let payload = Array(bytes[Self.headerLength..<declaredLength])
        let parsed = Self.withAlignedCopy(of: payload) { pointer, length in
            Self.attributes(in: pointer, length: length)
        }
        guard parsed.malformed == 0 else { throw .malformedAttributes(code: -Int32(NLE_INVAL)) }
        attributes = parsed.attributes
    }

    /// The attributes nested in the attribute `type`, each checked against `policy`: an
    /// attribute that breaks its policy (wrong length) is left out and counted, as are
    /// trailing bytes too short to be an attribute.
    func nestedAttributes(of type: Int, policy: [nla_policy]) -> (attributes: [Int: [UInt8]], skipped: Int)? {
        guard let nest = attributes[type] else { return nil }
        let result = Self.withAlignedCopy(of: nest) { pointer, length in
            Self.attributes(in: pointer, length: length, policy: policy)
        }
        return (result.attributes, result.malformed)
    }

    /// Walks a stream of attributes with libnl's bounds checks (`nla_ok`/`nla_next`).
    private static func attributes(
        in head: UnsafeMutableRawPointer?, length: Int32, policy: [nla_policy]? = nil
    ) -> (attributes: [Int: [UInt8]], malformed: Int) {
        var found: [Int: [UInt8]] = [:]
        var malformed = 0
        var remaining = length
        var attribute = head?.assumingMemoryBound(to: nlattr.self)
        while let current = attribute, nla_ok(current, remaining) != 0 {
            let type = Int(nla_type(current))
            if let policy, type < policy.count,
                nla_validate(current, Int32(current.pointee.nla_len), Int32(policy.count - 1), policy) < 0
            {
                malformed += 1
            } else {
                let data = UnsafeRawBufferPointer(start: nla_data(current), count: Int(nla_len(current)))
                found[type] = Array(data)
            }
            attribute = nla_next(current, &remaining)
        }
        if remaining > 0 { malformed += 1 }
        return (found, malformed)
    }

    private static func withAlignedCopy<T>(
        of bytes: [UInt8], _ body: (UnsafeMutableRawPointer?, Int32) -> T
    ) -> T {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        defer { buffer.deallocate() }
        buffer.copyBytes(from: bytes)
        return body(bytes.isEmpty ? nil : buffer.baseAddress, Int32(bytes.count))
    }

    // Netlink attributes are in host byte order (Documentation/userspace-api/netlink/intro.rst).
    static func readUInt32(_ bytes: [UInt8], at offset: Int = 0) -> UInt32 {
        bytes.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: UInt32.self) }
    }

    static func readUInt64(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt64.self) }
    }

    static func readUInt16(_ bytes: [UInt8]) -> UInt16 {
        bytes.withUnsafeBytes { $0.loadUnaligned(as: UInt16.self) }
    }
}
