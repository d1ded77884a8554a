extension JSONWriter {
    /// 2^53: below it every integer is an exact `Double`, so digits can be computed exactly.
    private static let exactIntegerLimit = 9_007_199_254_740_992.0
    /// Integral values below this are written as plain integers (every integral Double is exact).
    private static let plainIntegerLimit = 1e18

    /// Appends `number` as JSON: `null` if not finite, rounded to `decimals` places when given,
    /// else the shortest text that reads back as the same value.
    mutating func appendNumber(_ number: Double, decimals: Int?) {
        guard number.isFinite else {
            // RFC 8259 §6 has no NaN or infinity; null is what JavaScript's JSON.stringify writes.
            bytes.append(contentsOf: Array("null".utf8))
            return
        }
        if let decimals {
            precondition((0...15).contains(decimals), "decimals must be 0…15")
            if appendRounded(number, decimals: decimals) { return }
        }
        if number == number.rounded(.towardZero), abs(number) <= Self.plainIntegerLimit {
            if number.sign == .minus { bytes.append(UInt8(ascii: "-")) }
            appendDigits(UInt(abs(number)), minimumCount: 1)
            return
        }
        // Swift's description is the shortest round-tripping form, and always valid JSON
        // for finite values: `0.1`, `1e-07`, `1.5e+300`.
        bytes.append(contentsOf: Array(number.description.utf8))
    }

    /// Appends `number` rounded half away from zero to `decimals` places, trailing zeros
    /// dropped but one kept (`25.0`); false, appending nothing, when the scaled value is too
    /// large to round exactly.
    private mutating func appendRounded(_ number: Double, decimals: Int) -> Bool {
        var scale: UInt = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = (abs(number) * Double(scale)).rounded(.toNearestOrAwayFromZero)
        guard scaled < Self.exactIntegerLimit else { return false }
        let units = UInt(scaled)
        // Minus only when something nonzero is left: never `-0.0`.
        if number < 0 && units != 0 { bytes.append(UInt8(ascii: "-")) }
        appendDigits(units / scale, minimumCount: 1)
        guard decimals > 0 else { return true }
        var fraction = units % scale
        var places = decimals
        while places > 1 && fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        bytes.append(UInt8(ascii: "."))
        appendDigits(fraction, minimumCount: places)
        return true
    }
}
