/// How accurate a fix the caller wants, in Core Location's terms.
///
/// Sources are tried in order until one gives a fix whose radius is within `metres`; `.best`
/// never stops early, so every source runs and the most accurate fix wins.
///
/// ```swift
/// DesiredAccuracy(parsing: "kilometre")?.metres   // 1000
/// DesiredAccuracy(parsing: "25")?.metres          // 25
/// ```
public struct DesiredAccuracy: Hashable, Sendable, CustomStringConvertible {
    /// The largest acceptable 68 % radius; 0 for `.best`.
    public let metres: Double

    public init(metres: Double) {
        self.metres = max(0, metres)
    }

    /// Try every source and keep the most accurate fix (`kCLLocationAccuracyBest`).
    public static let best = DesiredAccuracy(metres: 0)
    /// `kCLLocationAccuracyNearestTenMeters`.
    public static let nearestTenMetres = DesiredAccuracy(metres: 10)
    /// `kCLLocationAccuracyHundredMeters`.
    public static let hundredMetres = DesiredAccuracy(metres: 100)
    /// `kCLLocationAccuracyKilometer`.
    public static let kilometre = DesiredAccuracy(metres: 1_000)
    /// `kCLLocationAccuracyThreeKilometers`.
    public static let threeKilometres = DesiredAccuracy(metres: 3_000)

    /// The names people type: `best`, `ten-metres`, `hundred-metres`, `kilometre`,
    /// `three-kilometres` (also American spellings and `nearest-ten-meters`), or a number of metres.
    public static let names: [String: DesiredAccuracy] = [
        "best": .best, "ten-metres": .nearestTenMetres, "ten-meters": .nearestTenMetres,
        "nearest-ten-metres": .nearestTenMetres, "nearest-ten-meters": .nearestTenMetres,
        "hundred-metres": .hundredMetres, "hundred-meters": .hundredMetres, "kilometre": .kilometre,
        "kilometer": .kilometre, "three-kilometres": .threeKilometres, "three-kilometers": .threeKilometres,
    ]

    /// Parses a name from `names` or a positive number of metres; nil otherwise.
    public init?(parsing text: String) {
        if let named = DesiredAccuracy.names[text.lowercased()] {
            self = named
        } else if let metres = Double(text), metres > 0, metres.isFinite {
            self.init(metres: metres)
        } else {
            return nil
        }
    }

    /// Whether a fix with this radius is good enough to stop trying further sources.
    public func isSatisfied(by accuracy: Double) -> Bool {
        accuracy > 0 && accuracy <= metres
    }

    public var description: String {
        metres == 0 ? "best" : "\(Int(metres)) m"
    }
}
