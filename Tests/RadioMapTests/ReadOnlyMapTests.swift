import Foundation
import SystemSupport
import Testing
import TestSupport

@testable import RadioMap

#if canImport(Glibc)
    import Glibc
#endif

/// A map the user may read but not write — an admin's map under /var/lib owned by root, or one
/// on a read-only mount — answers readers (a WAL map needs its `-shm` index beside it, which such
/// a reader cannot create: it is read as immutable), and writers are refused at open with 77 (73
/// for a new map where no file may be created) and a sentence saying what to change.
@Suite(.serialized) struct ReadOnlyMapTests {
    static let otherUser = (user: "65534", group: "65534")

    static var setprivUnavailable: String? {
        guard geteuid() == 0 else { return "needs root to run commands as another user" }
        return FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") ? nil : "needs setpriv (util-linux)"
    }

    /// Runs `whereabouts` as the unprivileged user `nobody` with a home of its own.
    static func asOtherUser(_ arguments: [String], home: String) throws -> CommandResult {
        try CommandRunner.run(
            URL(fileURLWithPath: "/usr/bin/setpriv"),
            ["--reuid", otherUser.user, "--regid", otherUser.group, "--clear-groups", "--",
             CommandRunner.whereaboutsExecutable.path] + arguments,
            environment: ["HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_DATA_HOME": home + "/data"],
            timeout: .seconds(120))
    }

    @Test(.enabled(if: setprivUnavailable == nil, "\(setprivUnavailable ?? "")"))
    func anotherUsersMapAnswersReadersAndRefusesWriters() throws {
        let directory = TemporaryDirectory()
        let shared = directory.path("var-lib-whereabouts")
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        let map = shared + "/radiomap.sqlite"
        // As the admin would: the CLI leaves the map's `-shm` (root's, 0600) beside it.
        let admin = try CommandRunner.whereabouts(["import", "--quiet", "--db", map, RadioMapFixtures.fixture("wigle_quirks.csv")])
        try #require(admin.status == 0, "\(admin.standardError)")
        let home = directory.path("home")
        try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
        chown(home, 65534, 65534)
        for path in [directory.url.path, shared] { chmod(path, 0o755) }
        chmod(map, 0o644)
        let before = RadioMapFixtures.bytes(map)

        let stats = try Self.asOtherUser(["db", "stats", "--db", map, "--json"], home: home)
        #expect(stats.status == 0, "\(stats.standardError)")
        #expect(stats.standardOutput.contains("\"accessPoints\":4"), "\(stats.standardOutput)")
        let request = directory.path("request.json")
        try Data(#"{"wifiAccessPoints":[{"macAddress":"aa:bb:cc:00:00:01","signalStrength":-50}]}"#.utf8)
            .write(to: URL(fileURLWithPath: request))
        chmod(request, 0o644)
        // Answered from the map (one access point is too few for a fix: 404, exit 2), not refused.
        let located = try Self.asOtherUser(["locate", "--db", map, "--request", request], home: home)
        #expect([0, 2].contains(located.status), "\(located.standardError)")
        #expect(located.standardOutput.hasPrefix("{"), "\(located.standardOutput)")
        #expect(located.standardError.isEmpty, "\(located.standardError)")

        let imported = try Self.asOtherUser(["import", "--db", map, RadioMapFixtures.fixture("opencellid_synthetic.csv")], home: home)
        #expect(imported.status == 77, "\(imported.standardError)")
        #expect(imported.standardError.contains("belongs to root"), "\(imported.standardError)")
        #expect(imported.standardError.contains("--db"), "says what to change: \(imported.standardError)")
        let calibrated = try Self.asOtherUser(["db", "calibrate", "--db", map], home: home)
        #expect(calibrated.status == 77, "\(calibrated.standardError)")

        let created = try Self.asOtherUser(
            ["import", "--db", shared + "/new.sqlite", RadioMapFixtures.fixture("opencellid_synthetic.csv")], home: home)
        #expect(created.status == 73, "\(created.standardError)")
        #expect(created.standardError.contains("may not create files in \(shared)"), "\(created.standardError)")
        #expect(!FileManager.default.fileExists(atPath: shared + "/new.sqlite"))
        #expect(RadioMapFixtures.bytes(map) == before, "the shared map is exactly as it was")

        // The user's own map, made read-only (0444) in a directory they may write.
        let own = home + "/readonly.sqlite"
        try FileManager.default.copyItem(atPath: map, toPath: own)
        chown(own, 65534, 65534)
        chmod(own, 0o444)
        let ownStats = try Self.asOtherUser(["db", "stats", "--db", own], home: home)
        #expect(ownStats.status == 0, "\(ownStats.standardError)")
        let ownImport = try Self.asOtherUser(["import", "--db", own, RadioMapFixtures.fixture("opencellid_synthetic.csv")], home: home)
        #expect(ownImport.status == 77, "\(ownImport.standardError)")
        #expect(ownImport.standardError.contains("may not write it"), "\(ownImport.standardError)")
    }

    @Test(.enabled(if: ScratchMount.unavailableReason == nil, "\(ScratchMount.unavailableReason ?? "")"))
    func aMapOnAReadOnlyMountAnswersReadersAndRefusesWriters() throws {
        let mount = try ScratchMount(kibibytes: 2048)
        let map = mount.path("radiomap.sqlite")
        _ = try RadioMapFixtures.importFile(RadioMapFixtures.fixture("wigle_quirks.csv"), into: map)
        try mount.remountReadOnly()
        let before = RadioMapFixtures.bytes(map)

        let stats = try CommandRunner.whereabouts(["db", "stats", "--db", map, "--json"])
        #expect(stats.status == 0, "\(stats.standardError)")
        #expect(stats.standardOutput.contains("\"accessPoints\":4"), "\(stats.standardOutput)")
        let imported = try CommandRunner.whereabouts(["import", "--db", map, RadioMapFixtures.fixture("opencellid_synthetic.csv")])
        #expect(imported.status == 77, "\(imported.standardError)")
        #expect(imported.standardError.contains("mounted read-only"), "\(imported.standardError)")
        let created = try CommandRunner.whereabouts(["import", "--db", mount.path("new.sqlite"), RadioMapFixtures.fixture("opencellid_synthetic.csv")])
        #expect(created.status == 73, "\(created.standardError)")
        #expect(RadioMapFixtures.bytes(map) == before)
        #expect(mount.names() == ["radiomap.sqlite"])
    }
}
