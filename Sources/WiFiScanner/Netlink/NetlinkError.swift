internal import CNetlink
#if canImport(Glibc)
import Glibc
#endif

/// A failure at the libnl boundary: either a libnl return code (`-NLE_*`) or an errno the
/// kernel sent back in an `NLMSG_ERROR` reply. Converted to ``WiFiScanError`` in one place,
/// ``WiFiScanError/init(_:)``.
struct NetlinkError: Error {
    enum Origin {
        /// A negative libnl code, e.g. `-NLE_OBJ_NOTFOUND`.
        case libnl
        /// A positive errno from the kernel, e.g. `EPERM`.
        case kernel
    }

    let origin: Origin
    let code: Int32
    /// What was being done, e.g. "GET_SCAN".
    let operation: String

    var message: String {
        switch origin {
        case .libnl: String(cString: nl_geterror(code))
        case .kernel: String(cString: strerror(code))
        }
    }

    func isKernelError(_ errno: Int32) -> Bool {
        origin == .kernel && code == errno
    }
}

extension WiFiScanError {
    /// The one conversion from the libnl boundary to the public error.
    init(_ error: NetlinkError) {
        switch (error.origin, error.code) {
        case (.libnl, -Int32(NLE_OBJ_NOTFOUND)) where error.operation == "resolve nl80211":
            self = .noNL80211
        case (.libnl, -Int32(NLE_PERM)), (.kernel, EPERM), (.kernel, EACCES):
            self = .permissionDenied
        case (.kernel, ENODEV):
            self = .noWirelessInterface
        default:
            let code = error.origin == .kernel ? -Int(error.code) : Int(error.code)
            self = .netlink(code: code, message: "\(error.operation): \(error.message)")
        }
    }
}
