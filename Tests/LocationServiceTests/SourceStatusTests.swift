import Cellular
import Foundation
import GNSS
import PositioningCore
import TestSupport
import Testing

@testable import LocationService

/// The availability checks `whereabouts status` prints, each source probed on this machine or
/// against a stand-in (an unreachable gpsd, a receiver's log, a fake `mmcli`).
@Suite struct SourceStatusTests {
    /// A real receiver's log (gpsd's regression data) read as an NMEA device.
    static let receiverLog = TestPaths.fixture("gnss/skytraq-fix.log").path

    @Test func anUnreachableGPSDIsUnavailableNamingTheEndpointAndARemedy() async {
        let status = await SourceStatus.probeGNSS(gpsd: GPSDEndpoint(host: "127.0.0.1", port: 1))
        #expect(status.source == .gps)
        #expect(status.state == .unavailable)
        #expect(status.detail.contains("127.0.0.1:1"), "\(status.detail)")
        #expect(status.remedy != nil)
    }

    @Test func anNMEADeviceIsProbedInsteadOfGPSD() async {
        let status = await SourceStatus.probeGNSS(gpsd: GPSDEndpoint(host: "127.0.0.1", port: 1), nmea: .device(path: Self.receiverLog))
        #expect(status == SourceStatus(source: .gps, state: .available, detail: "NMEA device \(Self.receiverLog)"))
    }

    @Test func aMissingNMEADeviceIsUnavailableWithWhereToLook() async {
        let status = await SourceStatus.probeGNSS(nmea: .device(path: "/nonexistent/ttyACM9"))
        #expect(status.state == .unavailable)
        #expect(status.detail == "NMEA device /nonexistent/ttyACM9 does not exist")
        #expect(status.remedy?.contains("/dev/ttyACM*") == true)
    }

    @Test func withoutModemManagersToolTheCellIsUnavailableWithHowToInstallIt() async {
        let status = await SourceStatus.probeCell(modem: ModemManagerSource(mmcli: "/nonexistent/mmcli"))
        #expect(status.source == .cell)
        #expect(status.state == .unavailable)
        #expect(status.detail == "ModemManager's command-line tool `/nonexistent/mmcli` is not installed")
        #expect(status.remedy?.contains("apt install modemmanager") == true)
    }

    @Test func aPolkitRefusalIsDenied() async throws {
        let fake = FakeMMCLI()
        let mmcli = try fake.write(
            error: "error: couldn't get location from the modem: 'GDBus.Error:org.freedesktop.ModemManager1.Error.Core.Unauthorized: PolicyKit authorization failed'")
        let status = await SourceStatus.probeCell(modem: ModemManagerSource(mmcli: mmcli, timeout: FakeMMCLI.timeout))
        #expect(status.state == .denied)
        #expect(status.detail.hasPrefix("ModemManager refused to share the modem's location"), "\(status.detail)")
        #expect(status.remedy != nil)
    }

    @Test(.enabled(if: !FileManager.default.fileExists(atPath: "/sys/class/ieee80211"), "this machine has a Wi-Fi adapter"))
    func withoutAWiFiAdapterWiFiIsUnavailableAskingForOne() async {
        let status = await SourceStatus.probeWiFi()
        #expect(status.source == .wifi)
        #expect(status.state == .unavailable)
        #expect(status.detail.hasPrefix("Wi-Fi scanning unavailable: "), "\(status.detail)")
        #expect(status.remedy == "use a machine with a Wi-Fi adapter and its driver loaded (cfg80211)")
    }

    @Test func probeAllAnswersForEverySourceInTheDefaultOrder() async {
        let statuses = await SourceStatus.probeAll(
            gpsd: GPSDEndpoint(host: "127.0.0.1", port: 1), modem: ModemManagerSource(mmcli: "/nonexistent/mmcli"))
        #expect(statuses.map(\.source) == PositioningSource.defaultOrder)
        #expect(statuses[0].state == .unavailable && statuses[1].state == .unavailable)
    }
}
