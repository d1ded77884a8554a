/// When a fingerprint match is trusted over the access-point centroid, and how it is matched.
///
/// A match is trusted when its nearest fingerprint shares at least `minimumSharedAccessPoints`
/// access points with the scan and lies within `maximumMatchDistance` in signal space
/// (Sørensen distance, 0 = the same readings, 1 = nothing in common): then the scan was heard
/// where a surveyed spot was, and the neighbours' positions beat a centroid of access points
/// whose own positions are estimates. Otherwise the scan is far from every surveyed spot and the
/// centroid answers.
public struct FingerprintPolicy: Hashable, Sendable {
    /// How scans are compared and neighbours weighed.
    public var matching = FingerprintMatcher.Parameters()
    /// Access points the nearest fingerprint must share with the scan.
    public var minimumSharedAccessPoints = 3
    /// The largest signal-space distance of the nearest fingerprint.
    public var maximumMatchDistance = 0.6
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

    /// The best match of `input`'s usable Wi-Fi observations against its stored fingerprints.
    public func match(_ input: EstimationInput) -> FingerprintMatch? {
        guard !input.fingerprints.isEmpty else { return nil }
        let readings = input.wifi.filter { !$0.isOptedOut && !$0.bssid.isMulticast }.map {
            FingerprintReading(accessPoint: $0.bssid.description, signalStrength: $0.signalStrength ?? defaultSignal)
        }
        return FingerprintMatcher(fingerprints: input.fingerprints, parameters: matching).match(readings)
    }

    /// The radius of a fix from `match`, before any calibration.
    public func radius(of match: FingerprintMatch) -> Double {
        max(radiusScale * match.spread, radiusFloor)
    }
}
