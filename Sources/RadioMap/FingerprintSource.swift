import Foundation
import PositioningCore

/// Where a locator finds the fingerprints a scan is matched against.
///
/// A map whose survey scans were kept as fingerprints holds thousands of them, and a scan
/// shares access points with hundreds: reading those from SQLite and indexing them again for
/// every request took 3 ms on simulated town 1 (30 µs without fingerprints). So the stored
/// fingerprints are indexed once, when the locator opens the map, and shared by its threads;
/// only a map too large to hold that way is read per request.
///
/// ```swift
/// let source = try FingerprintSource.load(from: radioMap, parameters: FingerprintPolicy().matching)
/// if let matcher = source.matcher { input.fingerprintMatcher = matcher }
/// ```
public enum FingerprintSource: Sendable {
    /// The map holds no fingerprints.
    case none
    /// Every stored fingerprint, indexed once.
    case inMemory(FingerprintMatcher)
    /// Too many to hold: the fingerprints hearing a request's access points are read per request.
    case perRequest

    /// At most this many readings are indexed in memory (about 50 MiB).
    public static let memoryLimit = 2_000_000

    /// The source for `radioMap`, its matcher built with `parameters`.
    public static func load(
        from radioMap: RadioMap, parameters: FingerprintMatcher.Parameters, memoryLimit: Int = memoryLimit
    ) throws(RadioMapError) -> FingerprintSource {
        guard try radioMap.hasFingerprints() else { return .none }
        guard try radioMap.fingerprintReadingCount() <= memoryLimit else { return .perRequest }
        return .inMemory(FingerprintMatcher(fingerprints: try radioMap.allFingerprints(), parameters: parameters))
    }

    /// The in-memory matcher, if any.
    public var matcher: FingerprintMatcher? {
        if case .inMemory(let matcher) = self { return matcher }
        return nil
    }

    /// Fills `input`'s fingerprints for a request that heard `accessPoints`.
    public func supply(_ input: inout EstimationInput, from radioMap: RadioMap, hearing accessPoints: [BSSID]) throws(RadioMapError) {
        switch self {
        case .none: break
        case .inMemory(let matcher): input.fingerprintMatcher = matcher
        case .perRequest: input.fingerprints = try radioMap.fingerprints(hearing: accessPoints.map(\.description))
        }
    }
}
