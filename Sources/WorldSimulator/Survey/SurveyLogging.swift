import PositioningCore

/// How a simulated surveyor's app writes what its scans hear into the survey file.
public enum SurveyLogging: String, CaseIterable, Sendable {
    /// A row for every network heard in every scan.
    case everyScan = "every-scan"
    /// As the WiGLE Android app logs: a row when a network is first heard, and again only when
    /// the phone has moved or the signal has grown enough since the network's last row
    /// (`WigleAppLog`). Real phone walks are logged like this (Ariel 2017: a median of 2 rows
    /// per network and per scan).
    case wigleApp = "wigle-app"
}

/// Which sightings the WiGLE Android app writes as observation rows, per phone.
///
/// The rules follow the app's database helper (wiglenet/wigle-wifi-wardriving,
/// `DatabaseHelper.addObservation`, read 2026-12-03), with its database kept for the phone's
/// whole life, as the app's is: a sighting is written when the network is new to the phone, when
/// the position differs from the network's last row by more than 0.001° in latitude or longitude
/// (0.01° even in the app's fast mode, which this does not model), by more than 0.0001° after an
/// hour, or when the signal is at least 5 dB stronger than the level the app compares with: the
/// last written one while the network is among the 64 most recently written (the app's cache),
/// else the best it has written. Cells are networks to the app, logged the same way.
///
/// ```swift
/// var log = WigleAppLog()
/// log.shouldWrite(phone: 0, network: accessPoint.bssid, at: coordinate, time: t, level: -80)  // true: new
/// ```
struct WigleAppLog {
    private struct Written {
        var latitude: Double
        var longitude: Double
        var time: Int64
        var level: Int
        var bestLevel: Int
        /// The phone's count of written rows when this network's last one was written.
        var writeIndex: Int
    }

    private struct Phone {
        var networks: [AnyHashable: Written] = [:]
        var writes = 0
    }

    static let mediumChange = 0.001
    static let smallChange = 0.0001
    static let smallChangeDelay: Int64 = 3_600
    static let levelChange = 5
    static let cacheSize = 64

    private var phones: [Int: Phone] = [:]

    /// Whether `phone`'s app writes a row for hearing `network` at `level` dBm, at `coordinate`
    /// and `time` (seconds); if it does, the row is remembered as the network's last.
    mutating func shouldWrite(phone: Int, network: AnyHashable, at coordinate: Coordinate, time: Int64, level: Int) -> Bool {
        var state = phones[phone, default: Phone()]
        defer { phones[phone] = state }
        if let last = state.networks[network] {
            let moved = max(abs(last.latitude - coordinate.latitude), abs(last.longitude - coordinate.longitude))
            let cached = state.writes - last.writeIndex < Self.cacheSize
            let stronger = level >= (cached ? last.level : last.bestLevel) + Self.levelChange
            let worthy = moved > Self.mediumChange
                || (time - last.time > Self.smallChangeDelay && moved > Self.smallChange) || stronger
            guard worthy else { return false }
        }
        state.writes += 1
        let best = max(state.networks[network]?.bestLevel ?? level, level)
        state.networks[network] = Written(
            latitude: coordinate.latitude, longitude: coordinate.longitude, time: time, level: level, bestLevel: best,
            writeIndex: state.writes)
        return true
    }
}
