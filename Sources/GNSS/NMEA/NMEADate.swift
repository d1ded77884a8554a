/// A UTC calendar date as sent by RMC (`ddmmyy`) or ZDA.
public struct NMEADate: Hashable, Sendable {
    /// Four-digit year.
    public var year: Int
    /// 1…12.
    public var month: Int
    /// 1…31.
    public var day: Int

    /// Creates a date without checking it.
    public init(year: Int, month: Int, day: Int) {
        self.year = year
        self.month = month
        self.day = day
    }

    var isPlausible: Bool { (1...12).contains(month) && (1...31).contains(day) && year > 1979 }
}
