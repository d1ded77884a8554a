import Foundation
import PositioningCore

/// The networks of a real `iw dev wlan0 scan` printout: what a parsed nl80211 scan must hold.
struct IWScanText {
    struct Network: Equatable {
        var bssid: BSSID
        var frequency: Int
        var signal: Double
        var lastSeenMilliseconds: Int?
        /// The SSID bytes, with iw's `\xHH` escapes undone; nil when iw printed no SSID line.
        var ssid: [UInt8]?
        var isAssociated: Bool
    }

    var networks: [Network] = []

    /// Reads `BSS …`, `freq:`, `signal:`, `last seen: N ms ago` and `SSID:` lines; other lines
    /// are ignored. Masked addresses (`xx:xx:…:3e:41`, as posted) read their `xx` as `00`.
    init(contentsOf url: URL) throws {
        let text = try String(contentsOf: url, encoding: .utf8)
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if line.hasPrefix("BSS ") {
                let address = line.dropFirst(4).prefix(17).replacingOccurrences(of: "xx", with: "00")
                guard let bssid = BSSID(address) else { continue }
                networks.append(
                    Network(bssid: bssid, frequency: 0, signal: 0, ssid: nil, isAssociated: line.hasSuffix("-- associated")))
            } else if networks.isEmpty {
                continue
            } else if trimmed.hasPrefix("freq: ") {
                networks[networks.count - 1].frequency = Int(Double(trimmed.dropFirst(6))!)
            } else if trimmed.hasPrefix("signal: ") {
                networks[networks.count - 1].signal = Double(trimmed.dropFirst(8).prefix { $0 != " " })!
            } else if trimmed.hasPrefix("last seen: "), trimmed.hasSuffix(" ms ago") {
                networks[networks.count - 1].lastSeenMilliseconds = Int(trimmed.dropFirst(11).prefix { $0 != " " })
            } else if trimmed.hasPrefix("SSID:"), networks[networks.count - 1].ssid == nil {
                let value = trimmed.dropFirst(5).drop { $0 == " " }
                networks[networks.count - 1].ssid = Self.unescape(String(value))
            }
        }
    }

    /// Undoes iw's `print_ssid_escaped`: `\xHH` for bytes that are not printable ASCII.
    static func unescape(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = []
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            if utf8[index] == UInt8(ascii: "\\"), index + 3 < utf8.count, utf8[index + 1] == UInt8(ascii: "x"),
                let value = UInt8(String(decoding: utf8[index + 2...index + 3], as: UTF8.self), radix: 16)
            {
                bytes.append(value)
                index += 4
            } else {
                bytes.append(utf8[index])
                index += 1
            }
        }
        return bytes
    }
}
