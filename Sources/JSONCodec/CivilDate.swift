/// A proleptic Gregorian calendar date (UTC), computed from a count of days since 1970-01-01
/// with Howard Hinnant's `civil_from_days` — for writers that print dates without
/// `DateFormatter` (slow, and not `Sendable`).
///
/// ```swift
/// let date = CivilDate(daysSince1970: 20_789)   // 2026-12-02
/// ```
public struct CivilDate: Hashable, Sendable {
    public let year: Int
    /// 1 to 12.
    public let month: Int
    /// 1 to 31.
    public let day: Int

    /// The date `days` days after (or, negative, before) 1970-01-01.
    public init(daysSince1970 days: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }
}
