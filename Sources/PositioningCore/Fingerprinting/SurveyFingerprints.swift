import Foundation

/// A GPS-tagged survey's own scans used as fingerprints.
///
/// A surveyor who logs whole scans every few metres (a walk or drive with WiGLE, or
/// `whereabouts simulate`) leaves a dense fingerprint map behind: each scan is the signal of
/// every access point heard at one GPS position. Matching a query against those scans places it
/// where a surveyed spot heard the same thing — closer than a centroid of access-point positions,
/// which only says the query is somewhere among them. A survey that logs each network once per
/// walk at the moment it was first heard (Ariel's WiGLE exports) leaves partial "scans" that
/// match poorly; `db calibrate` tests both on held-out scans and keeps the fingerprints only
/// where they help (`Trial`).
///
/// Only access points the map holds as usable count in a fingerprint: a surveyor's own hotspot
/// is in every scan of their walk and would make those scans look alike wherever they were
/// taken; randomized addresses and moved routers say nothing about a place.
///
/// ```swift
/// let survey = SurveyFingerprints(scans: scans) { usable.contains($0) }
/// let matcher = survey.matcher(parameters: FingerprintPolicy().matching)  // entries' order
/// ```
public struct SurveyFingerprints: Sendable {
    /// A fingerprint must hear at least this many usable access points.
    public static let minimumAccessPoints = 3

    /// One scan's fingerprint, with the recording and time that decide whether it shares a
    /// held-out scan's GPS error.
    public struct Entry: Hashable, Sendable {
        public var fingerprint: Fingerprint
        public var recording: Int64
        public var track: Int64
        public var time: Double?
    }

    /// The fingerprints, in scan order.
    public let entries: [Entry]

    /// The fingerprints of `scans`, each keeping only the access points `isUsable` accepts; scans
    /// left with fewer than `minimumAccessPoints` make none.
    public init(scans: [SurveyScan], isUsable: (BSSID) -> Bool) {
        var entries: [Entry] = []
        for scan in scans {
            let heard = scan.accessPoints.filter { $0.value.signalStrength != nil && isUsable($0.key) }
            guard heard.count >= Self.minimumAccessPoints else { continue }
            let readings = heard.sorted { $0.key.rawValue < $1.key.rawValue }.map { bssid, seen in
                FingerprintReading(accessPoint: bssid.description, signalStrength: seen.signalStrength ?? 0)
            }
            let time = scan.time ?? heard.values.lazy.compactMap(\.time).first
            entries.append(Entry(
                fingerprint: Fingerprint(position: scan.position, floor: nil, building: nil, time: time, readings: readings),
                recording: scan.recording, track: scan.track, time: time?.timeIntervalSince1970))
        }
        self.entries = entries
    }

    /// A matcher over every entry, indexed as `entries` (for leaving some out by index).
    public func matcher(parameters: FingerprintMatcher.Parameters) -> FingerprintMatcher {
        FingerprintMatcher(fingerprints: entries.map(\.fingerprint), parameters: parameters)
    }

    /// Whether a survey's fingerprints locate its held-out scans better than its access points
    /// alone: the median Wi-Fi error of both on the same scans.
    public struct Trial: Hashable, Sendable {
        /// Held-out scans located both ways.
        public var scans: Int
        /// Median error with access points alone, metres.
        public var accessPointMedian: Double
        /// Median error with the fingerprints as well, metres.
        public var fingerprintMedian: Double

        /// The fingerprints must cut the median error by this share to be kept: a smaller gain is
        /// within the noise of a few hundred scans and not worth the space.
        public static let requiredGain = 0.05
        /// Fewer held-out scans than this decide nothing.
        public static let minimumScans = 50

        /// Whether the fingerprints earn their place in the map.
        public var keepsFingerprints: Bool {
            scans >= Self.minimumScans && fingerprintMedian <= (1 - Self.requiredGain) * accessPointMedian
        }

        /// The trial of the same held-out scans' Wi-Fi errors without and with fingerprints.
        public init(withoutFingerprints: [Double], withFingerprints: [Double]) {
            scans = min(withoutFingerprints.count, withFingerprints.count)
            accessPointMedian = Self.median(withoutFingerprints)
            fingerprintMedian = Self.median(withFingerprints)
        }

        private static func median(_ values: [Double]) -> Double {
            guard !values.isEmpty else { return .infinity }
            let sorted = values.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }
}
