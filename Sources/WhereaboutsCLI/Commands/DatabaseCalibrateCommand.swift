import ArgumentParsing
import Foundation
import PositioningCore
import RadioMap

/// `whereabouts db calibrate`: computes the radius factors from the map's own survey by k-fold
/// refits and stores them, so `locate` reports honest 68 % radii.
struct DatabaseCalibrateCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "calibrate",
        abstract: "Calibrate the accuracy radius against the map's own survey scans.",
        discussion: """
            Holds each surveyed scan out (at most 3000, a seeded choice) together with every \
            access-point sighting its recording made within two minutes of it (they share its \
            GPS drift), its cells refit without its whole recording session, as a query from \
            another walk meets them (--cell-holdout block: without the sightings within a gap a \
            query would face; scan: without its own sightings only), re-aggregates the emitters it \
            heard from the rest of the survey, locates it against \
            those and compares the fix with the scan's GPS position; --folds K instead deals \
            half-hour track stretches into K folds (sparser refits, wider radii).

            Fingerprint \
            tables are matched without each fingerprint's own visit (same hour, same spot) and \
            give the factors of fingerprint fixes. The survey's own scans are tried as \
            fingerprints the same way (each held-out scan matched without its recording's \
            ±2 min) and kept in the map only when they cut the held-out Wi-Fi median error by at \
            least 5 % (dense walks and drives logging whole scans; not WiGLE exports that log \
            each network once per walk); they are replaced at every calibration.

            Per source and emitter-count bin \
            (1, 2, 3-4, 5-9, 10+), the factor is the ceil((n+1)*0.68)-th smallest ratio of error \
            to raw radius (split conformal prediction), so the scaled radius holds the truth 68 % \
            of the time; bins with fewer than 20 scans use their source's pooled factor. Cell \
            fixes also get a factor per decade of their cells' sightings (1, 2-9, 10-99, 100+; \
            fewer than 20 fixes: the pooled cell factor).

            Until a \
            map is calibrated, locate keeps the raw, conservative radius and says \
            "calibrated": false.
            """,
        examples: ["whereabouts db calibrate", "whereabouts db calibrate --db town.sqlite --folds 10 --json"])

    @Option("--db", help: "Radio map to calibrate (default: $XDG_DATA_HOME/whereabouts/radiomap.sqlite).")
    var database: FilePath?
    @Option("--folds", valueName: "K", help: "Use K folds of track stretches instead of holding each scan out with its ±2 min.")
    var folds: FoldCount?
    @Option("--seed", help: "Seed of the fold assignment or of the scans tested (default 1).") var seed: UInt64 = 1
    @Option("--cell-holdout", help: MapCalibration.cellHoldOutHelp)
    var cellHoldOut = CrossValidatedCalibration.CellHoldOut.session
    @Flag("--json", help: "Print the factors as JSON.") var json: Bool

    func run(context: CommandContext) async throws -> ExitCode {
        let paths = StandardPaths(environment: context.environment)
        let path = paths.databasePath(option: database?.string, configuration: try paths.loadConfiguration())
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure.noRadioMap(at: path, remedy: "import a survey first")
        }
        let radioMap = try RadioMap(path: path, mode: .readWrite)
        let outcome = try MapCalibration(folds: folds?.count, seed: seed, cellHoldOut: cellHoldOut).recalibrate(radioMap)
        if json {
            context.output.line(CalibrationReport.json(outcome))
        } else {
            context.output.write(CalibrationReport.text(outcome.factors, samples: outcome.samples))
            if let summary = outcome.fingerprintSummary { context.output.line(summary) }
            if outcome.factors.isEmpty {
                context.output.line("Too few located scans to calibrate; radii stay uncorrected (conservative).")
            }
        }
        return .success
    }
}

/// `--folds K`: a whole number of at least 2 (shared by `db calibrate` and `eval`).
struct FoldCount: ExpressibleByArgument {
    var count: Int

    init(argument: String) throws(ArgumentValueError) {
        guard let value = Int(argument), value >= 2 else {
            throw .message("expects a whole number of at least 2, got '\(argument)'")
        }
        count = value
    }
    static var defaultValueName: String { "K" }
}

extension MapCalibration {
    /// `--cell-holdout session|block|scan`'s help, shared by `db calibrate` and `eval`.
    static let cellHoldOutHelp =
        "How a held-out scan's cells are refit: session (default; without its whole recording session), block (without the sightings within a gap a query would face) or scan (without its own sightings only)."
}

/// `--cell-holdout session|block|scan`: the enumeration's own names.
extension CrossValidatedCalibration.CellHoldOut: ExpressibleByArgument {}
