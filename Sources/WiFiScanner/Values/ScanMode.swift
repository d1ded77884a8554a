/// How ``WiFiScanner/scan(interface:mode:timeout:)`` gets its results.
public enum ScanMode: Sendable, Hashable {
    /// Trigger a new scan (needs `CAP_NET_ADMIN`), wait for it, then read the results. Falls
    /// back to the cache, and says so, when the trigger is not permitted or the interface is down.
    case fresh
    /// Read only what the kernel already holds (`NL80211_CMD_GET_SCAN` without a trigger):
    /// anyone may, but entries expire about 30 s after they were last heard.
    case cached
}
