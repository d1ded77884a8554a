import Foundation
import Glibc
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
    init(deadline: Duration = .seconds(60)) async throws {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETPGROUP))
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        let output = directory.path("lab.out")
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let arguments = ["/bin/bash", Self.script, directory.url.path]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/bin/bash", &actions, &attributes, argv, environ) == 0 else {
            throw LabFailure(description: "cannot start bash")
        }
        processID = pid
        let end = ContinuousClock.now + deadline
        while ContinuousClock.now < end {
            let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix("READY ") }) {
                busAddress = String(line.dropFirst("READY ".count))
                return
            }
            if text.contains("FAILED") || reap() {
                await stop()
                throw LabFailure(description: "ModemManager lab failed: \(text)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        await stop()
        throw LabFailure(description: "ModemManager lab not ready within \(deadline)")
    }

    /// SIGTERM, then SIGKILL to the whole group after 10 s; reaps the script.
    func stop() async {
        guard !reap() else { return }
        kill(processID, SIGTERM)
        let end = ContinuousClock.now + .seconds(10)
        while ContinuousClock.now < end {
            if reap() { return }
            try? await Task.sleep(for: .milliseconds(20))
        }
        kill(-processID, SIGKILL)
        var status: Int32 = 0
        waitpid(processID, &status, 0)
        exited = true
    }

    private func reap() -> Bool {
        if exited { return true }
        var status: Int32 = 0
        exited = waitpid(processID, &status, WNOHANG) == processID
        return exited
    }

    deinit {
        if !exited {
            kill(-processID, SIGKILL)
            var status: Int32 = 0
            waitpid(processID, &status, 0)
        }
    }

    struct LabFailure: Error, CustomStringConvertible {
        let description: String
    }
}
