import SystemSupport

/// Scans for Wi-Fi access points through the kernel's nl80211 interface (libnl-genl-3).
///
/// All netlink I/O runs on a thread of its own, never on Swift's cooperative pool. On a
/// kernel without cfg80211 every call fails with ``WiFiScanError/noNL80211``.
///
/// ```swift
/// let scanner = WiFiScanner()
/// do {
///     let scan = try await scanner.scan(interface: nil, mode: .fresh, timeout: .seconds(10))
///     for accessPoint in scan.accessPoints { print(accessPoint.bssid, accessPoint.signal ?? "") }
/// } catch {
///     print("Error: \(error)"); exit(error.exitCode)
/// }
/// ```
public struct WiFiScanner: Sendable {
    /// Creates a scanner; nothing is opened until a call.
    public init() {}

    /// The wireless interfaces that have a network device.
    ///
    /// The corresponding nl80211 command is `NL80211_CMD_GET_INTERFACE` (dumped).
    ///
    /// - Throws: ``WiFiScanError/noNL80211`` without cfg80211, or a netlink failure.
    public func interfaces() async throws(WiFiScanError) -> [WirelessInterface] {
        try await DedicatedThread.run("nl80211") { () throws(WiFiScanError) in
            try withNL80211Session { session throws(WiFiScanError) in try session.interfaces() }
        }
    }

    /// Scans on one interface, or on every wireless interface, and returns what was heard.
    ///
    /// A fresh scan subscribes to nl80211's "scan" events, triggers
    /// (`NL80211_CMD_TRIGGER_SCAN`), waits for `NL80211_CMD_NEW_SCAN_RESULTS` for the interface
    /// until `timeout`, then reads the results (`NL80211_CMD_GET_SCAN`). When another program's
    /// scan is running (`EBUSY`) it waits for that one instead. When the trigger is not
    /// permitted (`EPERM`, no `CAP_NET_ADMIN`) or the interface is down, it returns the
    /// kernel's cached results with ``WiFiScan/isCachedOnly`` set and a ``WiFiScan/note``
    /// saying why and how thin the cache is.
    ///
    /// - Parameters:
    ///   - interface: An interface name such as `wlan0`; nil scans every wireless interface.
    ///   - mode: ``ScanMode/fresh`` to trigger a scan, ``ScanMode/cached`` to read the cache only.
    ///   - timeout: How long to wait for the scan to finish (a full scan takes 3–10 s).
    /// - Throws: ``WiFiScanError``: `noNL80211` and `noWirelessInterface` (exit 69),
    ///   `noSuchInterface`, `interfaceDown` when the cache is empty too, `permissionDenied`
    ///   when even the cache is unreadable (exit 77), `scanAborted`, `timedOut`.
    public func scan(
        interface: String? = nil, mode: ScanMode = .fresh, timeout: Duration = .seconds(10)
    ) async throws(WiFiScanError) -> WiFiScan {
        try await DedicatedThread.run("nl80211") { () throws(WiFiScanError) in
            let deadline = ContinuousClock.now.advanced(by: timeout)
            return try withNL80211Session { session throws(WiFiScanError) in
                try ScanProcedure.scan(using: session, interface: interface, mode: mode, deadline: deadline)
            }
        }
    }
}
