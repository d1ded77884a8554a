extension JSONTokenizer {
    /// Reads the string starting at `index` (its opening quote), RFC 8259 §7.
    ///
    /// The common case — printable ASCII without escapes, like every key and MAC address of a
    /// geolocate request — becomes a `String` straight from the input bytes.
    mutating func readString() throws(JSONError) -> String {
        let start = index + 1
        var cursor = start
        while cursor < bytes.count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                index = cursor + 1
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<cursor]), as: UTF8.self)
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { break }
            cursor += 1
        }
        return try readStringSlowly(start: start, cursor: cursor)
    }

    /// Decodes escapes and checks UTF-8 from `cursor` on, `start..<cursor` being plain ASCII.
    private mutating func readStringSlowly(start: Int, cursor initialCursor: Int) throws(JSONError) -> String {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<initialCursor]))
        var cursor = initialCursor
        while cursor < bytes.count {
            let byte = bytes[cursor]
            switch byte {
            case UInt8(ascii: "\""):
                index = cursor + 1
                return String(decoding: scratch, as: UTF8.self)
            case UInt8(ascii: "\\"):
                cursor = try readEscape(at: cursor)
            case 0..<0x20:
                throw error(.controlCharacterInString(byte), at: cursor)
            case 0x20..<0x80:
                scratch.append(byte)
                cursor += 1
            default:
                let length = try validateUTF8Sequence(at: cursor)
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[cursor..<cursor + length]))
                cursor += length
            }
        }
        throw error(.unexpectedEndOfInput, at: cursor)
    }

    /// Decodes the escape at `backslash` into `scratch`; returns the index after it.
    private mutating func readEscape(at backslash: Int) throws(JSONError) -> Int {
        guard backslash + 1 < bytes.count else { throw error(.unexpectedEndOfInput, at: backslash + 1) }
        let decoded: UInt8
        switch bytes[backslash + 1] {
        case UInt8(ascii: "\""): decoded = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): decoded = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): decoded = UInt8(ascii: "/")
        case UInt8(ascii: "b"): decoded = 0x08
        case UInt8(ascii: "f"): decoded = 0x0C
        case UInt8(ascii: "n"): decoded = 0x0A
        case UInt8(ascii: "r"): decoded = 0x0D
        case UInt8(ascii: "t"): decoded = 0x09
        case UInt8(ascii: "u"): return try readUnicodeEscape(at: backslash)
        case let other: throw error(.invalidEscape(other), at: backslash)
        }
        scratch.append(decoded)
        return backslash + 2
    }

    /// Decodes `\uXXXX`, or a surrogate pair `\uD83D\uDE00` (RFC 8259 §7), into `scratch`.
    private mutating func readUnicodeEscape(at backslash: Int) throws(JSONError) -> Int {
        let unit = try readHexQuad(at: backslash)
        var scalarValue = UInt32(unit)
        var next = backslash + 6
        switch unit {
        case 0xD800...0xDBFF:
            // A high surrogate must be followed at once by an escaped low surrogate.
            for (offset, expected) in [UInt8(ascii: "\\"), UInt8(ascii: "u")].enumerated() {
                guard next + offset < bytes.count else { throw error(.unexpectedEndOfInput, at: bytes.count) }
                guard bytes[next + offset] == expected else { throw error(.loneSurrogate(unit), at: backslash) }
            }
            let low = try readHexQuad(at: next)
            guard (0xDC00...0xDFFF).contains(low) else { throw error(.loneSurrogate(unit), at: backslash) }
            scalarValue = 0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(low) - 0xDC00)
            next += 6
        case 0xDC00...0xDFFF:
            throw error(.loneSurrogate(unit), at: backslash)
        default:
            break
        }
        // Not a surrogate, or a valid pair: always a Unicode scalar.
        let scalar = Unicode.Scalar(scalarValue)!
        scratch.append(contentsOf: UTF8.encode(scalar)!)
        return next
    }

    /// The four hex digits after the `\u` at `backslash`.
    private func readHexQuad(at backslash: Int) throws(JSONError) -> UInt16 {
        var value: UInt16 = 0
        for digitIndex in backslash + 2..<backslash + 6 {
            guard digitIndex < bytes.count else { throw error(.unexpectedEndOfInput, at: digitIndex) }
            let byte = bytes[digitIndex]
            let nibble: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): nibble = byte - UInt8(ascii: "A") + 10
            default: throw error(.invalidUnicodeEscape, at: backslash)
            }
            value = value << 4 | UInt16(nibble)
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence of two to four bytes at `lead`
    /// (RFC 3629 §4: no overlong forms, no surrogates, nothing above U+10FFFF).
    private func validateUTF8Sequence(at lead: Int) throws(JSONError) -> Int {
        let first = bytes[lead]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch first {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: throw error(.invalidUTF8, at: lead)
        }
        for continuation in lead + 1..<lead + length {
            guard continuation < bytes.count else { throw error(.unexpectedEndOfInput, at: continuation) }
            let allowed = continuation == lead + 1 ? secondRange : 0x80...0xBF
            guard allowed.contains(bytes[continuation]) else { throw error(.invalidUTF8, at: lead) }
        }
        return length
    }
}
