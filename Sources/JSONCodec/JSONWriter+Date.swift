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
        let (year, month, day) = civilDate(daysSince1970: days)
        var writer = JSONWriter()
        writer.appendDigits(UInt(max(0, min(year, 9999))), minimumCount: 4)
        for (separator, value) in [("-", month), ("-", day), ("T", millisecondOfDay / 3_600_000),
                                   (":", millisecondOfDay / 60_000 % 60), (":", millisecondOfDay / 1000 % 60)] {
            writer.bytes.append(contentsOf: Array(separator.utf8))
            writer.appendDigits(UInt(value), minimumCount: 2)
        }
        writer.bytes.append(UInt8(ascii: "."))
        writer.appendDigits(UInt(millisecondOfDay % 1000), minimumCount: 3)
        writer.bytes.append(UInt8(ascii: "Z"))
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The proleptic Gregorian date of a day count (Howard Hinnant's `civil_from_days`).
    private static func civilDate(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

extension Int {
    /// Quotient and a remainder that is never negative, for positive divisors.
    fileprivate func quotientAndRemainderFlooring(dividingBy divisor: Int) -> (Int, Int) {
        let (quotient, remainder) = quotientAndRemainder(dividingBy: divisor)
        return remainder < 0 ? (quotient - 1, remainder + divisor) : (quotient, remainder)
    }
}
