import Foundation

/// The Linux capabilities of this process that decide what the radios allow, read from
/// `/proc/self/status` (`CapEff`, capabilities(7)).
struct ProcessCapabilities: Sendable {
    /// The effective capability bits.
    var effective: UInt64

    /// `CAP_NET_ADMIN` (bit 12): needed to trigger a Wi-Fi scan; the scan cache is not.
    var mayAdministerNetwork: Bool { effective & (1 << 12) != 0 }

    /// This process's capabilities (none when `/proc` cannot be read).
    static var current: ProcessCapabilities {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("CapEff:") }),
            let bits = UInt64(line.dropFirst("CapEff:".count).trimmingCharacters(in: .whitespaces), radix: 16)
        else { return ProcessCapabilities(effective: 0) }
        return ProcessCapabilities(effective: bits)
    }
}
