import Foundation
import SystemSupport
import Testing
import TestSupport

@testable import WiFiScanner

/// Scanning repeatedly leaks no file descriptor. On this machine's kernel every scan takes the
/// failing path — a netlink socket opened, nl80211 not resolvable, the socket closed — so the
/// test counts `/proc/self/fd` across 10,000 attempts of it (where Wi-Fi exists, of real scans
/// of the cache). The scans run in a child process of their own, so the descriptors of the
/// tests running beside it do not enter the count.
@Suite struct ScanDescriptorLeakTests {
    static let marker = "WHEREABOUTS_TEST_SCAN_FD_REPORT"
    static let attempts = 10_000

    @Test(.enabled(if: ChildTest.isChild(marker), "runs only as the child of tenThousandScansLeakNoDescriptor"))
    func childScans() async throws {
        let report = try #require(ProcessInfo.processInfo.environment[Self.marker])
        let scanner = WiFiScanner()
        var outcome = ""
        func attempt() async {
            do {
                let scan = try await scanner.scan(mode: .cached, timeout: .seconds(5))
                outcome = "scanned \(scan.accessPoints.count)"
            } catch {
                outcome = "\(error)"
            }
        }
        for _ in 0..<50 { await attempt() }  // warm up: threads, libnl's one-time state
        let before = ChildTest.openDescriptorCount()
        for _ in 0..<Self.attempts { await attempt() }
        let after = ChildTest.openDescriptorCount()
        try "\(before)\n\(after)\n\(outcome)".write(toFile: report, atomically: true, encoding: .utf8)
    }

    @Test func tenThousandScansLeakNoDescriptor() async throws {
        let directory = TemporaryDirectory()
        let report = directory.path("report")
        let status = try await DedicatedThread("scan child") {
            Result { try ChildTest.run("ScanDescriptorLeakTests/childScans", environment: [Self.marker: report]) }
        }.value.get()
        #expect(status == 0)
        let lines = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n", maxSplits: 2).map(String.init)
        try #require(lines.count == 3)
        #expect(Int(lines[0])! > 0)
        #expect(Int(lines[1])! <= Int(lines[0])!, "descriptors before and after \(Self.attempts) scans: \(lines)")
    }
}
