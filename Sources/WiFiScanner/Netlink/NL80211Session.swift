internal import CNetlink
#if canImport(Glibc)
import Glibc
#endif

/// The nl80211 conversations a scan needs, over one command socket resolved to the nl80211
/// family. Lives on one `DedicatedThread` job; created by ``withNL80211Session(_:)``.
final class NL80211Session: ScanSession {
    /// How often an interrupted dump (`NLM_F_DUMP_INTR`) is repeated before giving up.
    static let maximumDumpAttempts = 5

    private let socket: NetlinkSocket
    private let family: Int32

    fileprivate init() throws(NetlinkError) {
        socket = try NetlinkSocket()
        family = try socket.resolveFamily("nl80211")
    }

    /// Every wireless interface with a network device.
    ///
    /// The corresponding nl80211 command is `NL80211_CMD_GET_INTERFACE` (dump).
    func interfaces() throws(WiFiScanError) -> [WirelessInterface] {
        do {
            return try dump(command: NL80211_CMD_GET_INTERFACE, interfaceIndex: nil, operation: "GET_INTERFACE")
                .compactMap { WirelessInterface(message: $0) }
        } catch {
            throw WiFiScanError(error)
        }
    }

    /// Triggers a scan and waits for its end, subscribing to the "scan" multicast group
    /// *before* the trigger so the completion event cannot be missed (iw's `scan.c` warns of
    /// exactly that race).
    ///
    /// The corresponding nl80211 command is `NL80211_CMD_TRIGGER_SCAN`; the events are
    /// `NL80211_CMD_NEW_SCAN_RESULTS` and `NL80211_CMD_SCAN_ABORTED`.
    func triggerScan(interfaceIndex: Int, deadline: ContinuousClock.Instant) throws(WiFiScanError) -> ScanTriggerOutcome {
        let events: NetlinkSocket
        do {
            events = try NetlinkSocket()
            try events.subscribe(family: "nl80211", group: NL80211_MULTICAST_GROUP_SCAN)
        } catch {
            throw WiFiScanError(error)
        }
        var tookOver = false
        do {
            _ = try socket.request(
                family: family, command: UInt8(NL80211_CMD_TRIGGER_SCAN.rawValue), isDump: false,
                interfaceIndex: interfaceIndex, operation: "TRIGGER_SCAN")
        } catch let error where error.isKernelError(EBUSY) {
            tookOver = true  // another scan runs (NetworkManager, wpa_supplicant): use its results
        } catch let error where error.isKernelError(EPERM) || error.isKernelError(EACCES) {
            return .refused(reason: "trigger not permitted (EPERM)", isInterfaceDown: false)
        } catch let error where error.isKernelError(ENETDOWN) {
            return .refused(reason: "interface is down (ENETDOWN)", isInterfaceDown: true)
        } catch {
            throw WiFiScanError(error)
        }
        let finished: [UInt8]?
        do {
            finished = try events.waitForEvent(deadline: deadline, operation: "wait for scan") { bytes in
                guard let event = try? GenericNetlinkMessage(bytes: bytes),
                    event.command == UInt8(NL80211_CMD_NEW_SCAN_RESULTS.rawValue)
                        || event.command == UInt8(NL80211_CMD_SCAN_ABORTED.rawValue),
                    let index = event.attributes[Int(NL80211_ATTR_IFINDEX.rawValue)], index.count == 4
                else { return false }
                return Int(GenericNetlinkMessage.readUInt32(index)) == interfaceIndex
            }
        } catch {
            throw WiFiScanError(error)
        }
        guard let finished else { throw .timedOut }
        if finished.count > 16 && finished[16] == UInt8(NL80211_CMD_SCAN_ABORTED.rawValue) {
            throw .scanAborted
        }
        return .completed(tookOverRunningScan: tookOver)
    }

    /// The kernel's current scan results for one interface, parsed.
    ///
    /// The corresponding nl80211 command is `NL80211_CMD_GET_SCAN` (dump), which needs no
    /// privilege.
    func scanResults(interfaceIndex: Int) throws(WiFiScanError) -> (accessPoints: [ScannedAccessPoint], skipped: Int) {
        let replies: [[UInt8]]
        do {
            replies = try dump(command: NL80211_CMD_GET_SCAN, interfaceIndex: interfaceIndex, operation: "GET_SCAN")
        } catch {
            throw WiFiScanError(error)
        }
        let now = Self.bootTimeNow()
        var accessPoints: [ScannedAccessPoint] = []
        var skipped = 0
        for reply in replies {
            do {
                let result = try ScanResultParser.parse(reply, bootTimeNow: now)
                accessPoints.append(result.accessPoint)
                skipped += result.skippedAttributes
            } catch {
                skipped += 1
            }
        }
        return (accessPoints, skipped)
    }

    /// A dump, repeated while the kernel marks it interrupted by a concurrent change.
    private func dump(command: nl80211_commands, interfaceIndex: Int?, operation: String) throws(NetlinkError) -> [[UInt8]] {
        var attempt = 1
        while true {
            let (replies, isInterrupted) = try socket.request(
                family: family, command: UInt8(command.rawValue), isDump: true,
                interfaceIndex: interfaceIndex, operation: operation)
            if !isInterrupted || attempt == Self.maximumDumpAttempts { return replies }
            attempt += 1
        }
    }

    /// `CLOCK_BOOTTIME` in nanoseconds, the clock of `NL80211_BSS_LAST_SEEN_BOOTTIME`.
    private static func bootTimeNow() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_BOOTTIME, &now)
        return UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)
    }
}

/// Opens an nl80211 session for the duration of `body` and closes it after.
///
/// Fails with ``WiFiScanError/noNL80211`` on a kernel without cfg80211.
func withNL80211Session<Value>(_ body: (NL80211Session) throws(WiFiScanError) -> Value) throws(WiFiScanError) -> Value {
    let session: NL80211Session
    do {
        session = try NL80211Session()
    } catch {
        throw WiFiScanError(error)
    }
    return try body(session)
}
