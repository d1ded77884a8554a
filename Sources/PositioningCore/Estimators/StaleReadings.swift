/// The Wi-Fi readings of a scan that are leftovers from an earlier one.
///
/// A scan reports what the radio's cache holds: the kernel keeps a BSS for 30 s after it was
/// last heard (`NL80211_BSS_SEEN_MS_AGO` says how long ago), Android's scan results likewise, and
/// a geolocate request carries each access point's `age`. A moving device heard such a leftover
/// somewhere else — 150 m back after ten seconds in a car — so it pulls the centroid behind the
/// device. A reading is stale when it was last heard more than `age` before the scan's freshest
/// one; a reading without an age counts as fresh. Stale readings are set aside only while at
/// least `minimumFresh` fresh access points the map knows remain to answer; otherwise every
/// reading is used, old as some are.
///
/// ```swift
/// let split = StaleReadings(input, age: 5_000, minimumFresh: 2)
/// let estimate = estimator.estimatePosition(from: split.freshInput)
/// ```
public struct StaleReadings: Sendable {
    /// The input without the stale readings (the input itself when none is set aside).
    public var freshInput: EstimationInput
    /// The access points set aside.
    public var setAside: [BSSID]

    /// Splits `input`'s Wi-Fi readings at `age` milliseconds behind its freshest reading.
    public init(_ input: EstimationInput, age: Int, minimumFresh: Int) {
        freshInput = input
        setAside = []
        guard input.wifi.contains(where: { $0.age != nil }) else { return }
        let freshest = input.wifi.map { $0.age ?? 0 }.min() ?? 0
        let isStale = { (reading: WiFiObservation) in (reading.age ?? 0) > freshest + age }
        guard input.wifi.contains(where: isStale) else { return }
        let knownFresh = input.wifi.filter { reading in
            !isStale(reading) && input.accessPoints[reading.bssid]?.status == .usable
        }
        guard Set(knownFresh.map(\.bssid)).count >= minimumFresh else { return }
        setAside = input.wifi.filter(isStale).map(\.bssid)
        freshInput.wifi.removeAll(where: isStale)
    }
}
