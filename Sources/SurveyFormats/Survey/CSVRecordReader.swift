/// An incremental, byte-level CSV reader (RFC 4180 plus what real survey files do).
///
/// Feed it chunks with `append(_:)`, take complete records with `nextRecord()`, and call
/// `finish()` after the last chunk so an unterminated final line is returned too. It keeps only
/// the unread part of its input, so memory stays bounded by the chunk size and the longest record.
///
/// Handles quoted fields with commas, newlines and doubled quotes, CRLF and LF line ends, a
/// UTF-8 byte-order mark, and fields that are not UTF-8: those are read as Latin-1 (ISO 8859-1),
/// which older Android apps (WiGLE 2.48) write SSIDs in, so `Caf\xE9` becomes "Café".
///
/// ```swift
/// var reader = CSVRecordReader()
/// reader.append(Array("a,\"b,c\"\r\n".utf8))
/// reader.finish()
/// reader.nextRecord()?.fields   // ["a", "b,c"]
/// ```
public struct CSVRecordReader: Sendable {
    /// Quoted fields longer than this are taken as an unterminated quote: the record ends at the
    /// next line end, so one stray quote cannot make the reader buffer a whole file.
    public var maximumRecordLength: Int

    private var buffer: [UInt8] = []
    private var position = 0
    private var isFinished = false
    private var nextLine = 1
    private var checkedByteOrderMark = false
    private var scratch: [UInt8] = []

    /// Creates an empty reader.
    public init(maximumRecordLength: Int = 1 << 16) {
        self.maximumRecordLength = maximumRecordLength
    }

    /// The number of input bytes appended but not yet returned as records.
    public var bufferedByteCount: Int { buffer.count - position }

    /// Adds the next chunk of input.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        precondition(!isFinished, "append after finish")
        if position > 0 && position >= buffer.count / 2 {
            buffer.removeSubrange(0..<position)
            position = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Marks the end of input: the last record no longer needs a line end.
    public mutating func finish() {
        isFinished = true
    }

    /// The next complete record, or nil when more input is needed (or, after `finish()`, when
    /// the input is exhausted).
    public mutating func nextRecord() -> CSVRecord? {
        if !checkedByteOrderMark {
            guard buffer.count - position >= 3 || isFinished else { return nil }
            checkedByteOrderMark = true
            if buffer.count - position >= 3, buffer[position] == 0xEF, buffer[position + 1] == 0xBB,
                buffer[position + 2] == 0xBF
            {
                position += 3
            }
        }
        guard position < buffer.count else { return nil }
        let scan = buffer.withUnsafeBufferPointer { bytes in
            Self.scanRecord(bytes, from: position, isFinished: isFinished, limit: maximumRecordLength,
                            scratch: &scratch)
        }
        guard let scan else { return nil }
        let record = CSVRecord(line: nextLine, fields: scan.fields, hasUnterminatedQuote: scan.unterminated,
                               endsMidLine: scan.endsMidLine)
        nextLine += scan.lineEnds
        position = scan.end
        return record
    }

    private struct Scan {
        var fields: [String]
        var end: Int
        var lineEnds: Int
        var unterminated: Bool
        /// The input ended before the record's line end (a final `\r` counts as one: a CRLF
        /// line cut between its two bytes is whole).
        var endsMidLine = false
    }

    private static let comma = UInt8(ascii: ","), quote = UInt8(ascii: "\""), lineFeed = UInt8(ascii: "\n"),
        carriageReturn = UInt8(ascii: "\r")

    /// A field's text: UTF-8 when the bytes are UTF-8, else Latin-1, where every byte is the
    /// code point of the same value (a Latin-1 text with accents is almost never valid UTF-8).
    static func decodeField(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if !bytes.contains(where: { $0 >= 0x80 }) || String(validating: bytes, as: UTF8.self) != nil {
            return String(decoding: bytes, as: UTF8.self)
        }
        var text = String.UnicodeScalarView()
        for byte in bytes { text.append(Unicode.Scalar(byte)) }
        return String(text)
    }

    /// Scans one record starting at `start`; nil when the buffer ends before the record does.
    private static func scanRecord(
        _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, isFinished: Bool, limit: Int,
        scratch: inout [UInt8]
    ) -> Scan? {
        var fields: [String] = []
        fields.reserveCapacity(16)
        var index = start, fieldStart = start, lineEnds = 0
        var inQuotes = false, wasQuoted = false, unterminated = false
        scratch.removeAll(keepingCapacity: true)

        func endField(at end: Int, atLineEnd: Bool) {
            if wasQuoted {
                if atLineEnd, scratch.last == carriageReturn { scratch.removeLast() }
                fields.append(scratch.withUnsafeBufferPointer(Self.decodeField))
                scratch.removeAll(keepingCapacity: true)
            } else {
                var end = end
                if atLineEnd, end > fieldStart, bytes[end - 1] == carriageReturn { end -= 1 }
                fields.append(Self.decodeField(UnsafeBufferPointer(rebasing: bytes[fieldStart..<end])))
            }
            wasQuoted = false
        }

        while true {
            guard index < bytes.count else {
                guard isFinished else { return nil }
                let endsWithReturn = index > start && bytes[index - 1] == carriageReturn
                endField(at: index, atLineEnd: true)
                return Scan(fields: fields, end: index, lineEnds: lineEnds, unterminated: unterminated || inQuotes,
                            endsMidLine: !endsWithReturn)
            }
            let byte = bytes[index]
            if inQuotes {
                if byte == quote {
                    if index + 1 < bytes.count {
                        if bytes[index + 1] == quote {
                            scratch.append(quote)
                            index += 2
                        } else {
                            inQuotes = false
                            index += 1
                        }
                    } else if isFinished {
                        inQuotes = false
                        index += 1
                    } else {
                        return nil
                    }
                    continue
                }
                if byte == lineFeed {
                    lineEnds += 1
                    if index - start > limit {
                        // A quote that never closes: end the record here rather than buffer on.
                        inQuotes = false
                        unterminated = true
                        endField(at: index, atLineEnd: true)
                        return Scan(fields: fields, end: index + 1, lineEnds: lineEnds, unterminated: true)
                    }
                }
                scratch.append(byte)
                index += 1
            } else if byte == comma {
                endField(at: index, atLineEnd: false)
                index += 1
                fieldStart = index
            } else if byte == lineFeed {
                endField(at: index, atLineEnd: true)
                return Scan(fields: fields, end: index + 1, lineEnds: lineEnds + 1, unterminated: unterminated)
            } else if byte == quote && index == fieldStart {
                inQuotes = true
                wasQuoted = true
                index += 1
            } else {
                // Text after a closing quote is kept (lenient, as spreadsheets are).
                if wasQuoted { scratch.append(byte) }
                index += 1
            }
        }
    }
}
