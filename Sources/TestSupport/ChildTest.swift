import Foundation
import SystemSupport

/// Runs one test of this test binary in a child process of its own, for measurements that the
/// tests running in parallel beside it would disturb (open file descriptors) or that must be
/// killed (a SIGKILLed import).
///
/// The child test is enabled only when `marker` is in its environment, so in a normal run it
/// skips; the parent sets `marker` (usually to a path where the child writes its report).
///
/// ```swift
/// let status = try ChildTest.run("ScanDescriptorTests/child", environment: [marker: reportPath])
/// ```
public enum ChildTest {
    /// A child that did not exit before its deadline (it is killed).
    public struct TimedOut: Error, CustomStringConvertible {
        public let test: String
        public var description: String { "child test \(test) did not finish in time" }
    }

    /// Whether this process is the child run for `marker`.
    public static func isChild(_ marker: String) -> Bool {
        ProcessInfo.processInfo.environment[marker] != nil
    }

    /// Runs the test `filter` (a `--filter` pattern) in a new process with `environment` added,
    /// and waits for it to exit, at most `timeout`. Blocks: call it on a `DedicatedThread`.
    /// - Returns: The child's exit status.
    public static func run(_ filter: String, environment: [String: String], timeout: Duration = .seconds(600)) throws -> Int32 {
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let child = try ChildProcess.spawn(
            executable, ["--testing-library", "swift-testing", "--filter", filter],
            environment: ProcessInfo.processInfo.environment.merging(environment) { $1 },
            standardOutput: .null, standardError: .null)
        guard let status = child.waitForExit(before: .now + timeout, checkingEvery: .milliseconds(20)) else {
            child.terminate(gracePeriod: .seconds(10))
            throw TimedOut(test: filter)
        }
        return status.terminationStatus
    }

    /// The number of file descriptors this process has open (entries of `/proc/self/fd`; the
    /// directory handle used to list it counts, the same each time).
    public static func openDescriptorCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? -1
    }
}
