import Foundation

/// Parses WiGLE's `FirstSeen` column, including the forms spreadsheets re-save it in.
///
/// WiGLE writes `YYYY-MM-DD HH:MM:SS` in the phone's local time with no zone; it is read as
/// UTC (the radio map only compares times, it never shows them as local time). Spreadsheets
/// re-save it as `DD/MM/YYYY HH:MM` or `M/D/YYYY HH:MM`: a component above 12 decides which;
/// otherwise unpadded numbers (`11/9/2017`) mean US month-first and zero-padded ones
/// (`09/11/2017`) day-first. A year of 1970 is WiGLE's "time unknown".
public enum WigleTimestamp {
    /// The moment `text` names, or nil when it is empty, unknown (1970) or unparseable.
    public static func parse(_ text: String) -> Date? {
        let parts = text.split(whereSeparator: { $0 == " " || $0 == "T" })
        guard parts.count >= 1 else { return nil }
        guard let (year, month, day) = date(parts[0]), year > 1970, (1...12).contains(month),
            (1...31).contains(day)
        else { return nil }
        var seconds = 0
        if parts.count >= 2 {
            let clock = parts[1].split(separator: ":").map { Int($0) }
            guard clock.count >= 2, clock.count <= 3, !clock.contains(nil) else { return nil }
            let hour = clock[0]!, minute = clock[1]!, second = clock.count == 3 ? clock[2]! : 0
            guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
            seconds = hour * 3600 + minute * 60 + second
        }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + seconds))
    }

    private static func date(_ text: Substring) -> (Int, Int, Int)? {
        if text.contains("-") {
            let fields = text.split(separator: "-").map { Int($0) }
            guard fields.count == 3, let year = fields[0], let month = fields[1], let day = fields[2] else {
                return nil
            }
            return (year, month, day)
        }
        let raw = text.split(separator: "/")
        let fields = raw.map { Int($0) }
        guard fields.count == 3, let first = fields[0], let second = fields[1], let year = fields[2] else {
            return nil
        }
        if first > 12 { return (year, second, first) }
        if second > 12 { return (year, first, second) }
        let padded = raw[0].count == 2 && raw[1].count == 2
        return padded ? (year, second, first) : (year, first, second)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
