import PositioningCore
import Testing
@testable import WiFiScanner

/// Every branch of a scan — trigger refused, busy, interface down, aborted, cached only —
/// driven through a fake session, since no machine here has Wi-Fi.
@Suite struct ScanProcedureTests {
    final class FakeSession: ScanSession {
        var interfaceList = [WirelessInterface(index: 3, name: "wlan0")]
        var trigger: Result<ScanTriggerOutcome, WiFiScanError> = .success(.completed(tookOverRunningScan: false))
        var results: Result<[ScannedAccessPoint], WiFiScanError> = .success([])
        var triggeredInterfaces: [Int] = []

        func interfaces() throws(WiFiScanError) -> [WirelessInterface] { interfaceList }

        func triggerScan(interfaceIndex: Int, deadline: ContinuousClock.Instant) throws(WiFiScanError) -> ScanTriggerOutcome {
            triggeredInterfaces.append(interfaceIndex)
            return try trigger.get()
        }

        func scanResults(interfaceIndex: Int) throws(WiFiScanError) -> (accessPoints: [ScannedAccessPoint], skipped: Int) {
            (try results.get(), 0)
        }
    }

    static let associated = ScannedAccessPoint(
        bssid: BSSID("00:19:a9:cd:c6:80")!, ssid: WiFiSSID("Cisco1240"), frequency: 2412, signal: .dBm(-45),
        age: 25_400, isAssociated: true)
    static let neighbour = ScannedAccessPoint(
        bssid: BSSID("d0:d0:fd:69:ca:70")!, ssid: WiFiSSID("Cisco1250"), frequency: 2462, signal: .dBm(-70), age: 328)

    func scan(_ session: FakeSession, interface: String? = nil, mode: ScanMode = .fresh) throws(WiFiScanError) -> WiFiScan {
        try ScanProcedure.scan(using: session, interface: interface, mode: mode, deadline: .now + .seconds(1))
    }

    @Test func freshScanIsNotMarkedCached() throws {
        let session = FakeSession()
        session.results = .success([Self.neighbour, Self.associated])
        let result = try scan(session)
        #expect(session.triggeredInterfaces == [3])
        #expect(!result.isCachedOnly)
        #expect(result.note == nil)
        #expect(result.accessPoints.map(\.ssid?.string) == ["Cisco1240", "Cisco1250"])  // strongest first
        #expect(result.interfaces.map(\.name) == ["wlan0"])
    }

    @Test func refusedTriggerFallsBackToTheCacheAndSaysHowThin() throws {
        let session = FakeSession()
        session.trigger = .success(.refused(reason: "trigger not permitted (EPERM)", isInterfaceDown: false))
        session.results = .success([Self.associated])
        let result = try scan(session)
        #expect(result.isCachedOnly)
        let note = try #require(result.note)
        #expect(note.hasPrefix("trigger not permitted (EPERM): cached results, 1 entry, oldest 25 s"))
        #expect(note.contains("not a full scan"))
    }

    @Test func busyInterfaceUsesTheOtherProgramsScan() throws {
        let session = FakeSession()
        session.trigger = .success(.completed(tookOverRunningScan: true))
        session.results = .success([Self.associated, Self.neighbour])
        let result = try scan(session)
        #expect(!result.isCachedOnly)
        #expect(result.note?.contains("EBUSY") == true)
    }

    @Test func downInterfaceUsesTheCacheOrSaysItIsDown() throws {
        let session = FakeSession()
        session.trigger = .success(.refused(reason: "interface is down (ENETDOWN)", isInterfaceDown: true))
        #expect(throws: WiFiScanError.interfaceDown("wlan0")) { try scan(session) }
        session.results = .success([Self.associated])
        let result = try scan(session)
        #expect(result.isCachedOnly)
        #expect(result.note?.hasPrefix("interface is down (ENETDOWN): cached results, 1 entry") == true)
    }

    @Test func cachedModeNeverTriggers() throws {
        let session = FakeSession()
        session.results = .success([Self.associated, Self.neighbour])
        let result = try scan(session, mode: .cached)
        #expect(session.triggeredInterfaces.isEmpty)
        #expect(result.isCachedOnly)
        #expect(result.note?.contains("2 entries") == true)
    }

    @Test func interfaceChoice() throws {
        let session = FakeSession()
        session.interfaceList.append(WirelessInterface(index: 5, name: "wlan1"))
        session.interfaceList.append(WirelessInterface(index: 6, name: "mon0", kind: .monitor))
        #expect(try scan(session, interface: "wlan1").interfaces.map(\.index) == [5])
        #expect(try scan(session).interfaces.map(\.name) == ["wlan0", "wlan1"])
        #expect(throws: WiFiScanError.noSuchInterface("wlan7")) { try scan(session, interface: "wlan7") }
        #expect(throws: WiFiScanError.noSuchInterface("mon0")) { try scan(session, interface: "mon0") }
        session.interfaceList = [WirelessInterface(index: 6, name: "mon0", kind: .monitor)]
        #expect(throws: WiFiScanError.noWirelessInterface) { try scan(session) }
    }

    @Test(arguments: [WiFiScanError.scanAborted, .timedOut, .permissionDenied])
    func failuresReachTheCaller(_ failure: WiFiScanError) {
        let session = FakeSession()
        if failure == .permissionDenied {
            session.results = .failure(failure)  // even the cache is unreadable: exit 77
        } else {
            session.trigger = .failure(failure)
        }
        #expect(throws: failure) { try scan(session) }
    }
}
