import PositioningCore

/// One known emitter as Ichnaea's locate code sees it (`NETWORK_DTYPE` in `mac.py`/`cell.py`):
/// where the radio map puts it, how the query heard it, and how much the map trusts it.
struct IchnaeaNetwork {
    var emitter: EmitterID
    var latitude: Double
    var longitude: Double
    /// Metres; Wi-Fi positioning ignores it, single cells and areas report it as accuracy.
    var radius: Double
    /// Milliseconds since the query heard it, at least 1000.
    var age: Double
    /// dBm, an integer as Ichnaea's schema stores it; the weakest valid value when unknown.
    var signal: Double
    /// `IchnaeaStationScore` of the record.
    var score: Double

    /// `min(√(2000 / age), 1)`: full weight for anything heard in the last two seconds.
    var ageFactor: Double {
        min((2000.0 / age).squareRoot(), 1)
    }

    /// The weight of a network in a weighted mean (`score · ageFactor / signal²`), the same
    /// expression in `aggregate_mac_position` and `aggregate_cell_position`.
    var averagingWeight: Double {
        score * ageFactor / (signal * signal)
    }

    /// Ichnaea's observation age: `max(|age|, 1000)` ms; unknown, or outside the schema's
    /// ±1 hour (`MIN_AGE`/`MAX_AGE` in `models/constants.py`), counts as 0.
    static func normalizedAge(_ milliseconds: Int?) -> Double {
        let valid = milliseconds.flatMap { abs($0) <= 3_600_000 ? $0 : nil }
        return Double(max(abs(valid ?? 0), 1000))
    }

    /// Ichnaea's observation signal: the value truncated to an integer when it lies in
    /// `validRange`, else (unknown, zero or out of range) the weakest valid value.
    static func normalizedSignal(_ dBm: Double?, validRange: ClosedRange<Double>) -> Double {
        guard let dBm, dBm.isFinite else { return validRange.lowerBound }
        let integer = dBm.rounded(.towardZero)
        guard integer != 0, validRange.contains(integer) else { return validRange.lowerBound }
        return integer
    }
}
