import Foundation
import PositioningCore
import RadioMap
import SurveyFormats

/// `whereabouts import FILE…`: survey and reference data into the radio map.
enum ImportCommand: WhereaboutsCommand {
    static let specification = CommandSpecification(
        name: "import",
        abstract: "Import survey data (WiGLE CSV and app database, ESP32/ESP8266 wardriver logs, Kismet logs, NeoStumbler, microG, Local NLP Backend, OpenCellID/MLS CSV, AP lists, geosubmit JSON, UJIIndoorLoc fingerprints; plain, gzip, xz or each file of a ZIP) and GeoNames places into the radio map.",
        discussion: """
            Each file is imported in one transaction: all of it or nothing. A malformed row is \
            rejected with its line number and reason and the rest imports; with --strict the first \
            bad row stops the file and the radio map stays exactly as it was. Importing a file \
            whose content was imported before changes nothing. A map calibrated by `db calibrate` \
            is recalibrated after the import when its survey holds at most 100,000 sightings (a \
            few seconds); a larger one is left to `db calibrate`, with a note.
            """,
        arguments: [ArgumentSpecification(name: "FILE", help: "Survey files to import.", isVariadic: true)],
        options: [
            .value("--db", "PATH", help: "Radio map to write (default: $XDG_DATA_HOME/whereabouts/radiomap.sqlite)."),
            .value("--format", "FORMAT", help: "wigle, wigledb, kismet, scanlog, neostumbler, microg, lnb, opencellid, aplist, geosubmit, fingerprints or geonames (default: detected from the content; .gz/.xz are unpacked on the fly)."),
            .flag("--strict", help: "Stop at the first bad row; exit 65 and change nothing."),
            .value("--mcc", "LIST", help: "Keep only cells of these mobile country codes (e.g. 262,232)."),
            .value("--within", "LAT,LON,KM", help: "Keep only cells whose coverage reaches this circle, and sightings inside it."),
            .flag("--json", help: "Print the summary as JSON."),
            .flag("--quiet", help: "Print nothing but errors."),
            .flag("--no-calibrate", help: "Do not recalibrate a calibrated map after importing."),
            .value("--timezone", "ZONE", help: "The zone a WiGLE app export's local FirstSeen times are in (Europe/Amsterdam, +05:30); default: from an unknown-time marker in the file, else UTC."),
        ],
        examples: [
            "whereabouts import survey.wigle.csv",
            "whereabouts import wiglewifi.sqlite Kismet-20230801-10-00-00-1.kismet",
            "whereabouts import --format opencellid --db map.sqlite cells.csv",
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        var format: SurveyFormat?
        if let name = arguments.value("--format") {
            guard let parsed = SurveyFormat(rawValue: name.lowercased()) else {
                let names = SurveyFormat.allCases.map(\.rawValue).joined(separator: ", ")
                throw CommandFailure.usage("unknown format '\(name)' (expected one of: \(names))")
            }
            format = parsed
        }
        let filter: ImportFilter
        do {
            filter = try ImportFilter(mccs: arguments.value("--mcc"), within: arguments.value("--within"))
        } catch {
            throw CommandFailure.usage(error.description)
        }
        let paths = StandardPaths(environment: context.environment)
        let configuration = try paths.loadConfiguration()
        let databasePath = paths.databasePath(option: arguments.value("--db"), configuration: configuration)
        let radioMap = try RadioMap(path: databasePath, mode: .readWrite)
        // SQLite has one writer at a time: a second import waits for the first, and says so.
        radioMap.waitWhenBusy { context.errors.line("database busy, waiting for another import…") }
        var timeZone: TimeZone?
        if let name = arguments.value("--timezone") {
            guard let zone = WigleClock.timeZone(named: name) else {
                throw CommandFailure.usage("unknown time zone '\(name)' (expected e.g. Europe/Amsterdam, UTC or +05:30)")
            }
            timeZone = zone
        }
        let options = ImportOptions(
            format: format, strict: arguments.flag("--strict"), timeZone: timeZone, filter: filter)
        let quiet = arguments.flag("--quiet")
        let json = arguments.flag("--json")

        var summaries: [ImportSummary] = []
        var firstFailure: CommandFailure?
        for file in arguments.positionals {
            let progress = quiet || !context.errors.isTerminal ? nil : ProgressBar(label: file, sink: context.errors)
            do {
                // A ZIP archive (NeoStumbler's export) imports each of its files.
                let imported = try radioMap.importSurveys(at: file, options: options) { update in
                    if let write = update.sortedWrite {
                        progress?.update(writing: write.written, of: write.total)
                    } else {
                        progress?.update(bytes: update.bytesRead, of: update.totalBytes, rows: update.rowsRead)
                    }
                }
                progress?.finish()
                summaries += imported
                if !quiet && !json { imported.forEach { context.output.write(ImportReport.text(for: $0)) } }
            } catch {
                progress?.finish()
                let failure = CommandFailure(error)
                context.errors.line("Error: \(file): \(failure.message)")
                firstFailure = firstFailure ?? failure
                if options.strict { break }
            }
        }
        if json { context.output.line(ImportReport.json(for: summaries)) }
        if firstFailure == nil || !options.strict {
            try Retention.apply(configuration, to: radioMap)
            // Places do not move the radius; everything else can.
            if !arguments.flag("--no-calibrate"), summaries.contains(where: { $0.rowsImported > 0 && $0.format != .geonames }) {
                try CalibrationReport.keepCalibrated(radioMap, after: "this import", quiet: quiet || json, output: context.output)
            }
        }
        return firstFailure?.exitCode ?? .success
    }
}
