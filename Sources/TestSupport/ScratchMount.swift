import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A small tmpfs mounted for one test, unmounted (and its directory removed) in `deinit`: a disk
/// that fills up after a few hundred kilobytes, or that can be remounted read-only.
///
/// Mounting needs root (CAP_SYS_ADMIN); `make` says why not where that is missing, so the test
/// can skip with the reason.
public final class ScratchMount: @unchecked Sendable {
    /// The mount point.
    public let path: String

    private init(path: String) {
        self.path = path
    }

    /// Why a scratch mount cannot be made here, or nil when it can (root, `mount` works).
    public static let unavailableReason: String? = {
        guard geteuid() == 0 else { return "needs root to mount a tmpfs" }
        do {
            _ = try ScratchMount(kibibytes: 64)
            return nil
        } catch {
            return "cannot mount a tmpfs: \(error)"
        }
    }()

    /// Mounts a tmpfs of `kibibytes` on a new directory under the temporary directory.
    public convenience init(kibibytes: Int) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("whereabouts-mount-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        let result = try CommandRunner.run(
            URL(fileURLWithPath: "/bin/mount"), ["-t", "tmpfs", "-o", "size=\(kibibytes)k,mode=0755", "tmpfs", path])
        guard result.status == 0 else {
            try? FileManager.default.removeItem(atPath: path)
            throw Failure(description: "mount: exit \(result.status): \(result.standardError)")
        }
        self.init(path: path)
    }

    /// The path of `name` on the mount.
    public func path(_ name: String) -> String { path + "/" + name }

    /// Remounts it read-only (`mount -o remount,ro`).
    public func remountReadOnly() throws {
        let result = try CommandRunner.run(URL(fileURLWithPath: "/bin/mount"), ["-o", "remount,ro", path])
        guard result.status == 0 else { throw Failure(description: "remount: \(result.standardError)") }
    }

    /// Fills the free space but `keeping` bytes with a file named `.filler`.
    public func fill(keeping slack: Int) throws {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { throw Failure(description: "statvfs failed") }
        let free = Int(info.f_bavail) * Int(info.f_frsize)
        let size = max(0, free - slack)
        let descriptor = open(path("filler"), O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw Failure(description: "cannot create the filler") }
        defer { close(descriptor) }
        let chunk = [UInt8](repeating: 0xA5, count: 65_536)
        var written = 0
        while written < size {
            let count = min(chunk.count, size - written)
            let result = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, count) }
            guard result > 0 else { break }
            written += result
        }
    }

    /// The names on the mount, but the filler.
    public func names() -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0 != "filler" }.sorted()
    }

    /// Why a mount failed.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    deinit {
        // Lazily, so a process of the test that still holds a file there cannot keep it mounted.
        _ = try? CommandRunner.run(URL(fileURLWithPath: "/bin/umount"), ["-l", path])
        try? FileManager.default.removeItem(atPath: path)
    }
}
