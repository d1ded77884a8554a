import ArgumentParsing
import Evaluation
import Foundation
import LocationService
import PositioningCore
import WiFiScanner

/// `whereabouts scan`: the access points this machine hears, through nl80211.
struct ScanCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scan",
        abstract: "List the Wi-Fi access points this machine hears (nl80211).",
        discussion: """
            Triggers a fresh scan and waits for its results. Without the CAP_NET_ADMIN capability \
            the kernel refuses the trigger; the scan then falls back to the kernel's cached \
            results and says so.

            Cached entries expire about 30 s after they were last heard, so \
            an idle machine's cache may hold only the network it is connected to.
            """,
        examples: ["whereabouts scan", "whereabouts scan --cached --json", "whereabouts scan --record walk.trace.jsonl"])

    @Option("--interface", valueName: "IF", help: "Scan only this interface (default: every wireless interface).")
    var interface: String?
    @Flag("--cached", help: "Read the kernel's cached results without triggering a scan.") var cached: Bool
    @Option("--timeout", help: "How long to wait for a fresh scan (default 10).") var timeout: Duration = .seconds(10)
    @Option("--record", valueName: "FILE", help: "Append the scan to a replay trace (JSON lines).") var record: FilePath?
    @Flag("--json", help: "Print the scan as JSON (the geolocate wifiAccessPoints shape plus extras).") var json: Bool

    func validate() throws(UsageError) {
        guard timeout > .zero else { throw .usage("--timeout must be positive") }
    }

    func run(context: CommandContext) async throws -> ExitCode {
        let scan: WiFiScan
        do {
            scan = try await WiFiScanner().scan(interface: interface, mode: cached ? .cached : .fresh, timeout: timeout)
        } catch {
            throw CommandFailure(ExitCode(rawValue: error.exitCode) ?? .failure, error.description)
        }
        if let note = scan.note { context.errors.line("Note: \(note)") }
        if let record {
            try ReplayTraceFile.append(RadioSample(time: Date(), wifi: scan.observations), to: record.string)
        }
        if json {
            context.output.line(ScanJSON.document(for: scan))
        } else {
            context.output.write(ScanTable.text(for: scan))
        }
        return .success
    }
}

/// The human-readable scan table.
enum ScanTable {
    static func text(for scan: WiFiScan) -> String {
        var rows = [["BSSID", "SSID", "CH", "BAND", "DBM", "AGE", "ASSOC"]]
        for accessPoint in scan.accessPoints {
            let ssid: String
            if let name = accessPoint.ssid {
                ssid = name.isHidden ? "(hidden)" : name.displayName
            } else {
                ssid = ""
            }
            let signal: String
            switch accessPoint.signal {
            case .dBm(let value): signal = String(Int(value.rounded()))
            case .percent(let value): signal = "\(value) %"
            case nil: signal = "?"
            }
            rows.append([
                accessPoint.bssid.description, ssid, accessPoint.channel.map { String($0.number) } ?? "?",
                accessPoint.channel?.band.description ?? "?", signal,
                accessPoint.age.map { String(format: "%.1f s", Double($0) / 1000) } ?? "?",
                accessPoint.isAssociated ? "yes" : "",
            ])
        }
        var text = TextTable.render(rows)
        let kind = scan.isCachedOnly ? "cached results" : "fresh scan"
        let names = scan.interfaces.map(\.name).joined(separator: ", ")
        text += "\(scan.accessPoints.count) access points (\(kind) on \(names))\n"
        return text
    }
}
