import Foundation

/// Parses WiGLE's `FirstSeen` column, including the forms spreadsheets re-save it in.
///
/// WiGLE's format is `YYYY-MM-DD HH:MM:SS` in UTC; some app releases write the phone's local
/// time instead, with no zone: given the zone (`--timezone`, or the one an unknown-time marker
/// reveals, see `unknownTimeOffset`) it is converted, otherwise read as UTC. Spreadsheets
/// re-save it as `DD/MM/YYYY HH:MM` or `M/D/YYYY HH:MM`: a component above 12 decides which;
/// otherwise unpadded numbers (`11/9/2017`) mean US month-first and zero-padded ones
/// (`09/11/2017`) day-first. A year of 1970 is WiGLE's "time unknown".
public enum WigleTimestamp {
    /// The moment `text` names — written in `zone`, or in UTC when that is nil — or nil when it
    /// is empty, unknown (1970) or unparseable.
    public static func parse(_ text: String, in zone: TimeZone?) -> Date? {
        guard let wallClock = parse(text) else { return nil }
        guard let zone else { return wallClock }
        // The zone's offset at that wall-clock time (an hour off only inside a DST change).
        return wallClock.addingTimeInterval(-TimeInterval(zone.secondsFromGMT(for: wallClock)))
    }

    /// The zone offset (seconds east of UTC) an unknown-time marker reveals, or nil when `text`
    /// is not one. Apps without a time write Unix time 0 formatted in local time: `01-01-70 5:30`
    /// in India (+05:30), `1969-12-31 19:00:00` in New York (−05:00), `1970-01-01 00:00:00` in UTC.
    public static func unknownTimeOffset(_ text: String) -> Int? {
        var numbers: [Int] = []
        var current: Int?
        for byte in text.utf8 {
            if (48...57).contains(byte) {
                current = (current ?? 0) * 10 + Int(byte - 48)
                if current! > 9999 { return nil }
            } else {
                if let value = current { numbers.append(value) }
                current = nil
            }
        }
        if let current { numbers.append(current) }
        guard numbers.count >= 5 else { return nil }
        let (year, month, day): (Int, Int, Int)
        if [1969, 1970, 69, 70].contains(numbers[0]) {
            (year, month, day) = (numbers[0], numbers[1], numbers[2])
        } else if [1969, 1970, 69, 70].contains(numbers[2]) {
            // `01-01-70`, `12/31/69`, `31.12.69`: the year last; 1 Jan or 31 Dec either way round.
            (year, month, day) = (numbers[2], min(numbers[0], numbers[1]), max(numbers[0], numbers[1]))
        } else {
            return nil
        }
        let fullYear = year < 100 ? 1900 + year : year
        let seconds = numbers.count > 5 ? numbers[5] : 0
        guard (0...23).contains(numbers[3]), (0...59).contains(numbers[4]), (0...59).contains(seconds) else { return nil }
        let dayOffset: Int
        switch (fullYear, month, day) {
        case (1970, 1, 1): dayOffset = 0
        case (1969, 12, 31): dayOffset = -1
        default: return nil
        }
        let offset = dayOffset * 86_400 + numbers[3] * 3600 + numbers[4] * 60 + seconds
        // Real zones lie between −12:00 and +14:00.
        return (-12 * 3600...14 * 3600).contains(offset) ? offset : nil
    }

    /// The moment `text` names, read as UTC, or nil when it is empty, unknown (1970) or unparseable.
    public static func parse(_ text: String) -> Date? {
        // One pass over the bytes: this runs once per survey row, so no splitting into strings.
        var numbers = (0, 0, 0, 0, 0, 0)
        var digits = (0, 0)
        var count = 0, current = -1, currentDigits = 0
        var dateSeparator: UInt8 = 0
        func store(_ value: Int) {
            switch count {
            case 0: numbers.0 = value
            case 1: numbers.1 = value
            case 2: numbers.2 = value
            case 3: numbers.3 = value
            case 4: numbers.4 = value
            default: numbers.5 = value
            }
            if count == 0 { digits.0 = currentDigits } else if count == 1 { digits.1 = currentDigits }
            count += 1
        }
        for byte in text.utf8 {
            if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                current = (current < 0 ? 0 : current) * 10 + Int(byte - UInt8(ascii: "0"))
                currentDigits += 1
                guard currentDigits <= 4 else { return nil }
                continue
            }
            guard current >= 0, count < 6 else { return nil }
            let expected: Bool
            switch count {
            case 0: dateSeparator = byte; expected = byte == UInt8(ascii: "-") || byte == UInt8(ascii: "/")
            case 1: expected = byte == dateSeparator
            case 2: expected = byte == UInt8(ascii: " ") || byte == UInt8(ascii: "T")
            case 3, 4: expected = byte == UInt8(ascii: ":")
            default: expected = byte == UInt8(ascii: ".")  // fractional seconds: ignored
            }
            guard expected else { return nil }
            store(current)
            current = -1
            currentDigits = 0
            if count == 6 { break }
        }
        if current >= 0 && count < 6 { store(current) }
        guard count == 3 || count >= 5 else { return nil }
        let (year, month, day): (Int, Int, Int)
        if dateSeparator == UInt8(ascii: "-") {
            (year, month, day) = (numbers.0, numbers.1, numbers.2)
        } else if numbers.0 > 12 {
            (year, month, day) = (numbers.2, numbers.1, numbers.0)
        } else if numbers.1 > 12 {
            (year, month, day) = (numbers.2, numbers.0, numbers.1)
        } else if digits.0 == 2 && digits.1 == 2 {
            (year, month, day) = (numbers.2, numbers.1, numbers.0)
        } else {
            (year, month, day) = (numbers.2, numbers.0, numbers.1)
        }
        let (hour, minute, second) = count >= 5 ? (numbers.3, numbers.4, count == 6 ? numbers.5 : 0) : (0, 0, 0)
        guard year > 1970, (1...12).contains(month), (1...31).contains(day), (0...23).contains(hour),
            (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        return Date(timeIntervalSince1970: TimeInterval(days * 86_400 + hour * 3600 + minute * 60 + second))
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
