import Evaluation
import Foundation
import PositioningCore
import SurveyFormats
import WiFiScanner

/// `whereabouts scan`: the access points this machine hears, through nl80211.
enum ScanCommand: WhereaboutsCommand {
    static let specification = CommandSpecification(
        name: "scan",
        abstract: "List the Wi-Fi access points this machine hears (nl80211).",
        discussion: """
            Triggers a fresh scan and waits for its results. Without the CAP_NET_ADMIN capability \
            the kernel refuses the trigger; the scan then falls back to the kernel's cached \
            results and says so. Cached entries expire about 30 s after they were last heard, so \
            an idle machine's cache may hold only the network it is connected to.
            """,
        options: [
            .value("--interface", "IF", help: "Scan only this interface (default: every wireless interface)."),
            .flag("--cached", help: "Read the kernel's cached results without triggering a scan."),
            .value("--timeout", "SECONDS", help: "How long to wait for a fresh scan (default 10)."),
            .value("--record", "FILE", help: "Append the scan to a replay trace (JSON lines)."),
            .flag("--json", help: "Print the scan as JSON (the geolocate wifiAccessPoints shape plus extras)."),
        ],
        examples: ["whereabouts scan", "whereabouts scan --cached --json", "whereabouts scan --record walk.trace.jsonl"])

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        let timeout = try arguments.number("--timeout") ?? 10
        guard timeout > 0 else { throw CommandFailure.usage("--timeout must be positive") }
        let scan: WiFiScan
        do {
            scan = try await WiFiScanner().scan(
                interface: arguments.value("--interface"), mode: arguments.flag("--cached") ? .cached : .fresh,
                timeout: .milliseconds(Int(timeout * 1000)))
        } catch {
            throw CommandFailure(ExitCode(rawValue: error.exitCode) ?? .failure, error.description)
        }
        if let note = scan.note { context.errors.line("Note: \(note)") }
        if let record = arguments.value("--record") {
            try ReplayTraceFile.append(ReplayTrace.line(for: RadioSample(time: Date(), wifi: scan.observations)), to: record)
        }
        if arguments.flag("--json") {
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
