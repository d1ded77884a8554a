import Foundation
import Glibc
import PositioningCore
import TestSupport
import Testing

@testable import Cellular

/// A stand-in `mmcli` (a shell script) that answers like the real one in one situation.
struct FakeMMCLI {
    let directory = TemporaryDirectory("mmcli")

    /// - Parameters:
    ///   - location: stdout for `--location-get -J`; `modem`: stdout for `-m any -J`.
    ///   - error: stderr text; with it the script exits 1.
    func write(location: String = "", modem: String = "", error: String? = nil, delay: Double = 0) throws -> String {
        let path = directory.path("mmcli")
        try location.write(toFile: directory.path("location.json"), atomically: true, encoding: .utf8)
        try modem.write(toFile: directory.path("modem.json"), atomically: true, encoding: .utf8)
        try (error ?? "").write(toFile: directory.path("stderr.txt"), atomically: true, encoding: .utf8)
        var script = "#!/bin/sh\n"
        if delay > 0 { script += "exec sleep \(delay)\n" }
        if error != nil {
            script += "cat '\(directory.path("stderr.txt"))' >&2\nexit 1\n"
        } else {
            script += """
                case "$*" in
                  *--location-get*) cat '\(directory.path("location.json"))' ;;
                  *) cat '\(directory.path("modem.json"))' ;;
                esac

                """
        }
        // O_CLOEXEC: a write descriptor inherited by a child spawned meanwhile by another test
        // would make executing the script fail with ETXTBSY.
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
        let bytes = Array(script.utf8)
        let written = Glibc.write(descriptor, bytes, bytes.count)
        close(descriptor)
        guard written == bytes.count else { throw CocoaError(.fileWriteUnknown) }
        return path
    }
}

@Suite("ModemManagerSource with mmcli as a subprocess")
struct ModemManagerSourceTests {
    static let modem = #"{"modem":{"generic":{"access-technologies":["lte"],"state":"registered"},"3gpp":{"operator-code":"26201"}}}"#

    @Test func servingCellFromLocationAndModem() async throws {
        let fake = FakeMMCLI()
        let path = try fake.write(location: ModemManagerLocationTests.labRegistered, modem: Self.modem)
        let cell = try await ModemManagerSource(mmcli: path).servingCell()
        #expect(cell.identity == (try CellIdentity(radio: .lte, mcc: 262, mnc: 1, area: 0xABCD, cellID: 0x1C3D4)))
        guard case .available(let detail) = await ModemManagerSource(mmcli: path).availability() else {
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
        let availability = await ModemManagerSource(mmcli: try fake.write(error: stderr)).availability()
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
        await #expect(throws: ModemManagerLocation.locationNotEnabled) { try await ModemManagerSource(mmcli: path).servingCell() }
    }

    @Test func hangingMMCLIIsKilledAtTheTimeout() async throws {
        let fake = FakeMMCLI()
        let source = ModemManagerSource(mmcli: try fake.write(location: "{}", delay: 30), timeout: 0.3)
        let started = ContinuousClock.now
        guard case .unavailable(let reason, _) = await source.availability() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(reason.contains("did not answer"))
        #expect(ContinuousClock.now - started < .seconds(5))
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
