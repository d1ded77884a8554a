import Foundation
import PositioningCore
import SystemSupport
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
        let fix = try await NMEAReader(path: path).firstFix(timeout: .seconds(20))
        #expect(fix.isValid)
        let all = NMEAReader.fixes(in: try Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(all.fixes.first?.coordinate == fix.coordinate)
    }

    /// A pty stands in for a USB receiver: the reader opens the slave side as a serial port.
    @Test func serialDeviceStreamsFixes() async throws {
        guard let terminal = PseudoTerminal() else {
            print("skipped: no pty available")
            return
        }
        // The receiver writes on a thread of its own, so it keeps sending however busy the
        // concurrency pool is; it has stopped before the pty is closed.
        let master = terminal.master
        let receiver = RepeatingThread("receiver on \(terminal.path)", every: .milliseconds(50)) { second in
            let epoch = NMEATestWriter.epoch(latitude: 47.1230, longitude: 15.2907, second: second)
            PseudoTerminal.write(Array((epoch.joined(separator: "\r\n") + "\r\n").utf8), to: master)
        }
        let outcome: Result<Location, GNSSError>
        do throws(GNSSError) {
            // A deadline, not a wait: the first fix comes within one epoch of the reader opening the device.
            outcome = .success(try await NMEAReader(path: terminal.path, baudRate: 4800).firstFix(timeout: .seconds(20)))
        } catch {
            outcome = .failure(error)
        }
        await receiver.stop()
        let fix = try outcome.get()
        #expect(abs(fix.coordinate.latitude - 47.1230) < 1e-7)
        #expect(abs(fix.coordinate.longitude - 15.2907) < 1e-7)
    }

    @Test func silentDeviceGivesNoFixAtTheDeadline() async throws {
        guard let terminal = PseudoTerminal() else {
            print("skipped: no pty available")
            return
        }
        await #expect(throws: GNSSError.noFix(reason: "no fix from \(terminal.path) within 0.3 s")) {
            try await NMEAReader(path: terminal.path).firstFix(timeout: .milliseconds(300))
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

/// A pty standing in for a serial receiver: the test writes to `master`, the reader opens `path`.
///
/// Both sides are open from the start and the line discipline is raw (no canonical line
/// buffering, no echo), so bytes written before the reader opens and configures the slave
/// wait for it unchanged, and an echo nobody reads can never fill the master's buffer.
/// Closed in `deinit`.
final class PseudoTerminal: Sendable {
    let master: Int32
    let slave: Int32
    /// The slave's device path, e.g. `/dev/pts/3`.
    let path: String

    /// Opens a pty in raw mode, or nil when the system has none to give.
    init?() {
        var master: Int32 = 0
        var slave: Int32 = 0
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { return nil }
        for descriptor in [master, slave] { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        // Never block the writing thread, whatever the reader does.
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)
        var settings = termios()
        guard tcgetattr(slave, &settings) == 0, let path = Self.name(of: slave) else {
            close(master)
            close(slave)
            return nil
        }
        cfmakeraw(&settings)
        tcsetattr(slave, TCSANOW, &settings)
        self.master = master
        self.slave = slave
        self.path = path
    }

    deinit {
        close(master)
        close(slave)
    }

    /// Writes all of `bytes` to `descriptor`, waiting up to 30 s for room (the reader under test drains it; a busy machine may take a while), on the caller's thread.
    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        let deadline = Deadline(after: .seconds(30))
        var room = PollSet(FileDescriptor(rawValue: descriptor), events: .writable)
        while offset < bytes.count, !deadline.hasPassed {
            guard (try? room.wait(timeout: .milliseconds(100))) == 1 else { continue }
            do throws(Errno) {
                offset += try Array(bytes[offset...]).withUnsafeBytes { buffer in
                    Result { () throws(Errno) -> Int in try FileDescriptor(rawValue: descriptor).write(buffer) }
                }.get()
            } catch .wouldBlock {
                continue
            } catch {
                return
            }
        }
    }

    /// The device path of a pty's slave side. Uses `ttyname_r`: `ttyname` returns a static
    /// buffer that tests running in parallel would overwrite.
    static func name(of descriptor: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: 128)
        guard ttyname_r(descriptor, &buffer, buffer.count) == 0 else { return nil }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
