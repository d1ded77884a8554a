import ArgumentParsing
import Foundation
import JSONCodec
import PositioningCore
import RadioMap

/// `whereabouts db forget`: remove one access point, one cell, everything heard in an area, or
/// everything heard before a date.
struct DatabaseForgetCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "forget",
        abstract: "Forget an access point, a cell, an area or everything before a date, and re-aggregate what remains.",
        discussion: """
            Deletes the sightings (and retention summaries) concerned and recomputes the affected \
            access points, cells and areas from what remains, in one transaction: a forgotten \
            emitter stops influencing fixes at once.

            A cell is written radio/mcc/mnc/area/cid; \
            forgetting a cell also removes its published (OpenCellID) entry. --area removes every \
            sighting made within RADIUS metres, published cells placed there and fingerprints \
            taken there. --before DATE (YYYY-MM-DD, UTC midnight, or ISO 8601) removes sightings \
            made earlier; a sighting of unknown time counts as made when its file was imported.

            To forget everything, delete the radio-map file.
            """,
        usage: ["BSSID | CELL | --area LAT,LON,RADIUS | --before DATE [--db PATH] [--json]"],
        examples: [
            "whereabouts db forget b4:ee:b4:36:d2:b0",
            "whereabouts db forget lte/262/2/44803/20714553",
            "whereabouts db forget --area 52.5200,13.4050,300",
            "whereabouts db forget --before 2024-01-01",
        ])

    @Argument("BSSID|CELL", help: "An access point (aa:bb:cc:dd:ee:ff) or a cell (lte/262/2/44803/20714553).")
    var emitter: String?
    @Option("--area", help: "Forget everything heard within RADIUS metres of LAT,LON.") var area: CircleArgument?
    @Option("--before", help: "Forget every sighting made before DATE.") var before: DateArgument?
    @Option("--db", help: DatabaseOptionHelp.change) var database: FilePath?
    @Flag("--json", help: "Print what was removed as JSON.") var json: Bool

    enum Target {
        case accessPoint(BSSID)
        case cell(CellIdentity)
        case area(Coordinate, Double)
        case before(Date)
    }

    func validate() throws(UsageError) {
        _ = try target()
    }

    func run(context: CommandContext) async throws -> ExitCode {
        let target = try target()
        let paths = StandardPaths(environment: context.environment)
        let configuration = try paths.loadConfiguration()
        let map = try paths.existingRadioMap(option: database?.string, configuration: configuration)
        let summary: ForgetSummary
        switch target {
        case .accessPoint(let bssid): summary = try map.forget(accessPoint: bssid)
        case .cell(let cell): summary = try map.forget(cell: cell)
        case .area(let centre, let radius): summary = try map.forget(within: radius, of: centre)
        case .before(let date): summary = try map.forgetObservations(before: date)
        }
        try Retention.apply(configuration, to: map)
        let fields: [(String, Int)] = [
            ("observationsRemoved", summary.observationsRemoved), ("accessPointsRemoved", summary.accessPointsRemoved),
            ("accessPointsUpdated", summary.accessPointsUpdated), ("cellsRemoved", summary.cellsRemoved),
            ("cellsUpdated", summary.cellsUpdated), ("fingerprintsRemoved", summary.fingerprintsRemoved),
        ]
        if json {
            var writer = JSONWriter()
            writer.beginObject()
            for (key, value) in fields {
                writer.writeKey(key)
                writer.write(value)
            }
            writer.endObject()
            context.output.line(writer.string)
        } else if summary == ForgetSummary() {
            context.output.line("Nothing to forget: the radio map holds nothing that matches.")
        } else {
            let c = ImportReport.count
            context.output.line(
                "Forgot \(c(summary.observationsRemoved)) sightings: \(c(summary.accessPointsRemoved)) access points "
                    + "and \(c(summary.cellsRemoved)) cells removed, \(c(summary.accessPointsUpdated)) access points and "
                    + "\(c(summary.cellsUpdated)) cells re-aggregated"
                    + (summary.fingerprintsRemoved > 0 ? ", \(c(summary.fingerprintsRemoved)) fingerprints removed." : "."))
        }
        return .success
    }

    /// The one thing to forget: the argument, `--area` or `--before`.
    func target() throws(UsageError) -> Target {
        var targets: [Target] = []
        if let text = emitter {
            if let bssid = BSSID(text) {
                targets.append(.accessPoint(bssid))
            } else {
                targets.append(.cell(try Self.parseCell(text)))
            }
        }
        if let area { targets.append(.area(area.center, area.radius)) }
        if let before { targets.append(.before(before.date)) }
        guard targets.count == 1 else {
            throw .usage(targets.isEmpty
                ? "say what to forget: a BSSID, a CELL (radio/mcc/mnc/area/cid), --area or --before"
                : "give one of BSSID, CELL, --area and --before")
        }
        return targets[0]
    }

    /// `radio/mcc/mnc/area/cid`, e.g. `lte/262/2/44803/20714553`.
    static func parseCell(_ text: String) throws(UsageError) -> CellIdentity {
        do {
            return try CellIdentity(parsing: text)
        } catch {
            switch error {
            case .malformed:
                throw .usage("'\(text)' is neither a BSSID (aa:bb:cc:dd:ee:ff) nor a cell (radio/mcc/mnc/area/cid, e.g. lte/262/2/44803/20714553)")
            case .invalid(let invalid):
                throw .usage("invalid cell '\(text)': \(invalid.reason)")
            }
        }
    }
}

/// `YYYY-MM-DD` (midnight UTC) or an ISO 8601 time with zone.
struct DateArgument: ExpressibleByArgument {
    var date: Date

    init(argument: String) throws(ArgumentValueError) {
        guard let date = Self.parse(argument) else {
            throw .message("expects YYYY-MM-DD or an ISO 8601 time, got '\(argument)'")
        }
        self.date = date
    }
    static var defaultValueName: String { "DATE" }

    static func parse(_ text: String) -> Date? {
        let day = ISO8601DateFormatter()
        day.formatOptions = [.withFullDate]
        day.timeZone = TimeZone(identifier: "UTC")
        if text.count == 10, let date = day.date(from: text) { return date }
        let full = ISO8601DateFormatter()
        if let date = full.date(from: text) { return date }
        full.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return full.date(from: text)
    }
}
