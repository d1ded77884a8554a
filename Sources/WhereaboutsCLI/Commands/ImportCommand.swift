import ArgumentParsing
import Foundation
import PositioningCore
import RadioMap
import SurveyFormats
import SystemSupport

/// `whereabouts import FILE…`: survey and reference data into the radio map.
struct ImportCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import survey data (WiGLE CSV and app database, ESP32/ESP8266 wardriver logs, Kismet logs, NeoStumbler, microG, Local NLP Backend, OpenCellID/MLS CSV, AP lists, geosubmit JSON, UJIIndoorLoc fingerprints; plain, gzip, xz or each file of a ZIP) and GeoNames places into the radio map.",
        discussion: """
            Each file is imported in one transaction: all of it or nothing. A malformed row is \
            rejected with its line number and reason and the rest imports; with --strict the first \
            bad row stops the file and the radio map stays exactly as it was.

            Importing a file \
            whose content was imported before changes nothing.

            A map calibrated by `db calibrate` \
            is recalibrated after the import when its survey holds at most 100,000 sightings (a \
            few seconds); a larger one is left to `db calibrate`, with a note.
            """,
        examples: [
            "whereabouts import survey.wigle.csv",
            "whereabouts import wiglewifi.sqlite Kismet-20230801-10-00-00-1.kismet",
            "whereabouts import --format opencellid --db map.sqlite cells.csv",
        ])

    @Argument("FILE", help: "Survey files to import.") var files: [String]
    @Option("--db", help: "Radio map to write (default: $XDG_DATA_HOME/whereabouts/radiomap.sqlite).") var database: FilePath?
    @Option("--format", help: "wigle, wigledb, kismet, scanlog, neostumbler, microg, lnb, opencellid, aplist, geosubmit, fingerprints or geonames (default: detected from the content; .gz/.xz are unpacked on the fly).")
    var format: SurveyFormatArgument?
    @Flag("--strict", help: "Stop at the first bad row; exit 65 and change nothing.") var strict: Bool
    @Option("--mcc", valueName: "LIST", group: "filter", help: "Keep only cells of these mobile country codes (e.g. 262,232).")
    var mccs: String?
    @Option("--within", valueName: "LAT,LON,KM", group: "filter", help: "Keep only cells whose coverage reaches this circle, and sightings inside it.")
    var within: String?
    @Flag("--json", help: "Print the summary as JSON.") var json: Bool
    @Flag("--quiet", help: "Print nothing but errors.") var quiet: Bool
    @Flag("--calibrate", inversion: true, help: "Recalibrate a calibrated map after importing (default; --no-calibrate does not).")
    var calibrate = true
    @Option("--timezone", help: "The zone a WiGLE app export's local FirstSeen times are in (Europe/Amsterdam, +05:30); default: from an unknown-time marker in the file, else UTC.")
    var timeZone: TimeZoneArgument?

    func validate() throws(UsageError) {
        _ = try filter()
    }

    /// `--mcc` and `--within`, checked by the import's own filter.
    private func filter() throws(UsageError) -> ImportFilter {
        do {
            return try ImportFilter(mccs: mccs, within: within)
        } catch {
            throw .usage(error.description)
        }
    }

    func run(context: CommandContext) async throws -> ExitCode {
        let filter = try filter()
        let paths = StandardPaths(environment: context.environment)
        let configuration = try paths.loadConfiguration()
        let databasePath = paths.databasePath(option: database?.string, configuration: configuration)
        let options = ImportOptions(format: format?.format, strict: strict, timeZone: timeZone?.zone, filter: filter)
        let (radioMap, result) = try RadioMap.fill(at: databasePath) { radioMap, fill in
            switch fill {
            case .building:
                // The map gets its name when every file is in: what the imports print waits
                // for it, since another process may make the map meanwhile and then these
                // files are imported into that one instead.
                let reports = MemorySink(), problems = MemorySink()
                var outcome = try importFiles(into: radioMap, options: options, context: context, reports: reports, problems: problems)
                outcome.heldBack = (reports.text, problems.text)
                return outcome
            case .madeMeanwhile:
                if !quiet { context.errors.line("\(databasePath) was created by another process meanwhile: importing into it") }
                fallthrough
            case .existing:
                return try importFiles(into: radioMap, options: options, context: context, reports: context.output, problems: context.errors)
            }
        }
        if let (reports, problems) = result.heldBack {
            context.errors.write(problems)
            context.output.write(reports)
        }
        if result.firstFailure == nil || !options.strict {
            try Retention.apply(configuration, to: radioMap)
            // Places do not move the radius; everything else can.
            if calibrate, result.summaries.contains(where: { $0.rowsImported > 0 && $0.format != .geonames }) {
                try CalibrationReport.keepCalibrated(radioMap, after: "this import", quiet: quiet || json, output: context.output)
            }
        }
        return result.firstFailure?.exitCode ?? .success
    }

    /// What importing the files did.
    private struct Outcome {
        var summaries: [ImportSummary]
        var firstFailure: CommandFailure?
        /// The reports and problems printed once a new map has its name.
        var heldBack: (reports: String, problems: String)?
    }

    /// Imports each file (each in its own transaction), printing its summary to `reports` and
    /// its failure to `problems`; with --strict, stops at the first failure.
    private func importFiles(
        into radioMap: RadioMap, options: ImportOptions, context: CommandContext, reports: any OutputSink,
        problems: any OutputSink
    ) throws -> Outcome {
        // SQLite has one writer at a time: a second import waits for the first, and says so.
        radioMap.waitWhenBusy { context.errors.line("database busy, waiting for another import…") }
        var outcome = Outcome(summaries: [], firstFailure: nil)
        for file in files {
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
                outcome.summaries += imported
                if !quiet && !json { imported.forEach { reports.write(ImportReport.text(for: $0)) } }
            } catch {
                progress?.finish()
                let failure = CommandFailure(error)
                problems.line("Error: \(file): \(failure.message)")
                outcome.firstFailure = outcome.firstFailure ?? failure
                if options.strict { break }
            }
        }
        if json { reports.line(ImportReport.json(for: outcome.summaries)) }
        return outcome
    }
}

/// `--format`: one of the survey formats, in any case.
struct SurveyFormatArgument: ExpressibleByArgument {
    var format: SurveyFormat

    init(argument: String) throws(ArgumentValueError) {
        guard let format = SurveyFormat(rawValue: argument.lowercased()) else {
            let names = SurveyFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw .reason("unknown format '\(argument)' (expected one of: \(names))")
        }
        self.format = format
    }
    static var defaultValueName: String { "FORMAT" }
    static var allValueStrings: [String] { SurveyFormat.allCases.map(\.rawValue) }
}

/// `--timezone`: a zone name (Europe/Amsterdam, UTC) or offset (+05:30).
struct TimeZoneArgument: ExpressibleByArgument {
    var zone: TimeZone

    init(argument: String) throws(ArgumentValueError) {
        guard let zone = WigleClock.timeZone(named: argument) else {
            throw .reason("unknown time zone '\(argument)' (expected e.g. Europe/Amsterdam, UTC or +05:30)")
        }
        self.zone = zone
    }
    static var defaultValueName: String { "ZONE" }
}
