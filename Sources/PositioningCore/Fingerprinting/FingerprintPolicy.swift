/// When a fingerprint match is trusted over the access-point centroid, and how it is matched.
///
/// A match is trusted when its nearest fingerprint shares at least `minimumSharedAccessPoints`
/// access points with the scan and lies within `maximumMatchDistance` in signal space
/// (Sørensen distance, 0 = the same readings, 1 = nothing in common): then the scan was heard
/// near a surveyed spot. How near decides how much the match counts beside the access-point
/// centroid (`weight(of:)`): up to `fullTrustDistance` the neighbours' positions answer alone —
/// they beat a centroid of access points whose own positions are estimates — and from there to
/// `centroidDistance` the answer slides towards the centroid. On the simulated towns, whose
/// survey scans are the fingerprints, matches nearer than 0.3 had half the centroid's median
/// error and matches beyond 0.45 were worse than it (BENCHMARKS.md). Where there is no
/// centroid (a fingerprint table without access-point positions), any trusted match answers.
public struct FingerprintPolicy: Hashable, Sendable {
    /// How scans are compared and neighbours weighed: as tuned on UJIIndoorLoc, but with 7
    /// neighbours instead of 11 — a survey's own scans lie every few metres along the
    /// surveyor's line, and 11 of them reach farther along the street than a match is good for
    /// (simulated towns 1, 3 and 5: worst median 0.80× Ichnaea's with 11, 0.72× with 7).
    public var matching: FingerprintMatcher.Parameters = {
        var parameters = FingerprintMatcher.Parameters()
        parameters.neighbours = 7
        return parameters
    }()
    /// Access points the nearest fingerprint must share with the scan.
    public var minimumSharedAccessPoints = 3
    /// The largest signal-space distance of the nearest fingerprint.
    public var maximumMatchDistance = 0.6
    /// Up to this signal-space distance a match answers alone, even beside a centroid.
    public var fullTrustDistance = 0.3
    /// From this signal-space distance on, a centroid answers alone where there is one.
    public var centroidDistance = 0.5
    /// Scale from the neighbours' spread to the (uncalibrated) radius.
    public var radiusScale = 2.0
    /// The smallest radius reported, metres.
    public var radiusFloor = 5.0
    /// The signal assumed when a scan did not report one.
    public var defaultSignal = -80.0

    /// The defaults.
    public init() {}

    /// Whether `match` is close and well supported enough to answer instead of the centroid.
    public func trusts(_ match: FingerprintMatch) -> Bool {
        match.sharedAccessPoints >= minimumSharedAccessPoints && match.bestDistance <= maximumMatchDistance
    }

    /// How much `match` counts beside an access-point centroid: 1 up to `fullTrustDistance`,
    /// falling linearly to 0 at `centroidDistance`; 0 for a match not trusted at all.
    public func weight(of match: FingerprintMatch) -> Double {
        guard trusts(match) else { return 0 }
        guard centroidDistance > fullTrustDistance else { return match.bestDistance <= fullTrustDistance ? 1 : 0 }
        return min(max((centroidDistance - match.bestDistance) / (centroidDistance - fullTrustDistance), 0), 1)
    }

    /// The radius of a fix from `match`, before any calibration.
    public func radius(of match: FingerprintMatch) -> Double {
        max(radiusScale * match.spread, radiusFloor)
    }
}
