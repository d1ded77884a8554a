import Cellular
import Foundation
import GNSS
import PositioningCore
import WiFiScanner

/// This machine's radios: GPS through gpsd (or an NMEA device or network feed), the serving cell through
/// ModemManager, Wi-Fi through nl80211.
///
/// While observers want continuous updates (between `start()` and `stop()`), the GPS stays
/// open: one gpsd `?WATCH` session, reconnected with backoff when gpsd goes away, or one
/// continuous read of the NMEA device, on a thread of its own; each epoch takes the latest fix
/// not yet used. An NMEA log *file* plays one fix per epoch, in order. The session is closed
/// when the last observer stops. Outside that, a read is one bounded attempt — a gpsd session
/// until the first fix — as are the cell (one `mmcli` call) and Wi-Fi (one scan) always.
///
/// ```swift
/// let radios = LiveRadios(gpsd: GPSDEndpoint(parsing: "127.0.0.1:2947")!, interval: 5)
/// let manager = LocationManager(radios: radios, resolver: RadioMapResolver(path: mapPath))
/// ```
public actor LiveRadios: Radios {
    /// Where gpsd listens.
    public let gpsd: GPSDEndpoint
    /// An NMEA device, file, TCP server or UDP port to read instead of gpsd.
    public let nmea: NMEAInput?
    /// The ModemManager client.
    public let modem: ModemManagerSource
    /// Seconds between epochs of continuous updates.
    public let interval: Double
    private let clock: any LocationClock
    private var lastEpoch: Date?
    private var gnssFeed: GNSSFeed?
    private var isStarted = false

    /// Creates the radios; nothing is opened until a read.
    public init(
        gpsd: GPSDEndpoint = .standard, nmea: NMEAInput? = nil, modem: ModemManagerSource = ModemManagerSource(),
        interval: Double = 5, clock: any LocationClock = SystemLocationClock()
    ) {
        self.gpsd = gpsd
        self.nmea = nmea
        self.modem = modem
        self.interval = interval
        self.clock = clock
    }

    public func nextEpoch() async throws -> Date? {
        if let lastEpoch { try await clock.sleep(until: lastEpoch.addingTimeInterval(interval)) }
        let now = clock.now
        lastEpoch = now
        return now
    }

    public func read(_ source: PositioningSource, budget: Duration) async -> RadioReading {
        switch source {
        case .gps: await readGNSS(budget: budget)
        case .cell: await readCell()
        case .wifi: await readWiFi(budget: budget)
        }
    }

    public func start() async {
        guard !isStarted else { return }
        isStarted = true
        let feed = if let nmea { await GNSSFeed.nmea(nmea) } else { await GNSSFeed.gpsd(gpsd) }
        // stop() may have run while the feed opened.
        if isStarted, gnssFeed == nil { gnssFeed = feed } else { await feed.close() }
    }

    public func stop() async {
        lastEpoch = nil
        isStarted = false
        let feed = gnssFeed
        gnssFeed = nil
        await feed?.close()
    }

    /// Whether the GPS is held open for observers (between `start()` and `stop()`; false from
    /// the moment `stop()` begins closing it).
    public var isGNSSSessionOpen: Bool { gnssFeed != nil }

    private func readGNSS(budget: Duration) async -> RadioReading {
        do {
            if let gnssFeed, let result = await gnssFeed.nextFix(within: budget) {
                return .gnss(try result.get())
            }
            if let nmea {
                return .gnss(try await NMEAReader(input: nmea).firstFix(timeout: budget))
            }
            return .gnss(try await GPSDClient(endpoint: gpsd).firstFix(timeout: budget))
        } catch {
            switch error {
            case .unavailable(let reason, let remedy): return .failed(.unavailable, reason: "\(reason); \(remedy)")
            case .denied(let reason, let remedy): return .failed(.denied, reason: "\(reason); \(remedy)")
            default: return .failed(.noFix, reason: error.description)
            }
        }
    }

    private func readCell() async -> RadioReading {
        do {
            return .cells([try await modem.servingCell()])
        } catch {
            switch error {
            case .unavailable(let reason, let remedy): return .failed(.unavailable, reason: "\(reason); \(remedy)")
            case .denied(let reason, let remedy): return .failed(.denied, reason: "\(reason); \(remedy)")
            default: return .failed(.noFix, reason: error.description)
            }
        }
    }

    /// The kernel's scan cache only: no trigger, no `CAP_NET_ADMIN` needed.
    public func readCachedWiFi(budget: Duration) async -> RadioReading {
        await readWiFi(budget: budget, mode: .cached)
    }

    private func readWiFi(budget: Duration, mode: ScanMode = .fresh) async -> RadioReading {
        do {
            let scan = try await WiFiScanner().scan(interface: nil, mode: mode, timeout: budget)
            return .accessPoints(scan.observations)
        } catch {
            switch error.exitCode {
            case 77: return .failed(.denied, reason: error.description)
            case 69: return .failed(.unavailable, reason: error.description)
            default: return .failed(.noFix, reason: error.description)
            }
        }
    }
}
