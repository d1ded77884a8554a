import Foundation
import Glibc
import SystemSupport
import TestSupport

/// A real ModemManager 1.20 driving a simulated LTE modem on a private system bus
/// (`Tests/Fixtures/cellular/mmlab/mm_lab.sh`, after shared/recipes §3.3). Started as its own
/// process group; `stop()` sends SIGTERM (the script tears down its daemons), then SIGKILL to
/// the group after a deadline.
final class ModemManagerLab: @unchecked Sendable {
    static let script = TestPaths.fixture("cellular/mmlab/mm_lab.sh").path
    static let requirements = ["/usr/sbin/ModemManager", "/usr/bin/mmcli", "/usr/bin/dbus-daemon",
                               "/usr/lib/polkit-1/polkitd", "/usr/bin/unshare", "/usr/bin/gdbus", "/usr/bin/python3"]

    /// Root (mount namespaces, a bind mount over /etc/polkit-1/rules.d) and the packages.
    static var canRun: Bool {
        geteuid() == 0 && requirements.allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }
    }

    let directory = TemporaryDirectory("mmlab")
    private let processID: pid_t
    private var exited = false
    /// `DBUS_SYSTEM_BUS_ADDRESS` of the private bus.
    private(set) var busAddress = ""

    /// Starts the lab and waits until the modem reports its cell, or throws after `deadline`.
    init(deadline: Duration = .seconds(120)) async throws {
        let output = directory.path("lab.out")
        let pid: pid_t
        do {
            pid = try SpawnedProcess.spawn(["/bin/bash", Self.script, directory.url.path], output: .combined(output), ownProcessGroup: true)
        } catch {
            throw LabFailure(description: "cannot start bash")
        }
        processID = pid
        // Waited for on a thread of its own: the lab takes seconds to come up, longer on a
        // loaded machine, and the concurrency pool may be busy with other tests meanwhile.
        let watched = pid
        let startup = await DedicatedThread("wait for the ModemManager lab") { () -> Startup in
            var startup = Startup()
            startup.settled = Deadline(after: deadline).poll(every: .milliseconds(50)) {
                startup.output = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
                if startup.busAddress != nil { return true }
                startup.exited = ChildProcess(processID: watched).exitStatusIfExited() != nil
                return startup.exited || startup.output.contains("FAILED")
            }
            return startup
        }.value
        if let address = startup.busAddress {
            busAddress = address
            return
        }
        exited = startup.exited
        await stop()
        throw LabFailure(description: startup.settled ? "ModemManager lab failed: \(startup.output)" : "ModemManager lab not ready within \(deadline)")
    }

    /// What the lab script printed while it started, and whether it is still running.
    private struct Startup: Sendable {
        var output = ""
        var exited = false
        var settled = false
        /// The private bus's address from the script's `READY address` line.
        var busAddress: String? {
            output.split(separator: "\n").first { $0.hasPrefix("READY ") }.map { String($0.dropFirst("READY ".count)) }
        }
    }

    /// SIGTERM, then SIGKILL to the whole group after 10 s; reaps the script.
    func stop() async {
        guard !exited else { return }
        exited = true
        let processID = processID
        await DedicatedThread.run("stop the ModemManager lab") {
            ChildProcess(processID: processID).terminate(gracePeriod: .seconds(10), killingGroup: true)
        }
    }

    deinit {
        if !exited {
            let child = ChildProcess(processID: processID)
            child.send(SIGKILL, toGroup: true)
            child.waitForExit()
        }
    }

    struct LabFailure: Error, CustomStringConvertible {
        let description: String
    }
}
