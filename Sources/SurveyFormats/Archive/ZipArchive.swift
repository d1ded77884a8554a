/// Reads a ZIP archive's directory (PKWARE's APPNOTE.TXT): which members it holds, where each
/// one's bytes lie, how they are compressed and what they must check out to.
///
/// Strict on purpose, since an archive is untrusted input: the end record must end the file,
/// the central directory must sit right before it and hold exactly the entries it announces,
/// every member must be stored or deflated (methods 0 and 8), unencrypted, inside the file,
/// before the directory and overlapping no other member, and its local header must name it as
/// the directory does. ZIP64 and split archives are refused, as nothing that writes the
/// exports imported here needs them. The reading of bytes and the inflating are the caller's,
/// so this is a pure function of the bytes it is given.
///
/// ```swift
/// let entries = try ZipArchive.entries(in: bytes)   // a whole archive in memory
/// for entry in entries where !entry.isDirectory { print(entry.name, entry.uncompressedSize) }
/// ```
public enum ZipArchive {
    /// How a member's bytes are compressed.
    public enum Method: UInt16, Hashable, Sendable {
        case stored = 0
        case deflated = 8
    }

    /// One member of the archive.
    public struct Entry: Hashable, Sendable {
        /// Its path inside the archive (UTF-8, or CP 437 read as Latin-1 without flag bit 11).
        public var name: String
        public var method: Method
        /// CRC-32 of the uncompressed bytes.
        public var crc32: UInt32
        public var compressedSize: Int
        public var uncompressedSize: Int
        /// Where its local header starts.
        public var localHeaderOffset: Int
        /// The name as stored, which the local header repeats.
        var nameBytes: [UInt8]
        /// How many bytes the stored name takes (a local header is `localHeaderLength` + this, + its extra field).
        public var nameBytesCount: Int { nameBytes.count }

        /// Whether it is a folder (a name ending in `/`), which holds no bytes.
        public var isDirectory: Bool { name.hasSuffix("/") }
    }

    /// Why an archive cannot be read.
    public struct Error: Swift.Error, Hashable, Sendable, CustomStringConvertible {
        /// One line, e.g. `member "wifis.csv" is encrypted`.
        public var reason: String
        public var description: String { reason }
    }

    /// Whether `prefix` (a file's first bytes) starts like a ZIP archive: a local header, or the
    /// end record of an empty archive.
    public static func looksLikeArchive(_ prefix: some Sequence<UInt8>) -> Bool {
        let head = Array(prefix.prefix(4))
        return head == [0x50, 0x4B, 0x03, 0x04] || head == [0x50, 0x4B, 0x05, 0x06]
    }

    /// The end record: 22 bytes and a comment of at most 65,535.
    public static let endRecordSearchLength = 22 + 0xFFFF
    /// The fixed part of a local header, before its name and extra field.
    public static let localHeaderLength = 30

    /// Where the central directory lies, from the end record in `tail`: the last bytes of a file
    /// of `fileSize` bytes (at most `endRecordSearchLength` of them).
    /// - Throws: `Error` when no end record ends the file, or it describes ZIP64 or a split archive.
    public static func directoryLocation(tail: [UInt8], fileSize: Int) throws(Error) -> (offset: Int, size: Int, count: Int) {
        guard tail.count >= 22, tail.count <= fileSize else { throw Error(reason: "too short for a ZIP archive") }
        // Backwards: the record whose comment reaches exactly the end of the file.
        var start = tail.count - 22
        while true {
            if read32(tail, start) == 0x0605_4B50 && start + 22 + Int(read16(tail, start + 20)) == tail.count { break }
            guard start > 0 else { throw Error(reason: "no ZIP end record (truncated or not an archive)") }
            start -= 1
        }
        let disk = read16(tail, start + 4), directoryDisk = read16(tail, start + 6)
        let diskCount = Int(read16(tail, start + 8)), count = Int(read16(tail, start + 10))
        let size = Int(read32(tail, start + 12)), offset = Int(read32(tail, start + 16))
        if count == 0xFFFF || size == 0xFFFF_FFFF || offset == 0xFFFF_FFFF
            || (start >= 20 && read32(tail, start - 20) == 0x0706_4B50)
        {
            throw Error(reason: "ZIP64 archives are not supported")
        }
        guard disk == 0, directoryDisk == 0, diskCount == count else {
            throw Error(reason: "split (multi-disk) ZIP archives are not supported")
        }
        let endOffset = fileSize - tail.count + start
        guard offset + size == endOffset else {
            throw Error(reason: "the ZIP central directory does not end where the end record begins")
        }
        return (offset, size, count)
    }

    /// The entries of the central directory `directory`, which must hold exactly `count` of them
    /// and begins at `offset` in the file.
    /// - Throws: `Error` for a malformed directory or a member this reader refuses.
    public static func entries(directory: [UInt8], count: Int, offset: Int) throws(Error) -> [Entry] {
        var entries: [Entry] = []
        var position = 0
        for index in 0..<count {
            guard position + 46 <= directory.count, read32(directory, position) == 0x0201_4B50 else {
                throw Error(reason: "ZIP central directory entry \(index + 1) is malformed")
            }
            let flags = read16(directory, position + 8)
            let methodCode = read16(directory, position + 10)
            let nameLength = Int(read16(directory, position + 28)), extraLength = Int(read16(directory, position + 30))
            let commentLength = Int(read16(directory, position + 32))
            let end = position + 46 + nameLength + extraLength + commentLength
            guard end <= directory.count else { throw Error(reason: "ZIP central directory entry \(index + 1) is cut short") }
            let nameBytes = Array(directory[(position + 46)..<(position + 46 + nameLength)])
            let name = decodeName(nameBytes)
            let shown = "member \"\(name.prefix(60))\""
            guard flags & 0x0001 == 0 else { throw Error(reason: "\(shown) is encrypted") }
            guard let method = Method(rawValue: methodCode) else {
                throw Error(reason: "\(shown) uses compression method \(methodCode) (only stored and deflated are read)")
            }
            let entry = Entry(
                name: name, method: method, crc32: read32(directory, position + 16),
                compressedSize: Int(read32(directory, position + 20)), uncompressedSize: Int(read32(directory, position + 24)),
                localHeaderOffset: Int(read32(directory, position + 42)), nameBytes: nameBytes)
            guard read16(directory, position + 34) == 0 else { throw Error(reason: "\(shown) starts on another disk") }
            guard method == .deflated || entry.compressedSize == entry.uncompressedSize else {
                throw Error(reason: "\(shown) is stored but its two sizes differ")
            }
            guard !name.isEmpty else { throw Error(reason: "ZIP central directory entry \(index + 1) has no name") }
            entries.append(entry)
            position = end
        }
        guard position == directory.count else {
            throw Error(reason: "the ZIP central directory holds more than its \(count) entries")
        }
        try checkLayout(entries, directoryOffset: offset)
        return entries
    }

    /// Where `entry`'s compressed bytes start, from its local header: `header` holds the file's
    /// bytes from `entry.localHeaderOffset`, at least `localHeaderLength` + the name's length.
    /// - Throws: `Error` when the local header is not `entry`'s, or the bytes run into the directory.
    public static func dataOffset(of entry: Entry, localHeader header: [UInt8], directoryOffset: Int) throws(Error) -> Int {
        let shown = "member \"\(entry.name.prefix(60))\""
        guard header.count >= localHeaderLength + entry.nameBytes.count, read32(header, 0) == 0x0403_4B50 else {
            throw Error(reason: "\(shown) has no local header where the directory says")
        }
        let nameLength = Int(read16(header, 26)), extraLength = Int(read16(header, 28))
        guard read16(header, 8) == entry.method.rawValue, nameLength == entry.nameBytes.count,
            Array(header[localHeaderLength..<(localHeaderLength + nameLength)]) == entry.nameBytes
        else {
            throw Error(reason: "\(shown): its local header and the directory disagree")
        }
        let start = entry.localHeaderOffset + localHeaderLength + nameLength + extraLength
        guard start + entry.compressedSize <= directoryOffset else {
            throw Error(reason: "\(shown) runs into the central directory")
        }
        return start
    }

    /// The entries of a whole archive held in memory, each with where its data starts.
    /// - Throws: `Error` as the steps above do.
    public static func entries(in bytes: [UInt8]) throws(Error) -> [(entry: Entry, dataOffset: Int)] {
        let tail = Array(bytes.suffix(endRecordSearchLength))
        let location = try directoryLocation(tail: tail, fileSize: bytes.count)
        let directory = Array(bytes[location.offset..<(location.offset + location.size)])
        return try entries(directory: directory, count: location.count, offset: location.offset).map { entry throws(Error) in
            let header = Array(bytes[entry.localHeaderOffset..<min(bytes.count, entry.localHeaderOffset + localHeaderLength + entry.nameBytes.count)])
            return (entry, try dataOffset(of: entry, localHeader: header, directoryOffset: location.offset))
        }
    }

    /// Members lie before the directory, one after another: no two local headers share bytes
    /// (overlapping members would let a small archive claim many copies of one large stream).
    private static func checkLayout(_ entries: [Entry], directoryOffset: Int) throws(Error) {
        var previousEnd = 0
        for entry in entries.sorted(by: { $0.localHeaderOffset < $1.localHeaderOffset }) {
            let shown = "member \"\(entry.name.prefix(60))\""
            guard entry.localHeaderOffset >= previousEnd else { throw Error(reason: "\(shown) overlaps another member") }
            let minimumEnd = entry.localHeaderOffset + localHeaderLength + entry.nameBytes.count + entry.compressedSize
            guard minimumEnd <= directoryOffset else { throw Error(reason: "\(shown) runs into the central directory") }
            previousEnd = minimumEnd
        }
    }

    private static func decodeName(_ bytes: [UInt8]) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        // CP 437 names: the ASCII half is the same, the rest shown as Latin-1 (only a label here).
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    private static func read16(_ bytes: [UInt8], _ at: Int) -> UInt16 {
        UInt16(bytes[at]) | UInt16(bytes[at + 1]) << 8
    }

    private static func read32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at + 2]) << 16 | UInt32(bytes[at + 3]) << 24
    }
}
