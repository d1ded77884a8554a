import Foundation
import JSONCodec
import Testing

@Suite struct CivilDateTests {
    /// Foundation's Gregorian calendar in UTC agrees on every 1999th day from 1586 to 3804 (leap
    /// centuries, the epoch and days before it included; before 1582 Foundation counts Julian days).
    @Test func agreesWithFoundationsGregorianCalendar() {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        for days in stride(from: -140_000, through: 670_000, by: 1999) + [-1, 0, 59, 60, 11_016, 20_789] {
            let date = CivilDate(daysSince1970: days)
            let expected = calendar.dateComponents([.year, .month, .day], from: Date(timeIntervalSince1970: Double(days) * 86_400))
            let components: [Int?] = [expected.year, expected.month, expected.day]
            #expect([date.year, date.month, date.day] == components, "day \(days)")
        }
    }

    @Test func leapDayOf2000AndTheDayAfter() {
        let leap = CivilDate(daysSince1970: 11_016)
        #expect([leap.year, leap.month, leap.day] as [Int] == [2000, 2, 29])
        let next = CivilDate(daysSince1970: 11_017)
        #expect([next.year, next.month, next.day] as [Int] == [2000, 3, 1])
    }
}
