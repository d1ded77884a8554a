import Foundation
import PositioningCore
import WiFiScanner

extension LiveRadios {
    /// What the radios heard in one go (`hearNow`), and why a radio heard nothing.
    public struct Heard: Sendable {
        /// The Wi-Fi scan's access points and the serving cell, stamped now.
        public var sample: RadioSample
        /// For each radio that failed, `Wi-Fi: …` or `cell: …`.
        public var problems: [String]
        /// The failed Wi-Fi scan's sysexits code (69 unavailable, 77 denied); nil when it worked.
        public var wifiExitCode: Int32?
    }

    /// One fresh Wi-Fi scan on `interface` (nil: the first wireless one) and the modem's serving
    /// cell, made now — what `learn --here` pins.
    public func hearNow(interface: String?, budget: Duration) async -> Heard {
        var heard = Heard(sample: RadioSample(time: Date()), problems: [], wifiExitCode: nil)
        do {
            heard.sample.wifi = try await WiFiScanner().scan(interface: interface, mode: .fresh, timeout: budget).observations
        } catch {
            heard.problems.append("Wi-Fi: \(error.description)")
            heard.wifiExitCode = error.exitCode
        }
        do {
            heard.sample.cells = [try await modem.servingCell()]
        } catch {
            heard.problems.append("cell: \(error.description)")
        }
        return heard
    }
}
