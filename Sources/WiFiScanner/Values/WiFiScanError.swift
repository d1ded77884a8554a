/// Why a Wi-Fi scan could not be made, worded for the person at the terminal.
///
/// Every nl80211 or libnl failure becomes one of these in one place
/// (`WiFiScanError.init(netlinkCode:during:)`), so no C code escapes the module.
public enum WiFiScanError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kernel has no nl80211 family: cfg80211 is not built or not loaded
    /// (`genl_ctrl_resolve("nl80211")` fails with "Object not found").
    case noNL80211
    /// nl80211 exists but no wireless interface does.
    case noWirelessInterface
    /// The named interface is not a wireless interface nl80211 knows.
    case noSuchInterface(String)
    /// The interface is down, so it cannot scan, and the cache held nothing.
    case interfaceDown(String)
    /// Not even the cached results may be read.
    case permissionDenied
    /// The kernel aborted the scan (`NL80211_CMD_SCAN_ABORTED`), e.g. the interface went away.
    case scanAborted
    /// No scan results arrived before the deadline.
    case timedOut
    /// Any other netlink failure, with libnl's or the kernel's code and message.
    case netlink(code: Int, message: String)

    public var description: String {
        switch self {
        case .noNL80211:
            "Wi-Fi scanning unavailable: this kernel has no nl80211 (cfg80211) support"
        case .noWirelessInterface:
            "Wi-Fi scanning unavailable: no wireless interface"
        case .noSuchInterface(let name):
            "no wireless interface named '\(name)'"
        case .interfaceDown(let name):
            "wireless interface '\(name)' is down and the kernel holds no cached scan results"
        case .permissionDenied:
            "permission denied reading Wi-Fi scan results"
        case .scanAborted:
            "the Wi-Fi scan was aborted by the kernel"
        case .timedOut:
            "the Wi-Fi scan timed out"
        case .netlink(let code, let message):
            "nl80211 request failed (\(code): \(message))"
        }
    }

    /// The process exit status for this error (sysexits, see DESIGN.md): 69 when Wi-Fi is
    /// unavailable, 77 when permission is denied, 1 otherwise.
    public var exitCode: Int32 {
        switch self {
        case .noNL80211, .noWirelessInterface, .noSuchInterface, .interfaceDown: 69
        case .permissionDenied: 77
        case .scanAborted, .timedOut, .netlink: 1
        }
    }
}
