import Foundation
import PositioningCore
import TestSupport
import Testing

@testable import Cellular

@Suite("Parsing mmcli --location-get -J and mmcli -J")
struct ModemManagerLocationTests {
    /// Recorded from real ModemManager 1.20.4 and mmcli with a simulated LTE modem
    /// (shared/recipes/components.md §3.3).
    static let labRegistered = #"{"modem":{"location":{"3gpp":{"cid":"0001C3D4","lac":"0000","mcc":"262","mnc":"01","tac":"00ABCD"},"cdma-bs":{"latitude":"--","longitude":"--"},"gps":{"altitude":"--","latitude":"--","longitude":"--","nmea":[],"utc":"--"}}}}"#
    static let labJustEnabled = #"{"modem":{"location":{"3gpp":{"cid":"--","lac":"--","mcc":"--","mnc":"--","tac":"--"},"cdma-bs":{"latitude":"--","longitude":"--"},"gps":{"altitude":"--","latitude":"--","longitude":"--","nmea":[],"utc":"--"}}}}"#
    static let labBeforeRegistration = #"{"modem":{"location":{"3gpp":{"cid":"0001C3D4","lac":"1A2B","mcc":"262","mnc":"01","tac":"000000"}}}}"#

    @Test func lteServingCellUsesTheTAC() throws {
        let location = try ModemManagerLocation.parse(Self.labRegistered)
        let cell = try location.cellObservation(radio: .lte)
        #expect(cell.identity == (try CellIdentity(radio: .lte, mcc: 262, mnc: 1, area: 0xABCD, cellID: 0x1C3D4)))
        #expect(location.gps == nil)
        #expect(location.inferredRadio == .lte)
    }

    @Test func lteBeforeRegistrationFallsBackToTheLAC() throws {
        let cell = try ModemManagerLocation.parse(Self.labBeforeRegistration).cellObservation(radio: .lte)
        #expect(cell.identity.area == 0x1A2B)
    }

    @Test func allFieldsMissingMeansLocationNotEnabled() throws {
        let location = try ModemManagerLocation.parse(Self.labJustEnabled)
        #expect(!location.hasServingCell)
        #expect(throws: ModemManagerLocation.locationNotEnabled) { try location.cellObservation(radio: .lte) }
    }

    @Test func gsmUsesTheLAC() throws {
        let text = #"{"modem":{"location":{"3gpp":{"cid":"0000A1B2","lac":"04D2","mcc":"001","mnc":"001","tac":"--"}}}}"#
        let location = try ModemManagerLocation.parse(text)
        #expect(location.inferredRadio == .gsm)
        let cell = try location.cellObservation()
        #expect(cell.identity == (try CellIdentity(radio: .gsm, mcc: 1, mnc: 1, area: 1234, cellID: 0xA1B2)))
    }

    @Test(arguments: [
        #"not json"#, #"[1,2]"#, #"{"modem":{}}"#,
        #"{"modem":{"location":{"3gpp":{"mcc":"2x2"}}}}"#,
        #"{"modem":{"location":{"3gpp":{"cid":"XYZ"}}}}"#,
        #"{"modem":{"location":{"gps":{"latitude":"north","longitude":"1"}}}}"#,
    ])
    func malformedOutputIsATypedError(_ text: String) {
        #expect(throws: CellularError.self) { try ModemManagerLocation.parse(text) }
    }

    /// go-mmcli-svr's recordings (BSD-3-Clause): a locale with comma decimals.
    @Test(arguments: ["go-mmcli-svr_location-get_gps_3gpp.json", "go-mmcli-svr_location-get_gps_nmea_3gpp.json"])
    func realOutputWithCommaDecimals(_ name: String) throws {
        let text = try String(contentsOf: TestPaths.fixture("cellular/\(name)"), encoding: .utf8)
        let location = try ModemManagerLocation.parse(text)
        let gps = try #require(location.gps)
        #expect(abs(gps.latitude - 37.123039) < 1e-9)
        #expect(abs(gps.longitude - 5.290773) < 1e-9)
        #expect(gps.altitude == 425.4)
        // LAC FFFE is the reserved "no LAC" value: the TAC 00003D makes it an LTE cell.
        let cell = try location.cellObservation()
        #expect(cell.identity == (try CellIdentity(radio: .lte, mcc: 232, mnc: 1, area: 0x3D, cellID: 0xFA908)))
        #expect(location.nmea.count == (name.contains("nmea") ? 7 : 0))
    }

    /// A full `mmcli -m 0 -J` of unknown origin: read from ../shared only, never copied.
    @Test func fullModemOutputOfUnknownOrigin() throws {
        guard let url = CellularTestData.sharedFile("cellular_mmcli/modem-manager-flow_mmcli_modem_and_sim.json") else {
            print("skipped: ../shared/data/cellular_mmcli/modem-manager-flow_mmcli_modem_and_sim.json is absent")
            return
        }
        let text = try String(contentsOf: url, encoding: .utf8)
        let modem = try ModemManagerModem.parse(text)
        #expect(modem.accessTechnologies == ["lte"])
        #expect(modem.radio == .lte)
        #expect(modem.operatorCode == "26202")
        let cell = try ModemManagerLocation.parse(text).cellObservation(radio: modem.radio)
        #expect(cell.identity == (try CellIdentity(radio: .lte, mcc: 262, mnc: 2, area: 0xAD2B, cellID: 0xA49109)))
    }

    @Test(arguments: [
        (["lte"], RadioType.lte), (["umts", "hsdpa"], .wcdma), (["gsm", "edge"], .gsm),
        (["lte", "5gnr"], .lte), (["5gnr"], .nr), (["evdoa"], .cdma), (["unknown"], nil), ([], nil),
    ] as [([String], RadioType?)])
    func radioFromAccessTechnologies(_ technologies: [String], _ radio: RadioType?) throws {
        let list = technologies.map { "\"\($0)\"" }.joined(separator: ",")
        let modem = try ModemManagerModem.parse(#"{"modem":{"generic":{"access-technologies":[\#(list)],"state":"registered"}}}"#)
        #expect(modem.radio == radio)
        #expect(modem.state == "registered")
    }
}

enum CellularTestData {
    /// A file under ../shared/data (or ../../shared/data from a git worktree), nil when absent.
    static func sharedFile(_ relativePath: String) -> URL? {
        if let found = TestPaths.sharedData(relativePath) { return found }
        let candidate = TestPaths.packageRoot.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/data").appendingPathComponent(relativePath)
        return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
    }
}
