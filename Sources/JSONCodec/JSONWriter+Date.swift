import Foundation

extension JSONWriter {
    /// Writes `date` as an ISO 8601 UTC string with milliseconds: `"2026-11-29T12:50:49.123Z"`.
    ///
    /// Computed arithmetically (no `DateFormatter`, which is slow and not `Sendable`).
    public mutating func write(_ date: Date) {
        write(Self.iso8601(date))
    }

    /// `date` as `YYYY-MM-DDTHH:MM:SS.sssZ` in UTC, rounded down to the millisecond.
    public static func iso8601(_ date: Date) -> String {
        let milliseconds = Int((date.timeIntervalSince1970 * 1000).rounded(.down))
        let (days, millisecondOfDay) = milliseconds.quotientAndRemainderFlooring(dividingBy: 86_400_000)
        let date = CivilDate(daysSince1970: days)
        var writer = JSONWriter()
        writer.appendDigits(UInt(max(0, min(date.year, 9999))), minimumCount: 4)
        for (separator, value) in [("-", date.month), ("-", date.day), ("T", millisecondOfDay / 3_600_000),
                                   (":", millisecondOfDay / 60_000 % 60), (":", millisecondOfDay / 1000 % 60)] {
            writer.bytes.append(contentsOf: Array(separator.utf8))
            writer.appendDigits(UInt(value), minimumCount: 2)
        }
        writer.bytes.append(UInt8(ascii: "."))
        writer.appendDigits(UInt(millisecondOfDay % 1000), minimumCount: 3)
        writer.bytes.append(UInt8(ascii: "Z"))
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

extension Int {
    /// Quotient and a remainder that is never negative, for positive divisors.
    fileprivate func quotientAndRemainderFlooring(dividingBy divisor: Int) -> (Int, Int) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
