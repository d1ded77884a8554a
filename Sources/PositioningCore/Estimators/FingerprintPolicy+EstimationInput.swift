extension FingerprintPolicy {
    /// The best match of `input`'s Wi-Fi observations against its stored fingerprints.
    ///
    /// Only access points some fingerprint heard take part: a passer-by's phone, a surveyor's
    /// hotspot or a router installed since the survey says nothing about which surveyed spot is
    /// nearest, yet would make every spot look farther in proportion to its signal. Nor do those
    /// the radio map now holds as moved, travelling or unproven: fingerprints are a snapshot of
    /// the survey, and a router learned to have moved since would pull the match back to where it
    /// used to be heard.
    public func match(_ input: EstimationInput) -> FingerprintMatch? {
        guard let matcher = input.fingerprintMatcher
            ?? (input.fingerprints.isEmpty ? nil : FingerprintMatcher(fingerprints: input.fingerprints, parameters: matching))
        else { return nil }
        let readings = input.wifi.filter {
            !$0.isOptedOut && !$0.bssid.isMulticast && (input.accessPoints[$0.bssid].map { $0.status == .usable } ?? true)
        }.map {
            FingerprintReading(accessPoint: $0.bssid.description, signalStrength: $0.signalStrength ?? defaultSignal)
        }.filter { matcher.knows($0.accessPoint) }
        guard input.fingerprintMatcher != nil, let excluded = input.excludedFingerprints else { return matcher.match(readings) }
        return matcher.match(readings) { excluded($0) }
    }
}
