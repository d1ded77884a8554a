import Foundation
import Glibc
import PositioningCore
import SystemSupport
import TestSupport
import Testing

@testable import Cellular

@Suite("ModemManagerSource with mmcli as a subprocess")
struct ModemManagerSourceTests {
    static let modem = #"{"modem":{"generic":{"access-technologies":["lte"],"state":"registered"},"3gpp":{"operator-code":"26201"}}}"#

    @Test func servingCellFromLocationAndModem() async throws {
        let fake = FakeMMCLI()
        let path = try fake.write(location: ModemManagerLocationTests.labRegistered, modem: Self.modem)
        let cell = try await ModemManagerSource(mmcli: path, timeout: FakeMMCLI.timeout).servingCell()
        #expect(cell.identity == (try CellIdentity(radio: .lte, mcc: 262, mnc: 1, area: 0xABCD, cellID: 0x1C3D4)))
        guard case .available(let detail) = await ModemManagerSource(mmcli: path, timeout: FakeMMCLI.timeout).availability() else {
            Issue.record("expected available")
            return
        }
        #expect(detail.contains("lte/262/1/43981/115668"))
    }

    @Test(arguments: [
        ("error: couldn't get bus: Could not connect: No such file or directory", "ModemManager is not running"),
        ("error: couldn't find modem", "no cellular modem"),
        ("error: couldn't get location from the modem: 'GDBus.Error:org.freedesktop.ModemManager1.Error.Core.Unauthorized: PolicyKit authorization failed'", "refused"),
        ("error: something new", "mmcli failed: error: something new"),
    ])
    func failuresBecomeReasonsWithRemedies(_ stderr: String, _ expected: String) async throws {
        let fake = FakeMMCLI()
        let availability = await ModemManagerSource(mmcli: try fake.write(error: stderr), timeout: FakeMMCLI.timeout).availability()
        switch availability {
        case .unavailable(let reason, let remedy), .denied(let reason, let remedy):
            #expect(reason.contains(expected), "\(reason)")
            #expect(!remedy.isEmpty)
            if expected == "refused" { #expect(availability == .denied(reason: reason, remedy: remedy)) }
        case .available:
            Issue.record("expected unavailable")
        }
    }

    @Test func locationNotEnabled() async throws {
        let fake = FakeMMCLI()
        let path = try fake.write(location: ModemManagerLocationTests.labJustEnabled, modem: Self.modem)
        let source = ModemManagerSource(mmcli: path, timeout: FakeMMCLI.timeout)
        await #expect(throws: ModemManagerLocation.locationNotEnabled) { try await source.servingCell() }
    }

    /// An mmcli that hangs (ModemManager stuck on D-Bus) is killed at the timeout, and the
    /// reason says so.
    @Test func hangingMMCLIIsKilledAtTheTimeout() async throws {
        let fake = FakeMMCLI()
        let timeout = 0.5
        let source = ModemManagerSource(mmcli: try fake.write(location: "{}", delay: 60), timeout: timeout)
        // Watches the fake from a thread of its own, started before the call, so how long the
        // hung mmcli lived is measured apart from how busy the concurrency pool is.
        let pidPath = fake.processIDPath
        let lifetime = DedicatedThread("watch the hung mmcli") { () -> Duration? in
            var processID: pid_t = 0
            let ran = Deadline(after: .seconds(20)).poll(every: .milliseconds(2)) {
                let text = (try? String(contentsOfFile: pidPath, encoding: .utf8)) ?? ""
                processID = pid_t(text.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
                return processID > 0
            }
            guard ran else { return nil }
            let started = ContinuousClock.now
            // Gone, not a zombie: killed and reaped (a zombie still answers signal 0).
            let gone = Deadline(after: .seconds(30)).poll(every: .milliseconds(2)) {
                kill(processID, 0) != 0 && errno == ESRCH
            }
            return gone ? ContinuousClock.now - started : nil
        }
        guard case .unavailable(let reason, _) = await source.availability() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason.contains("did not answer within 0.5 s"))
        let lived = try #require(await lifetime.value, "the hung mmcli did not run, or was still running 30 s later")
        // Killed at the timeout, not after its 60 s: the slack is for a busy machine scheduling
        // the kill late, far below the 60 s a missed timeout would take.
        #expect(lived < .seconds(timeout) + .seconds(10))
    }

    @Test func missingMMCLIIsUnavailable() async {
        let availability = await ModemManagerSource(mmcli: "/nonexistent/mmcli").availability()
        guard case .unavailable(let reason, let remedy) = availability else {
            Issue.record("expected unavailable, got \(availability)")
            return
        }
        #expect(reason.contains("not installed"))
        #expect(remedy.contains("modemmanager"))
    }

    /// This machine has no modem: whatever is installed, the answer is a reason, not a crash.
    @Test func statusOnThisMachine() async {
        let availability = await ModemManagerSource().availability()
        switch availability {
        case .available(let detail):
            print("skipped: this machine has a modem (\(detail))")
        case .unavailable(let reason, let remedy), .denied(let reason, let remedy):
            #expect(!reason.isEmpty && !remedy.isEmpty)
            if !FileManager.default.isExecutableFile(atPath: "/usr/bin/mmcli") {
                #expect(reason.contains("not installed"))
            }
        }
    }
}
