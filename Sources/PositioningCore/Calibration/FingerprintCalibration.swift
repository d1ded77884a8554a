import Foundation

/// Held-out calibration samples for fingerprint matches, from the fingerprint table alone.
///
/// A fingerprint survey records each spot several times in one sitting (UJIIndoorLoc: about
/// ten scans per spot, one surveyor and phone, seconds apart). Matched against a table that
/// still holds those siblings, a scan finds its own visit and the error looks like zero, so a
/// factor from such matches would shrink radii far below the truth. Each held-out fingerprint
/// is therefore matched without its *visit* — every fingerprint of the same session (hour of
/// recording; UJIIndoorLoc's surveyors recorded in their own hours) taken within
/// `visitRadius` of it — and the ratio of its ground error to the radius `FingerprintPolicy`
/// would report is one sample (source `fingerprint`, emitter count = access points the match
/// shares with the scan). Only matches the policy trusts count, since only those answer in
/// `locate`. What stays is what a real query meets: the same spot visited by other surveyors,
/// and the neighbouring spots.
///
/// `.sessionFolds` holds whole sessions out instead (each alone, or dealt into k folds). That
/// also takes away every spot only that session recorded — UJIIndoorLoc has 42 % of its spots
/// from one hour only — so matches jump to other spots and the factors come out too large.
///
/// ```swift
/// let samples = FingerprintCalibration().samples(from: try radioMap.fingerprints())
/// let factors = ConformalCalibration.factors(from: samples)
/// ```
public struct FingerprintCalibration: Sendable {
    /// What is taken away while a fingerprint is matched.
    public enum HoldOut: Hashable, Sendable {
        /// The fingerprint's visit: its session's fingerprints within `visitRadius` of it.
        case visit
        /// Whole sessions: each alone (nil), or dealt into k folds by a seeded hash.
        case sessionFolds(Int?)
    }

    /// What is taken away while a fingerprint is matched.
    public var holdOut: HoldOut
    /// Seed of the fold assignment and of the choice of held-out fingerprints.
    public var seed: UInt64
    /// How matches are made, trusted and given a raw radius.
    public var policy: FingerprintPolicy
    /// At most this many fingerprints are held out and matched (chosen by a seeded hash), so a
    /// large table calibrates in bounded time; a conformal factor needs hundreds, not tens of
    /// thousands.
    public var maximumQueries: Int
    /// Length of one recording session, seconds.
    public static let sessionSeconds = 3600.0
    /// Fingerprints of one session this close together (metres) are one visit of one spot.
    public static let visitRadius = 1.0
    /// With `.sessionFolds(nil)`, more sessions than this are dealt into this many folds.
    public static let maximumFolds = 30

    public init(
        holdOut: HoldOut = .visit, seed: UInt64 = 1, policy: FingerprintPolicy = FingerprintPolicy(), maximumQueries: Int = 3000
    ) {
        if case .sessionFolds(let folds?) = holdOut { precondition(folds >= 2, "cross-validation needs at least two folds") }
        self.holdOut = holdOut
        self.seed = seed
        self.policy = policy
        self.maximumQueries = maximumQueries
    }

    /// The session `fingerprint` was recorded in: its hour, else its spot.
    public static func session(of fingerprint: Fingerprint) -> Int64 {
        if let time = fingerprint.time {
            return Int64((time.timeIntervalSince1970 / sessionSeconds).rounded(.down))
        }
        // No time: every recording of one spot is one session (leave-spot-out).
        let latitude = Int64((fingerprint.position.latitude * 1e6).rounded())
        let longitude = Int64((fingerprint.position.longitude * 1e6).rounded())
        return (latitude &* 1_000_000_007 &+ longitude) | Int64.min
    }

    /// One sample per held-out fingerprint whose match the policy trusts.
    public func samples(from fingerprints: [Fingerprint]) -> [CalibrationSample] {
        let sessions = fingerprints.map(Self.session(of:))
        // Hold out a seeded subset when the table is large: every fingerprint still serves as
        // a neighbour of the others.
        let stride = UInt64(max(1, (fingerprints.count + maximumQueries - 1) / maximumQueries))
        let tested = fingerprints.indices.filter { stride == 1 || SeededHash.mix(UInt64($0), seed: seed ^ 0x5EED) % stride == 0 }
        var samples: [CalibrationSample] = []
        func score(_ index: Int, _ match: FingerprintMatch?) {
            guard let match, policy.trusts(match) else { return }
            samples.append(CalibrationSample(
                source: .fingerprint, emitterCount: match.sharedAccessPoints,
                error: Geodesy.distance(from: match.coordinate, to: fingerprints[index].position), rawRadius: policy.radius(of: match)))
        }
        switch holdOut {
        case .visit:
            let matcher = FingerprintMatcher(fingerprints: fingerprints, parameters: policy.matching)
            let members = Dictionary(grouping: fingerprints.indices, by: { sessions[$0] })
            for index in tested {
                let position = fingerprints[index].position
                let visit = Set((members[sessions[index]] ?? []).filter {
                    Geodesy.distance(from: fingerprints[$0].position, to: position) <= Self.visitRadius
                })
                score(index, matcher.match(fingerprints[index].readings, excluding: { visit.contains($0) }))
            }
        case .sessionFolds(let folds):
            let distinct = Array(Set(sessions)).sorted()
            let fold: [UInt64]
            if folds == nil, distinct.count <= Self.maximumFolds {
                let number = Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($1, UInt64($0)) })
                fold = sessions.map { number[$0]! }
            } else {
                let count = UInt64(folds ?? Self.maximumFolds)
                fold = sessions.map { SeededHash.mix(UInt64(bitPattern: $0), seed: seed) % count }
            }
            let matcher = FingerprintMatcher(fingerprints: fingerprints, parameters: policy.matching)
            for index in tested {
                score(index, matcher.match(fingerprints[index].readings, excluding: { fold[$0] == fold[index] }))
            }
        }
        return samples
    }
}
