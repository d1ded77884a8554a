import Foundation
import Testing
import TestSupport

/// One line of `beacons_ie_dump.jsonl`: a real beacon or probe response from the aircrack-ng
/// captures, with the SSID and channel Wireshark-style tools read from it.
struct BeaconFixture: Decodable, CustomTestStringConvertible, Sendable {
    var kind: String
    var bssid: String
    var ssid: String
    var dsChannel: Int?
    var elementsHex: String
    var file: String

    enum CodingKeys: String, CodingKey {
        case kind, bssid, ssid, file
        case dsChannel = "ds_channel"
        case elementsHex = "ie_hex"
    }

    var elements: [UInt8] {
        let digits = Array(elementsHex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).map {
            UInt8(String(decoding: digits[$0...$0 + 1], as: UTF8.self), radix: 16)!
        }
    }

    var testDescription: String { "\(bssid) \(ssid) (\(file))" }

    static func load(_ url: URL) -> [BeaconFixture] {
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map {
            try! JSONDecoder().decode(BeaconFixture.self, from: Data($0.utf8))
        }
    }

    /// The project's own subset (Tests/Fixtures/wifi).
    static let subset = load(TestPaths.fixture("wifi/beacons_ie_subset.jsonl"))
}
