import Cellular
import GNSS
import PositioningCore
import SystemSupport
import WiFiScanner

/// Whether one of this machine's positioning sources can run now, and if not why and what to do
/// — Core Location's availability checks, as `whereabouts status` reports them.
///
/// Each probe asks the radio's own module (`GPSDClient` or `NMEAReader`, `ModemManagerSource`,
/// `WiFiScanner`) and maps its answer to one of the three states Core Location distinguishes.
/// A probe never throws: a source that cannot be asked is `.unavailable` with the reason.
///
/// ```swift
/// for status in await SourceStatus.probeAll(gpsd: GPSDEndpoint(parsing: "127.0.0.1:2947")!) {
///     print(status.source, status.state, status.detail)   // gps unavailable cannot connect to gpsd …
/// }
/// ```
public struct SourceStatus: Hashable, Sendable {
    /// A source's availability, in Core Location's three states.
    public enum State: String, Hashable, Sendable {
        /// Usable now.
        case available
        /// Not usable on this machine now (no receiver, no modem, no Wi-Fi adapter, no service).
        case unavailable
        /// Present, but this user may not use it.
        case denied
    }

    /// The source probed.
    public var source: PositioningSource
    /// Whether it can run.
    public var state: State
    /// What was found when `.available` (e.g. `interfaces: wlan0`), else why not.
    public var detail: String
    /// What to do about an `.unavailable` or `.denied` source; nil when it is available.
    public var remedy: String?

    /// Creates a status.
    public init(source: PositioningSource, state: State, detail: String, remedy: String? = nil) {
        self.source = source
        self.state = state
        self.detail = detail
        self.remedy = remedy
    }

    /// Probes every source at once and returns their statuses in the default order (GPS, cell,
    /// Wi-Fi).
    /// - Parameters:
    ///   - gpsd: Where gpsd listens; not asked when `nmea` is given.
    ///   - nmea: An NMEA device, file or network feed to probe instead of gpsd.
    ///   - modem: The ModemManager client.
    public static func probeAll(
        gpsd: GPSDEndpoint = .standard, nmea: NMEAInput? = nil, modem: ModemManagerSource = ModemManagerSource()
    ) async -> [SourceStatus] {
        async let gps = probeGNSS(gpsd: gpsd, nmea: nmea)
        async let cell = probeCell(modem: modem)
        async let wifi = probeWiFi()
        return await [gps, cell, wifi]
    }

    /// Whether the GPS can be read: `nmea` when given (a network input is connected or bound,
    /// then a sentence waited for, up to its connect timeout), else gpsd at `gpsd`.
    /// - Parameters:
    ///   - gpsd: Where gpsd listens; not asked when `nmea` is given.
    ///   - nmea: An NMEA device, file or network feed to probe instead of gpsd.
    public static func probeGNSS(gpsd: GPSDEndpoint = .standard, nmea: NMEAInput? = nil) async -> SourceStatus {
        let availability: GNSSAvailability
        if let nmea {
            // NMEAReader.availability() blocks up to its connect timeout: keep it off the pool.
            availability = await DedicatedThread.run("nmea probe") { NMEAReader(input: nmea).availability() }
        } else {
            availability = await GPSDClient(endpoint: gpsd).availability()
        }
        return switch availability {
        case .available(let detail): SourceStatus(source: .gps, state: .available, detail: detail)
        case .unavailable(let reason, let remedy): SourceStatus(source: .gps, state: .unavailable, detail: reason, remedy: remedy)
        case .denied(let reason, let remedy): SourceStatus(source: .gps, state: .denied, detail: reason, remedy: remedy)
        }
    }

    /// Whether a serving cell can be read through ModemManager now (one `mmcli` round).
    /// - Parameter modem: The ModemManager client.
    public static func probeCell(modem: ModemManagerSource = ModemManagerSource()) async -> SourceStatus {
        switch await modem.availability() {
        case .available(let detail): SourceStatus(source: .cell, state: .available, detail: detail)
        case .unavailable(let reason, let remedy): SourceStatus(source: .cell, state: .unavailable, detail: reason, remedy: remedy)
        case .denied(let reason, let remedy): SourceStatus(source: .cell, state: .denied, detail: reason, remedy: remedy)
        }
    }

    /// Whether nl80211 lists a wireless interface; no scan is triggered.
    public static func probeWiFi() async -> SourceStatus {
        do throws(WiFiScanError) {
            let interfaces = try await WiFiScanner().interfaces()
            return SourceStatus(
                source: .wifi, state: .available, detail: "interfaces: \(interfaces.map(\.name).joined(separator: ", "))")
        } catch .permissionDenied {
            return SourceStatus(
                source: .wifi, state: .denied, detail: WiFiScanError.permissionDenied.description,
                remedy: "run as a user allowed to use netlink, or use 'whereabouts scan --cached'")
        } catch {
            return SourceStatus(
                source: .wifi, state: .unavailable, detail: error.description,
                remedy: "use a machine with a Wi-Fi adapter and its driver loaded (cfg80211)")
        }
    }
}
