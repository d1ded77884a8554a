import PositioningCore

/// How much one survey observation counts when Ichnaea builds a station
/// (`ichnaea/models/observation.py`, the `weight` properties of the report classes).
///
/// weight = signal weight × accuracy weight × age weight × speed weight, each of which can be
/// zero for an unusable observation (which Ichnaea then drops):
/// - accuracy: √(10 / max(accuracy, 10)), 10 m when unknown; 0 beyond 200 m (Wi-Fi),
///   1000 m (cell) or 100 m (Bluetooth);
/// - age: min(√(2000 / max(|age|, 2000)), 1), 2000 ms when unknown; 0 beyond 20 s;
/// - speed: min(√(5 / max(|speed|, 1)), 1), 1 m/s when unknown; 0 beyond 50 m/s;
/// - signal: Wi-Fi (10⁴ / (dBm − 20)²)², −80 dBm when unknown; cells (10⁴ / (dBm + offset)²)²
///   with the radio's median signal when unknown (GSM −95 dBm, offset −5; WCDMA −100, 0;
///   LTE −105, +5); Bluetooth 1.
public struct IchnaeaObservationWeight: Hashable, Sendable {
    /// The kind of station an observation is of: it decides the signal weight and the
    /// accuracy limit.
    public enum StationKind: Hashable, Sendable {
        /// A Wi-Fi access point.
        case wifi
        /// A cell of the given radio.
        case cell(RadioType)
        /// A Bluetooth beacon.
        case bluetooth
    }

    /// The kind of station observed.
    public var kind: StationKind

    /// Creates the weighting for observations of `kind`.
    public init(kind: StationKind) {
        self.kind = kind
    }

    /// The weight of an observation; zero means Ichnaea drops it.
    /// - Parameters:
    ///   - accuracy: metres, nil when unknown.
    ///   - age: milliseconds relative to the report, nil when unknown.
    ///   - speed: metres per second, nil when unknown.
    ///   - signal: dBm, nil when unknown.
    public func weight(accuracy: Double?, age: Double?, speed: Double?, signal: Double?) -> Double {
        signalWeight(signal) * accuracyWeight(accuracy) * ageWeight(age) * speedWeight(speed)
    }

    /// Maps 10 m: 1, 20 m: 0.71, 40 m: 0.5, 100 m: 0.32; zero past the kind's limit.
    public func accuracyWeight(_ accuracy: Double?) -> Double {
        // Python's `x is not None and abs(x) or 10.0`: zero counts as unknown too.
        let metres = max(Self.magnitude(accuracy) ?? 10, 10)
        guard metres <= maximumAccuracy else { return 0 }
        return (10 / metres).squareRoot()
    }

    /// Maps 0–2 s: 1, 8 s: 0.5, 18 s: 0.33; zero past 20 s.
    public func ageWeight(_ age: Double?) -> Double {
        let milliseconds = max(Self.magnitude(age) ?? 2000, 2000)
        guard milliseconds <= 20_000 else { return 0 }
        return min((2000 / milliseconds).squareRoot(), 1)
    }

    /// Maps up to 5 m/s: 1, 20 m/s: 0.5, 45 m/s: 0.33; zero past 50 m/s.
    public func speedWeight(_ speed: Double?) -> Double {
        let metresPerSecond = max(Self.magnitude(speed) ?? 1, 1)
        guard metresPerSecond <= 50 else { return 0 }
        return min((5 / metresPerSecond).squareRoot(), 1)
    }

    /// Stronger signals weigh more: Wi-Fi −100 dBm ≈ 0.5, −80: 1, −60: 2.4, −30: 16.
    public func signalWeight(_ signal: Double?) -> Double {
        switch kind {
        case .bluetooth:
            return 1
        case .wifi:
            return Self.inverseFourthPower(of: (signal ?? -80) - 20)
        case .cell(let radio):
            // CellObservation.weight: radios without a median (CDMA, and NR, which Ichnaea
            // predates) get signal weight 1 when the signal is unknown.
            let median: (signal: Double, offset: Double)? = switch radio {
            case .gsm: (-95, -5)
            case .wcdma: (-100, 0)
            case .lte: (-105, 5)
            case .nr, .cdma: nil
            }
            guard let dBm = signal ?? median?.signal else { return 1 }
            return Self.inverseFourthPower(of: dBm + (median?.offset ?? 0))
        }
    }

    /// The largest accepted observation accuracy in metres (`*_MAX_OBSERVATION_ACCURACY`).
    public var maximumAccuracy: Double {
        switch kind {
        case .wifi: 200
        case .cell: 1000
        case .bluetooth: 100
        }
    }

    /// `((1 / x²) · 10⁴)²`.
    private static func inverseFourthPower(of x: Double) -> Double {
        let scaled = 1 / (x * x) * 10_000
        return scaled * scaled
    }

    private static func magnitude(_ value: Double?) -> Double? {
        guard let value, value != 0 else { return nil }
        return abs(value)
    }
}
