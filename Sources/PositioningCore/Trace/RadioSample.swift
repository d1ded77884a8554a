import Foundation

/// What the radios reported at one moment: a GNSS fix, a Wi-Fi scan, the cells heard — any of
/// them, all of them, or none. One line of a replay trace (`watch --replay`, `watch --record`,
/// `scan --record`, `simulate`'s `walk.trace.jsonl`) is one sample.
///
/// ```swift
/// let sample = RadioSample(time: Date(), wifi: scan.observations)
/// print(ReplayTrace.line(for: sample))   // {"time":"2026-…Z","wifiAccessPoints":[…]}
/// ```
public struct RadioSample: Hashable, Sendable {
    /// When the radios reported this.
    public var time: Date
    /// The GNSS receiver's fix, when it had one.
    public var gnss: Location?
    /// The access points of a Wi-Fi scan (empty: no scan at this moment).
    public var wifi: [WiFiObservation]
    /// The cells heard, serving cell first (empty: no modem reading at this moment).
    public var cells: [CellObservation]

    /// Creates a sample.
    public init(time: Date, gnss: Location? = nil, wifi: [WiFiObservation] = [], cells: [CellObservation] = []) {
        self.time = time
        self.gnss = gnss
        self.wifi = wifi
        self.cells = cells
    }

    /// Whether the sample holds no reading at all.
    public var isEmpty: Bool {
        gnss == nil && wifi.isEmpty && cells.isEmpty
    }

    /// The Wi-Fi and cell part as a geolocate request, ready for the radio map.
    public var geolocateRequest: GeolocateRequest {
        GeolocateRequest(wifiAccessPoints: wifi, cellTowers: cells, considerIp: false)
    }
}
