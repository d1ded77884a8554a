/// How a trigger ended before the results were read.
enum ScanTriggerOutcome: Equatable {
    /// Our scan finished, or, after `EBUSY`, another program's did.
    case completed(tookOverRunningScan: Bool)
    /// The kernel refused the trigger; the cache is all there is, for this reason.
    case refused(reason: String, isInterfaceDown: Bool)
}

/// The three nl80211 conversations a scan is made of. ``NL80211Session`` holds them with the
/// kernel; tests hold them with a fake to reach every branch of ``ScanProcedure``.
protocol ScanSession {
    /// Every wireless interface with a network device (`NL80211_CMD_GET_INTERFACE` dump).
    func interfaces() throws(WiFiScanError) -> [WirelessInterface]
    /// Triggers a scan and waits until `deadline` for it to end (`NL80211_CMD_TRIGGER_SCAN`).
    func triggerScan(interfaceIndex: Int, deadline: ContinuousClock.Instant) throws(WiFiScanError) -> ScanTriggerOutcome
    /// The kernel's scan results for one interface (`NL80211_CMD_GET_SCAN` dump).
    func scanResults(interfaceIndex: Int) throws(WiFiScanError) -> (accessPoints: [ScannedAccessPoint], skipped: Int)
}
