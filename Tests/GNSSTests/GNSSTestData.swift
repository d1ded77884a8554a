import Foundation
import TestSupport

/// Where the GNSS tests find their data.
enum GNSSTestData {
    /// `../shared/data` as TestSupport finds it, or — from a git worktree two levels below the
    /// project's parent folder — `../../shared/data`; nil when neither exists.
    static let sharedData: URL? = {
        if let found = TestPaths.sharedData { return found }
        let candidate = TestPaths.packageRoot.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("shared/data")
        return FileManager.default.fileExists(atPath: candidate.path) ? candidate : nil
    }()

    /// gpsd 3.22's regression logs (`*.log` with `*.log.chk`), or nil when absent.
    static let gpsdRegressionLogs: URL? = sharedData.map {
        $0.appendingPathComponent("gps/gpsd_regress_3.22_chk/test/daemon")
    }

    /// `Tests/Fixtures/gnss`.
    static let fixtures = TestPaths.fixture("gnss")
}
