import Foundation
import JSONCodec
import PositioningCore
import RadioMap

/// `whereabouts db forget`: remove one access point, one cell, everything heard in an area, or
/// everything heard before a date.
enum DatabaseForgetCommand: WhereaboutsCommand {
    static let specification = CommandSpecification(
        name: "db forget",
        abstract: "Forget an access point, a cell, an area or everything before a date, and re-aggregate what remains.",
        discussion: """
            Deletes the sightings (and retention summaries) concerned and recomputes the affected \
            access points, cells and areas from what remains, in one transaction: a forgotten \
            emitter stops influencing fixes at once. A cell is written radio/mcc/mnc/area/cid; \
            forgetting a cell also removes its published (OpenCellID) entry. --area removes every \
            sighting made within RADIUS metres, published cells placed there and fingerprints \
            taken there. --before DATE (YYYY-MM-DD, UTC midnight, or ISO 8601) removes sightings \
            made earlier; a sighting of unknown time counts as made when its file was imported. \
            To forget everything, delete the radio-map file.
            """,
        arguments: [ArgumentSpecification(name: "BSSID|CELL", help: "An access point (aa:bb:cc:dd:ee:ff) or a cell (lte/262/2/44803/20714553).", isOptional: true)],
        options: [
            .value("--area", "LAT,LON,RADIUS", help: "Forget everything heard within RADIUS metres of LAT,LON."),
            .value("--before", "DATE", help: "Forget every sighting made before DATE."),
            .value("--db", "PATH", help: "Radio map to change (default: $XDG_DATA_HOME/whereabouts/radiomap.sqlite)."),
            .flag("--json", help: "Print what was removed as JSON."),
        ],
        usageOverride: ["BSSID | CELL | --area LAT,LON,RADIUS | --before DATE [--db PATH] [--json]"],
        examples: [
            "whereabouts db forget b4:ee:b4:36:d2:b0",
            "whereabouts db forget lte/262/2/44803/20714553",
            "whereabouts db forget --area 52.5200,13.4050,300",
            "whereabouts db forget --before 2024-01-01",
        ])

    enum Target {
        case accessPoint(BSSID)
        case cell(CellIdentity)
        case area(Coordinate, Double)
        case before(Date)
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        let target = try parseTarget(arguments)
        let paths = StandardPaths(environment: context.environment)
        let configuration = try paths.loadConfiguration()
        let map = try paths.existingRadioMap(option: arguments.value("--db"), configuration: configuration)
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
        if arguments.flag("--json") {
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

    static func parseTarget(_ arguments: ParsedArguments) throws(CommandFailure) -> Target {
        var targets: [Target] = []
        if arguments.positionals.count > 1 {
            throw CommandFailure.usage("expected one BSSID or CELL, got \(arguments.positionals.count) arguments")
        }
        if let text = arguments.positionals.first {
            if let bssid = BSSID(text) {
                targets.append(.accessPoint(bssid))
            } else {
                targets.append(.cell(try parseCell(text)))
            }
        }
        if let text = arguments.value("--area") {
            let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
            guard parts.count == 3, let latitude = parts[0], let longitude = parts[1], let radius = parts[2],
                Coordinate(latitude: latitude, longitude: longitude).isValid, radius > 0, radius.isFinite
            else {
                throw CommandFailure.usage("--area expects LAT,LON,RADIUS (degrees, degrees, metres > 0), got '\(text)'")
            }
            targets.append(.area(Coordinate(latitude: latitude, longitude: longitude), radius))
        }
        if let text = arguments.value("--before") {
            guard let date = parseDate(text) else {
                throw CommandFailure.usage("--before expects YYYY-MM-DD or an ISO 8601 time, got '\(text)'")
            }
            targets.append(.before(date))
        }
        guard targets.count == 1 else {
            throw CommandFailure.usage(targets.isEmpty
                ? "say what to forget: a BSSID, a CELL (radio/mcc/mnc/area/cid), --area or --before"
                : "give one of BSSID, CELL, --area and --before")
        }
        return targets[0]
    }

    /// `radio/mcc/mnc/area/cid`, e.g. `lte/262/2/44803/20714553`.
    static func parseCell(_ text: String) throws(CommandFailure) -> CellIdentity {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 5, let radio = RadioType(name: parts[0]), let mcc = Int(parts[1]), let mnc = Int(parts[2]),
            let area = Int(parts[3]), let cellID = Int64(parts[4])
        else {
            throw CommandFailure.usage("'\(text)' is neither a BSSID (aa:bb:cc:dd:ee:ff) nor a cell (radio/mcc/mnc/area/cid, e.g. lte/262/2/44803/20714553)")
        }
        do {
            return try CellIdentity(radio: radio, mcc: mcc, mnc: mnc, area: area, cellID: cellID)
        } catch {
            throw CommandFailure.usage("invalid cell '\(text)': \(error.reason)")
        }
    }

    /// `YYYY-MM-DD` (midnight UTC) or an ISO 8601 time with zone.
    static func parseDate(_ text: String) -> Date? {
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
