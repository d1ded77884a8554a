import Foundation
import PositioningCore

/// Mozilla Ichnaea's published Wi-Fi and cell locate algorithm, re-implemented as the reference
/// peer that accuracy evaluations print beside Whereabouts' own estimator.
///
/// It follows Ichnaea's internal position source (`ichnaea/api/locate/internal.py`): Wi-Fi
/// clusters (`IchnaeaWiFiLocator`) and cell groups or, when no cell is known, cell areas
/// (`IchnaeaCellLocator`) each yield a candidate, and `PositionResultList.best` picks the answer
/// (`IchnaeaCandidate.best(of:)`): the most accurate candidate of the group of mutually
/// consistent candidates with the highest summed score — in practice the Wi-Fi fix when it
/// agrees with the cells, or when its cluster outscores them.
///
/// Faithful to Ichnaea, and therefore unlike Whereabouts:
/// - `horizontalAccuracy` is Ichnaea's figure (a 95th-percentile spread, or a clamped cell or
///   area radius), not a calibrated 68 % radius;
/// - cell and initial Wi-Fi positions average raw degrees (wrong across the antimeridian);
/// - `_nomap` networks are not filtered (Ichnaea's locate API does not look at SSIDs);
/// - NR and CDMA cells are ignored (Ichnaea's `Radio` knows GSM, WCDMA and LTE only).
/// Emitters the radio map marks moved, travelling or unproven are skipped, as Ichnaea skips
/// blocklisted stations.
///
/// Ichnaea's locate code never reads a station's accumulated `weight` (only its builder does);
/// it trusts a station by its score, derived here from `sampleCount`, `firstSeen`, `lastSeen`
/// and `radius` (see `IchnaeaStationScore`). The station radius itself plays no part in Wi-Fi
/// weights; for cells and areas it is the reported accuracy.
///
/// ```swift
/// let peer = IchnaeaEstimator()
/// if let estimate = peer.estimatePosition(from: input) {
///     print(estimate.location.coordinate, estimate.location.horizontalAccuracy)
/// }
/// ```
public struct IchnaeaEstimator: PositionEstimator {
    /// `ichnaea`.
    public let name = "ichnaea"

    /// Creates the peer estimator; it has no settings, as Ichnaea's are constants.
    public init() {}

    /// Estimates a position the way Ichnaea would from the same radio-map knowledge, or nil
    /// when Ichnaea would find none (fewer than two agreeing access points and no known cell
    /// or area).
    public func estimatePosition(from input: EstimationInput) -> PositionEstimate? {
        var rejected: [EmitterRejection] = []
        var notes: [String] = []

        let wifiNetworks = accessPointNetworks(input, rejected: &rejected, notes: &notes)
        var candidates = IchnaeaWiFiLocator().candidates(for: wifiNetworks)

        let cellLookups = validCellObservations(input, rejected: &rejected)
        let cellNetworks = cellNetworks(for: cellLookups, input, rejected: &rejected)
        var cellCandidates = IchnaeaCellLocator().candidates(forCells: cellNetworks)
        if cellCandidates.isEmpty {
            cellCandidates = IchnaeaCellLocator().candidates(forAreas: areaNetworks(for: cellLookups, input))
        }
        candidates += cellCandidates

        guard let best = IchnaeaCandidate.best(of: candidates) else { return nil }
        let usedEmitters = Set(best.used.map(\.emitter))
        let alreadyRejected = Set(rejected.map(\.emitter))
        for network in wifiNetworks + cellNetworks.map(\.network)
        where !usedEmitters.contains(network.emitter) && !alreadyRejected.contains(network.emitter) {
            rejected.append(EmitterRejection(emitter: network.emitter, reason: .outlier))
        }
        if candidates.count > 1 {
            notes.append("ichnaea: chose a \(best.kind) result (score \(best.score)) among \(candidates.count) candidates")
        }
        let source: LocationSource = best.kind == .wifi ? .wifi : .cell
        var location = Location(
            coordinate: Coordinate(latitude: best.latitude, longitude: best.longitude),
            horizontalAccuracy: best.accuracy, timestamp: input.now, source: source)
        // Ichnaea's accuracy is its own 95 % figure: the geolocate `accuracy` stays exactly it.
        location.horizontalAccuracy95 = best.accuracy
        return PositionEstimate(location: location, method: .ichnaea, used: best.used, rejected: rejected, notes: notes)
    }

    /// The known access points of the query, as Ichnaea's `query_macs` would load them.
    private func accessPointNetworks(
        _ input: EstimationInput, rejected: inout [EmitterRejection], notes: inout [String]
    ) -> [IchnaeaNetwork] {
        // query.py: one lookup per BSSID, keeping the "better" duplicate; fewer than two
        // distinct networks and the Wi-Fi part of the query is dropped.
        let lookups = Self.deduplicated(input.wifi, key: \.bssid) { old, new in
            Self.isBetter([(old.signalStrength, new.signalStrength, >), (old.age.map(Double.init), new.age.map(Double.init), <)])
        }
        guard lookups.count >= 2 else {
            if !lookups.isEmpty { notes.append("ichnaea: Wi-Fi needs at least 2 networks in the query") }
            return []
        }
        let now = input.now
        return lookups.compactMap { observation -> IchnaeaNetwork? in
            let emitter = EmitterID.accessPoint(observation.bssid)
            guard let known = input.accessPoints[observation.bssid] else {
                rejected.append(EmitterRejection(emitter: emitter, reason: .unknown))
                return nil
            }
            if let reason = Self.blockReason(known.status) {
                rejected.append(EmitterRejection(emitter: emitter, reason: reason))
                return nil
            }
            guard known.coordinate.isValid else {
                rejected.append(EmitterRejection(emitter: emitter, reason: .invalidObservation))
                return nil
            }
            return IchnaeaNetwork(
                emitter: emitter, latitude: known.coordinate.latitude, longitude: known.coordinate.longitude,
                radius: known.radius > 0 ? known.radius : IchnaeaWiFiLocator.accuracyRange.lowerBound,
                age: IchnaeaNetwork.normalizedAge(observation.age),
                signal: IchnaeaNetwork.normalizedSignal(observation.signalStrength, validRange: -100 ... -10),
                score: IchnaeaStationScore(known, now: now).stationScore(now: now))
        }
    }

    /// Cell observations Ichnaea would accept, one per cell identity.
    private func validCellObservations(_ input: EstimationInput, rejected: inout [EmitterRejection]) -> [CellObservation] {
        let supported = input.cells.filter { observation in
            guard Self.signalRange(observation.identity.radio) != nil else {
                rejected.append(EmitterRejection(emitter: .cell(observation.identity), reason: .invalidObservation))
                return false
            }
            return true
        }
        return Self.deduplicated(supported, key: \.identity) { old, new in
            Self.isBetter([
                (old.timingAdvance.map(Double.init), new.timingAdvance.map(Double.init), <),
                (old.signalStrength, new.signalStrength, >),
                (old.age.map(Double.init), new.age.map(Double.init), <),
            ])
        }
    }

    private func cellNetworks(
        for lookups: [CellObservation], _ input: EstimationInput, rejected: inout [EmitterRejection]
    ) -> [(network: IchnaeaNetwork, area: AreaIdentity)] {
        lookups.compactMap { observation in
            let emitter = EmitterID.cell(observation.identity)
            guard let known = input.knownCells[observation.identity] else {
                rejected.append(EmitterRejection(emitter: emitter, reason: .unknown))
                return nil
            }
            if let reason = Self.blockReason(known.status) {
                rejected.append(EmitterRejection(emitter: emitter, reason: reason))
                return nil
            }
            guard known.coordinate.isValid, let range = Self.signalRange(observation.identity.radio) else {
                rejected.append(EmitterRejection(emitter: emitter, reason: .invalidObservation))
                return nil
            }
            let network = IchnaeaNetwork(
                emitter: emitter, latitude: known.coordinate.latitude, longitude: known.coordinate.longitude,
                radius: known.radius, age: IchnaeaNetwork.normalizedAge(observation.age),
                signal: IchnaeaNetwork.normalizedSignal(observation.signalStrength, validRange: range),
                score: IchnaeaStationScore(known, now: input.now).stationScore(now: input.now))
            return (network, observation.identity.areaIdentity)
        }
    }

    /// The known areas of the observed cells, one per area, for the `lacf` fallback.
    private func areaNetworks(for lookups: [CellObservation], _ input: EstimationInput) -> [IchnaeaNetwork] {
        let areaLookups = Self.deduplicated(lookups, key: \.identity.areaIdentity) { old, new in
            Self.isBetter([(old.signalStrength, new.signalStrength, >), (old.age.map(Double.init), new.age.map(Double.init), <)])
        }
        return areaLookups.compactMap { observation in
            let identity = observation.identity.areaIdentity
            guard let area = input.areas[identity], area.coordinate.isValid,
                  let range = Self.signalRange(identity.radio) else { return nil }
            return IchnaeaNetwork(
                emitter: .area(identity), latitude: area.coordinate.latitude, longitude: area.coordinate.longitude,
                radius: area.radius, age: IchnaeaNetwork.normalizedAge(observation.age),
                signal: IchnaeaNetwork.normalizedSignal(observation.signalStrength, validRange: range),
                score: IchnaeaStationScore(area, now: input.now).areaScore(now: input.now))
        }
    }

    /// Valid signal range per radio (`models/constants.py`, `MIN_CELL_SIGNAL`/`MAX_CELL_SIGNAL`);
    /// nil for radios Ichnaea does not position with.
    static func signalRange(_ radio: RadioType) -> ClosedRange<Double>? {
        switch radio {
        case .gsm: -113 ... -51
        case .wcdma: -121 ... -25
        case .lte: -140 ... -43
        case .nr, .cdma: nil
        }
    }

    private static func blockReason(_ status: EmitterStatus) -> RejectionReason? {
        switch status {
        case .usable: nil
        case .moved: .moved
        case .travelling: .travelling
        case .unproven: .unproven
        }
    }

    /// Ichnaea's `better`: the existing entry wins as soon as one field, in order, is known on
    /// both sides and strictly better — even if an earlier field favoured the newcomer.
    private static func isBetter(_ fields: [(Double?, Double?, (Double, Double) -> Bool)]) -> Bool {
        fields.contains { old, new, better in
            guard let old, let new else { return false }
            return better(old, new)
        }
    }

    /// One element per key, in order of first appearance; a later duplicate replaces the kept
    /// one unless `keepsExisting(kept, newcomer)` (an `OrderedDict` update in `query.py`).
    private static func deduplicated<Element, Key: Hashable>(
        _ elements: [Element], key: KeyPath<Element, Key>, keepsExisting: (Element, Element) -> Bool
    ) -> [Element] {
        var order: [Key] = []
        var kept: [Key: Element] = [:]
        for element in elements {
            let k = element[keyPath: key]
            if let existing = kept[k] {
                if !keepsExisting(existing, element) { kept[k] = element }
            } else {
                order.append(k)
                kept[k] = element
            }
        }
        return order.compactMap { kept[$0] }
    }
}
