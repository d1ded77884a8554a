/// Numbers in the plain shape exporters write, read straight from bytes; nil for any other
/// spelling (a sign `+`, an exponent, spaces, `inf`), which the `String` conversions then judge.
enum PlainNumber {
    /// `-?digits`, at most 18 digits (so it cannot overflow).
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        var index = 0, negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            index = 1
        }
        let digits = bytes.count - index
        guard digits > 0, digits <= 18 else { return nil }
        var value: Int64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + Int64(digit)
            index += 1
        }
        return negative ? -value : value
    }

    /// `-?digits[.digits]`, at most 40 bytes, converted as `Double(String)` converts it (the
    /// record parser's conversion, and locale-free; up to 15 bytes the text is held inline, no
    /// allocation); finite by its shape.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        guard !bytes.isEmpty, bytes.count <= 40 else { return nil }
        var index = bytes[0] == UInt8(ascii: "-") ? 1 : 0
        var digitsBefore = 0, digitsAfter = 0, sawPoint = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ".") {
                guard !sawPoint else { return nil }
                sawPoint = true
            } else if byte &- UInt8(ascii: "0") < 10 {
                if sawPoint { digitsAfter += 1 } else { digitsBefore += 1 }
            } else {
                return nil
            }
            index += 1
        }
        guard digitsBefore > 0, !sawPoint || digitsAfter > 0 else { return nil }
        return Double(String(decoding: bytes, as: UTF8.self))
    }
}
