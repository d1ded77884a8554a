import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A stand-in `mmcli` (a shell script) that answers like the real one in one situation.
///
/// ```swift
/// let fake = FakeMMCLI()
/// let source = ModemManagerSource(mmcli: try fake.write(error: "error: couldn't find modem"), timeout: FakeMMCLI.timeout)
/// ```
public struct FakeMMCLI: Sendable {
    public let directory = TemporaryDirectory("mmcli")
    /// Where the script records its process ID when it runs.
    public var processIDPath: String { directory.path("pid") }
    /// The timeout tests give a fake that answers at once: it only bounds the wait, and a
    /// loaded CI machine can take a while to start a shell.
    public static let timeout = 20.0

    /// Creates a fake in a fresh temporary directory; `write(…)` puts the script there.
    public init() {}

    /// - Parameters:
    ///   - location: stdout for `--location-get -J`; `modem`: stdout for `-m any -J`.
    ///   - error: stderr text; with it the script exits 1.
    public func write(location: String = "", modem: String = "", error: String? = nil, delay: Double = 0) throws -> String {
        let path = directory.path("mmcli")
        try location.write(toFile: directory.path("location.json"), atomically: true, encoding: .utf8)
        try modem.write(toFile: directory.path("modem.json"), atomically: true, encoding: .utf8)
        try (error ?? "").write(toFile: directory.path("stderr.txt"), atomically: true, encoding: .utf8)
        // The script's process ID, for tests that check what became of it (exec keeps it).
        var script = "#!/bin/sh\necho $$ > '\(processIDPath)'\n"
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
