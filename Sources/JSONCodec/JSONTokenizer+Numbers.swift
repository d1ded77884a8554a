extension JSONTokenizer {
    /// Reads the number starting at `index` (RFC 8259 §6):
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    ///
    /// Up to 19 significant digits with a decimal exponent within ±22 are converted exactly
    /// (Clinger's fast path: both factors are exact doubles, so one rounding); anything else
    /// goes to the standard library's correctly rounded conversion.
    mutating func readNumber() throws(JSONError) -> Double {
        let start = index
        var cursor = index
        let isNegative = bytes[cursor] == UInt8(ascii: "-")
        if isNegative { cursor += 1 }

        var mantissa: UInt64 = 0
        var significantDigits = 0
        var exponent = 0
        var isExact = true

        // Integer part.
        guard cursor < bytes.count else { throw endOfNumber(start: start, at: cursor, missing: "digits after '-'") }
        if bytes[cursor] == UInt8(ascii: "0") {
            cursor += 1
            if cursor < bytes.count, isDigit(bytes[cursor]) {
                throw error(.invalidNumber("leading zero"), at: start)
            }
        } else if isDigit(bytes[cursor]) {
            while cursor < bytes.count, isDigit(bytes[cursor]) {
                accumulate(bytes[cursor], into: &mantissa, significantDigits: &significantDigits, isExact: &isExact)
                cursor += 1
            }
        } else {
            throw error(.invalidNumber("expected a digit after '-'"), at: start)
        }

        // Fraction.
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
            cursor += 1
            guard cursor < bytes.count else { throw endOfNumber(start: start, at: cursor, missing: "digits after '.'") }
            guard isDigit(bytes[cursor]) else { throw error(.invalidNumber("expected a digit after '.'"), at: start) }
            while cursor < bytes.count, isDigit(bytes[cursor]) {
                accumulate(bytes[cursor], into: &mantissa, significantDigits: &significantDigits, isExact: &isExact)
                if isExact { exponent -= 1 }
                cursor += 1
            }
        }

        // Exponent.
        if cursor < bytes.count, bytes[cursor] | 0x20 == UInt8(ascii: "e") {
            cursor += 1
            var exponentIsNegative = false
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-") {
                exponentIsNegative = bytes[cursor] == UInt8(ascii: "-")
                cursor += 1
            }
            guard cursor < bytes.count else { throw endOfNumber(start: start, at: cursor, missing: "exponent digits") }
            guard isDigit(bytes[cursor]) else { throw error(.invalidNumber("expected exponent digits"), at: start) }
            var written = 0
            while cursor < bytes.count, isDigit(bytes[cursor]) {
                // Saturate: anything this large over- or underflows a Double anyway.
                written = min(written * 10 + Int(bytes[cursor] - UInt8(ascii: "0")), 100_000)
                cursor += 1
            }
            exponent += exponentIsNegative ? -written : written
        }

        // More bytes of this chunk may continue the number.
        if cursor == bytes.count, !isEndOfInput { throw error(.unexpectedEndOfInput, at: cursor) }
        index = cursor

        let magnitude: Double
        if isExact, mantissa <= 1 << 53, (-22...22).contains(exponent) {
            let scale = JSONTokenizer.powersOfTen[abs(exponent)]
            magnitude = exponent < 0 ? Double(mantissa) / scale : Double(mantissa) * scale
        } else if mantissa == 0 && isExact {
            magnitude = 0
        } else {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<cursor]), as: UTF8.self)
            guard let value = Double(text), value.isFinite else { throw error(.numberOutOfRange, at: start) }
            return value
        }
        return isNegative ? -magnitude : magnitude
    }

    /// 10^0 … 10^22: every one is exactly representable as a Double.
    private static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Adds one digit to the mantissa while it has room for 19 significant digits; after that
    /// the conversion is no longer exact here and `isExact` turns false.
    @inline(__always)
    private func accumulate(_ digit: UInt8, into mantissa: inout UInt64, significantDigits: inout Int, isExact: inout Bool) {
        let value = UInt64(digit - UInt8(ascii: "0"))
        if mantissa == 0 && value == 0 { return }  // a leading zero is not significant
        guard isExact, significantDigits < 19 else {
            isExact = false
            return
        }
        mantissa = mantissa * 10 + value
        significantDigits += 1
    }

    /// The error for a number cut off at the end of the bytes: incomplete when more may follow.
    private func endOfNumber(start: Int, at cursor: Int, missing: String) -> JSONError {
        isEndOfInput ? error(.invalidNumber("missing \(missing)"), at: start) : error(.unexpectedEndOfInput, at: cursor)
    }
}
