import PositioningCore

/// What a Linux scanner reads after each scan: the kernel keeps every access point it heard
/// for a while (cfg80211 keeps a BSS 30 s), so the scan results list this scan's readings and
/// the access points it missed with their last reading, each with its age
/// (`NL80211_BSS_SEEN_MS_AGO`). Phones' scan results do the same; Ariel's WiGLE captures logged
/// them. A scan sweeps the channels from 2.4 GHz up to 5.8 GHz in `sweep` (3 s), so its own
/// readings are up to that old when the results are read.
///
/// ```swift
/// var cache = ScanResultCache(lifetime: 30)
/// let results = cache.results(of: heard, at: time)   // heard plus the leftovers, strongest first
/// ```
struct ScanResultCache {
    /// Milliseconds a reading stays in the results after it was last heard.
    let lifetime: Int64
    /// Milliseconds one scan takes to sweep its channels.
    static let sweep = 3_000.0
    private var lastHeard: [BSSID: (reading: HeardAccessPoint, time: Int64)] = [:]

    /// A cache keeping readings `lifetime` seconds.
    init(lifetime seconds: Double) {
        lifetime = Int64((seconds * 1_000).rounded())
    }

    /// The results read at `time` (Unix milliseconds) after a scan that heard `heard`: those
    /// with their age within the sweep, then every reading of the last `lifetime` that this scan
    /// missed, with its age; strongest first, ties by address.
    mutating func results(of heard: [HeardAccessPoint], at time: Int64) -> [HeardAccessPoint] {
        var results: [HeardAccessPoint] = []
        results.reserveCapacity(heard.count + lastHeard.count)
        for var reading in heard {
            let age = Self.ageInSweep(frequency: reading.frequency)
            reading.age = age
            lastHeard[reading.bssid] = (reading, time - Int64(age))
            results.append(reading)
        }
        lastHeard = lastHeard.filter { time - $0.value.time <= lifetime }
        let thisScan = Set(heard.map(\.bssid))
        for (reading, heardAt) in lastHeard.values where !thisScan.contains(reading.bssid) {
            var leftover = reading
            leftover.age = Int(time - heardAt)
            results.append(leftover)
        }
        return Town.strongestFirst(results)
    }

    /// How old a reading on `frequency` is when the sweep ends: 2.4 GHz is swept first.
    static func ageInSweep(frequency: Int) -> Int {
        let fraction = min(max(Double(frequency - 2_412) / Double(5_825 - 2_412), 0), 1)
        return Int((sweep * (1 - fraction)).rounded())
    }
}
