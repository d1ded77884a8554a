import Foundation

/// Weighted k-nearest-neighbour matching of a Wi-Fi scan against surveyed fingerprints.
///
/// Signals are compared in a *positive* representation: a heard access point counts
/// `signal − floorSignal` (so −104 dBm is barely above nothing and −40 dBm is large), an unheard
/// one counts 0. Two scans are compared by the Sørensen (Bray–Curtis) distance
/// `Σ|a − b| / Σ(a + b)` over all access points, which lies in 0…1, treats a missing access
/// point as "very weak" rather than as a hole, and — being a ratio — shrinks the effect of a
/// phone that reads every network a few dB low (UJIIndoorLoc's validation phones differ from the
/// training phones). Torres-Sospedra et al. (2015, "Comprehensive analysis of distance and
/// similarity measures for Wi-Fi fingerprinting indoor positioning systems") found this pair
/// among the best on UJIIndoorLoc. The `k` nearest fingerprints vote for the building and then
/// the floor (weights 1/distanceᵖ), and their weighted centroid on the sphere is the position.
///
/// Only fingerprints sharing at least one access point with the scan are compared (the rest are
/// at distance 1), through an inverted index from access point to fingerprints.
///
/// ```swift
/// let matcher = FingerprintMatcher(fingerprints: survey)
/// if let match = matcher.match(scan.readings) {
///     print(match.coordinate, match.building ?? "?", match.floor ?? 0)
/// }
/// ```
public struct FingerprintMatcher: Sendable {
    /// How scans are compared.
    public enum Metric: String, Hashable, Sendable {
        /// Sørensen (Bray–Curtis) distance of the positive representation (the default).
        case sorensen
        /// Euclidean distance in dB with unheard access points at `floorSignal` — the plain
        /// k-NN on dBm that papers use as the baseline.
        case euclidean
    }

    /// The tuning knobs. The defaults were chosen by leave-user-out cross-validation on
    /// UJIIndoorLoc's *training* file only (six folds of three surveyors each, 250 scans per
    /// fold): positive/powed/exponential representations × Euclidean/Sørensen × k ∈ {1, 3, 5, 7,
    /// 11} × weight exponent ∈ {0, 1, 2} — Sørensen on the positive representation with k = 11
    /// and 1/d² weights had the smallest mean error (8.4 m across users).
    public struct Parameters: Hashable, Sendable {
        /// How many nearest fingerprints vote and average.
        public var neighbours: Int = 11
        /// Neighbour weight = 1 / (distance + ε)^this.
        public var weightExponent: Double = 2
        /// The comparison.
        public var metric: Metric = .sorensen
        /// The signal (dBm) an unheard access point is taken to have; readings below it count
        /// as barely heard.
        public var floorSignal: Double = -105

        /// The tuned defaults.
        public init() {}

        /// Plain 1-nearest-neighbour on dBm (Euclidean), the literature's baseline.
        public static var plainNearestNeighbour: Parameters {
            var parameters = Parameters()
            parameters.neighbours = 1
            parameters.weightExponent = 0
            parameters.metric = .euclidean
            return parameters
        }
    }

    /// One compact fingerprint: positive signal values sorted by access-point index.
    struct Entry: Sendable {
        var position: Coordinate
        var floor: Int?
        var building: String?
        var sum: Double
        var sumOfSquares: Double
    }

    /// The tuning in use.
    public let parameters: Parameters
    private let entries: [Entry]
    private let accessPointIndex: [String: Int]
    /// For each access point, the fingerprints that heard it and its positive value there.
    private let postings: [[(entry: Int32, value: Float)]]

    /// A matcher over `fingerprints`.
    public init(fingerprints: [Fingerprint], parameters: Parameters = Parameters()) {
        precondition(parameters.neighbours >= 1, "k-NN needs at least one neighbour")
        self.parameters = parameters
        var index: [String: Int] = [:]
        var postings: [[(entry: Int32, value: Float)]] = []
        var entries: [Entry] = []
        entries.reserveCapacity(fingerprints.count)
        for fingerprint in fingerprints {
            var sum = 0.0, sumOfSquares = 0.0
            let entry = Int32(entries.count)
            var seen = Set<Int>()
            for reading in fingerprint.readings {
                let value = Self.positive(reading.signalStrength, floor: parameters.floorSignal)
                let column: Int
                if let known = index[reading.accessPoint] {
                    column = known
                } else {
                    column = postings.count
                    index[reading.accessPoint] = column
                    postings.append([])
                }
                guard seen.insert(column).inserted else { continue }
                postings[column].append((entry, Float(value)))
                sum += value
                sumOfSquares += value * value
            }
            entries.append(Entry(
                position: fingerprint.position, floor: fingerprint.floor, building: fingerprint.building, sum: sum,
                sumOfSquares: sumOfSquares))
        }
        self.entries = entries
        self.postings = postings
        accessPointIndex = index
    }

    /// How many fingerprints the matcher holds.
    public var count: Int { entries.count }

    /// How many distinct access points the fingerprints heard.
    public var accessPointCount: Int { postings.count }

    /// Whether any fingerprint heard the access point named `accessPoint`.
    public func knows(_ accessPoint: String) -> Bool { accessPointIndex[accessPoint] != nil }

    /// The best match for a scan's readings (access-point names as in the fingerprints), or nil
    /// when no fingerprint shares an access point with it.
    public func match(_ readings: [FingerprintReading]) -> FingerprintMatch? {
        match(readings, excluding: nil)
    }

    /// The best match for `readings` among the fingerprints for which `excluded` (called with a
    /// fingerprint's index in the array the matcher was built from) is false — for holding a
    /// fingerprint and its siblings out without building another matcher.
    public func match(_ readings: [FingerprintReading], excluding excluded: ((Int) -> Bool)?) -> FingerprintMatch? {
        var query: [(column: Int, value: Double)] = []
        var queryOnlySum = 0.0, querySum = 0.0, querySquares = 0.0
        var seen = Set<String>()
        for reading in readings where seen.insert(reading.accessPoint).inserted {
            let value = Self.positive(reading.signalStrength, floor: parameters.floorSignal)
            querySum += value
            querySquares += value * value
            if let column = accessPointIndex[reading.accessPoint] {
                query.append((column, value))
            } else {
                queryOnlySum += value
            }
        }
        guard !query.isEmpty else { return nil }
        // Shared terms per candidate: Σ min(a, b) for Sørensen, Σ a·b for Euclidean, summed in
        // query order into one slot per fingerprint; `touched` lists the fingerprints that share
        // an access point. Sorting (entry, query position) keys instead cost twice as much, and
        // a dictionary keyed by entry three times (its hashing was half of a request).
        var overlaps = [Double](repeating: 0, count: entries.count)
        var sharedCounts = [Int32](repeating: 0, count: entries.count)
        var touched: [Int32] = []
        for (column, value) in query {
            for posting in postings[column] {
                let entry = Int(posting.entry)
                if sharedCounts[entry] == 0 { touched.append(posting.entry) }
                sharedCounts[entry] += 1
                overlaps[entry] += parameters.metric == .sorensen
                    ? min(value, Double(posting.value)) : value * Double(posting.value)
            }
        }
        var scored: [(entry: Int, distance: Double, shared: Int)] = []
        scored.reserveCapacity(touched.count)
        for touchedEntry in touched {
            let entry = Int(touchedEntry)
            if let excluded, excluded(entry) { continue }
            let candidate = entries[entry]
            let distance: Double
            switch parameters.metric {
            case .sorensen:
                let total = querySum + candidate.sum
                distance = total > 0 ? 1 - 2 * overlaps[entry] / total : 1
            case .euclidean:
                distance = max(querySquares + candidate.sumOfSquares - 2 * overlaps[entry], 0).squareRoot()
            }
            scored.append((entry, distance, Int(sharedCounts[entry])))
        }
        let nearest = Self.smallest(parameters.neighbours, of: scored)
        return makeMatch(from: nearest, heard: seen.count, unknown: seen.count - query.count)
    }

    private func makeMatch(
        from nearest: [(entry: Int, distance: Double, shared: Int)], heard: Int, unknown: Int
    ) -> FingerprintMatch? {
        guard let best = nearest.first else { return nil }
        let weights = nearest.map { 1 / pow($0.distance + 1e-6, parameters.weightExponent) }
        func vote<Key: Hashable>(_ key: (Entry) -> Key?, among members: [Int]) -> Key? {
            var tally: [Key: Double] = [:]
            for member in members {
                if let value = key(entries[nearest[member].entry]) { tally[value, default: 0] += weights[member] }
            }
            return tally.max { $0.value < $1.value || ($0.value == $1.value && "\($0.key)" > "\($1.key)") }?.key
        }
        let all = Array(nearest.indices)
        let building = vote(\.building, among: all)
        let inBuilding = building == nil ? all : all.filter { entries[nearest[$0].entry].building == building }
        let floor = vote(\.floor, among: inBuilding)
        guard let centre = Geodesy.weightedMean(all.map { (entries[nearest[$0].entry].position, weights[$0]) })
            ?? Geodesy.mean(all.map { entries[nearest[$0].entry].position })
        else { return nil }
        let totalWeight = weights.reduce(0, +)
        let spread = all.reduce(0.0) { sum, member in
            let distance = Geodesy.distance(from: centre, to: entries[nearest[member].entry].position)
            return sum + weights[member] * distance * distance
        }
        return FingerprintMatch(
            coordinate: centre, floor: floor, building: building,
            spread: totalWeight > 0 ? (spread / totalWeight).squareRoot() : 0,
            bestDistance: best.distance, sharedAccessPoints: best.shared, heardAccessPoints: heard,
            unknownAccessPoints: unknown, neighbours: nearest.count)
    }

    /// The `k` candidates of smallest distance, nearest first (ties by index, so results do
    /// not depend on hashing order).
    private static func smallest(
        _ k: Int, of scored: [(entry: Int, distance: Double, shared: Int)]
    ) -> [(entry: Int, distance: Double, shared: Int)] {
        func precedes(_ a: (entry: Int, distance: Double, shared: Int), _ b: (entry: Int, distance: Double, shared: Int)) -> Bool {
            a.distance < b.distance || (a.distance == b.distance && a.entry < b.entry)
        }
        guard scored.count > 4 * k else { return Array(scored.sorted(by: precedes).prefix(k)) }
        var kept: [(entry: Int, distance: Double, shared: Int)] = []
        kept.reserveCapacity(k + 1)
        for candidate in scored {
            if kept.count == k, let last = kept.last, !precedes(candidate, last) { continue }
            let position = kept.firstIndex { precedes(candidate, $0) } ?? kept.count
            kept.insert(candidate, at: position)
            if kept.count > k { kept.removeLast() }
        }
        return kept
    }

    /// `signal − floor`, at least a small positive amount for any heard access point.
    static func positive(_ signal: Double, floor: Double) -> Double {
        max(signal - floor, 1)
    }
}
