import Foundation
import PositioningCore
import TestSupport
import Testing

@testable import GNSS

#if canImport(Glibc)
    import Glibc
#endif

@Suite("NMEAReader on files and a serial-like pty")
struct NMEAReaderTests {
    @Test func logFileYieldsItsFixesThenFinishes() async throws {
        let reader = NMEAReader(path: GNSSTestData.fixtures.appendingPathComponent("mtk-3329.log").path)
        var fixes: [Location] = []
        var statistics: NMEAStatistics?
        for await event in reader.events() {
            switch event {
            case .fix(let location): fixes.append(location)
            case .finished(let counts): statistics = counts
            case .failed(let error): Issue.record("\(error)")
            case .silent: break
            }
        }
        #expect(fixes.count == 5)
        #expect(abs(fixes[0].coordinate.latitude - 51.484371667) < 1e-6)
        #expect(statistics?.sentences == 28)
        #expect(statistics?.skippedLines == 7)  // the log's # header
    }

    @Test func firstFixFromAFile() async throws {
        let path = GNSSTestData.fixtures.appendingPathComponent("skytraq-fix.log").path
        let fix = try await NMEAReader(path: path).firstFix(timeout: .seconds(5))
        #expect(fix.isValid)
        let all = NMEAReader.fixes(in: try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(all.fixes.first?.coordinate == fix.coordinate)
    }

    /// A pty stands in for a USB receiver: the reader opens the slave side as a serial port.
    @Test func serialDeviceStreamsFixes() async throws {
        var master: Int32 = 0
        var slave: Int32 = 0
        guard openpty(&master, &slave, nil, nil, nil) == 0, let path = PseudoTerminal.name(of: slave) else {
            print("skipped: no pty available")
            return
        }
        defer {
            close(master)
            close(slave)
        }
        let receiver = master
        let writer = Task.detached {
            var second = 0
            while !Task.isCancelled {
                let epoch = NMEATestWriter.epoch(latitude: 47.1230, longitude: 15.2907, second: second)
                let bytes = Array((epoch.joined(separator: "\r\n") + "\r\n").utf8)
                _ = Glibc.write(receiver, bytes, bytes.count)
                second += 1
                try? await Task.sleep(for: .milliseconds(50))
            }
        }
        defer { writer.cancel() }
        let fix = try await NMEAReader(path: path, baudRate: 4800).firstFix(timeout: .seconds(5))
        #expect(abs(fix.coordinate.latitude - 47.1230) < 1e-7)
        #expect(abs(fix.coordinate.longitude - 15.2907) < 1e-7)
    }

    @Test func silentDeviceGivesNoFixAtTheDeadline() async throws {
        var master: Int32 = 0
        var slave: Int32 = 0
        guard openpty(&master, &slave, nil, nil, nil) == 0, let path = PseudoTerminal.name(of: slave) else {
            print("skipped: no pty available")
            return
        }
        defer {
            close(master)
            close(slave)
        }
        await #expect(throws: GNSSError.noFix(reason: "no fix from \(path) within 0.3 s")) {
            try await NMEAReader(path: path).firstFix(timeout: .milliseconds(300))
        }
    }

    @Test func missingDeviceIsUnavailable() async {
        let reader = NMEAReader(path: "/dev/nonexistent-gps")
        guard case .unavailable(_, let remedy) = reader.availability() else {
            Issue.record("expected unavailable")
            return
        }
        #expect(!remedy.isEmpty)
        await #expect(throws: GNSSError.self) { try await reader.firstFix(timeout: .seconds(1)) }
    }

    @Test func unreadableDeviceIsDenied() throws {
        guard geteuid() != 0 else {
            print("skipped: running as root, every file is readable")
            return
        }
        let directory = TemporaryDirectory()
        let path = directory.path("ttyFAKE")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o000]))
        guard case .denied = NMEAReader(path: path).availability() else {
            Issue.record("expected denied")
            return
        }
    }
}

/// Pseudo-terminal helpers for tests that stand a pty in for a serial receiver.
enum PseudoTerminal {
    /// The device path of a pty's slave side. Uses `ttyname_r`: `ttyname` returns a static
    /// buffer that tests running in parallel would overwrite.
    static func name(of descriptor: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        guard ttyname_r(descriptor, &buffer, buffer.count) == 0 else { return nil }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
