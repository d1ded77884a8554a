import ArgumentParsing
import Evaluation
import Foundation
import Geolocation
import JSONCodec
import PositioningCore
import RadioMap
import SurveyFormats
import WorldSimulator

/// `whereabouts eval`: measures Whereabouts and the Ichnaea peer side by side on held-out
/// ground truth.
struct EvalCommand: RunnableCommand {
    static let configuration = CommandConfiguration(
        commandName: "eval",
        abstract: "Measure accuracy and radius honesty on held-out ground truth, Whereabouts beside Ichnaea.",
        discussion: """
            Inputs: a `simulate` town (--town DIR: its survey and cells are imported into a temporary map, \
            its queries located and scored against its truth), a WiGLE survey split into a map and held-out \
            scans (--survey FILE), or existing files (--queries Q.jsonl --truth T.jsonl --db MAP; truth lines \
            are {"lat","lng"}, optionally "offSurvey" and "session").

            Prints, per estimator, fix source (wifi, cell, mixed; an unanswered query counts under what it \
            heard) and emitter-count bin (emitters used; heard when unanswered): n, answered %, median, p68, \
            p90 and p95 error in metres, and how often the truth lay inside the reported radius with its \
            Wilson 95 % interval, for both Whereabouts circles, 68 % (accuracy68) and 95 % (accuracy); \
            Ichnaea's radius is its own 95 % figure. When the truth names two or more recording sessions (a \
            survey split writes each held-out scan's), the intervals count the sessions, not the queries. Then the map floor: how far the truth lay outside the \
            hull of the heard access points' map positions, which no centroid of them can beat.

            Pooled runs: --towns FIRST-LAST evaluates one fresh `simulate` town per seed (in parallel, files \
            removed after) and pools the radius coverage over the towns: per source and bin, the pooled shares \
            inside both circles with their intervals (the towns, not the queries, as the units drawn), the spread of the towns' shares beside the spread the binomial alone \
            gives, and how many towns' bins with ≥ 50 queries miss 68 % in their own interval. --survey FILE \
            --split-device each does the same for every device model of FILE held out in turn, and --survey \
            FILE… --split-session for every recording session of the files (each file, cut where its rows' \
            times pause longer than --session-gap) held out in turn, the map built from all the other \
            sessions' rows. Pooled runs end with all their queries scored as one evaluation, with the same \
            intervals.

            A fingerprint table with its validation table (--fingerprints, --validation; UJIIndoorLoc layout, \
            plain or .xz) is scored instead by mean, median and p90 error in the table's EPSG:3857 metres and \
            building and floor hit rates, Whereabouts' k-NN matcher beside plain 1-NN on dBm.

            Calibration: --calibration stored (default with --db) uses the map's stored factors; kfold \
            (default for --town and --survey) computes them from the map's own survey by held-out refits, as \
            `db calibrate` does (each scan without its recording's ±2 min, its cells without its whole \
            recording session; --cell-holdout block: without the sightings within a gap a query would face; \
            scan: without the scan alone; --folds K: K folds of track stretches); none shows the raw radius. With --fingerprints the \
            fingerprint factor comes from the training table alone.
            """,
        usage: [
            "--town DIR [--estimator NAME] [--calibration MODE] [--json] [--plot FILE.svg]",
            "--towns FIRST-LAST [--size SIZE] [--centre LAT,LON] [--estimator NAME] [--json]",
            "--survey FILE.csv [--split-column NAME | --split-device MODEL | --holdout FRACTION] [--min-aps N] […]",
            "--survey FILE.csv [FILE.csv…] --split-session [--session-gap MINUTES] [--min-aps N] [--json]",
            "--queries Q.jsonl --truth T.jsonl --db MAP [--calibration MODE] [--answers FILE.jsonl] […]",
            "--fingerprints TRAIN.csv --validation VALIDATION.csv [--neighbours K] [--json]",
            "--survey-statistics SET [--survey-statistics SET…]",
            "--learn [--town DIR | --seed N --size SIZE [--moved-fraction F]] [--drive-minutes M] [--calibrate] [--json]",
        ],
        examples: [
            "whereabouts simulate --seed 3 --out town3 && whereabouts eval --town town3",
            "whereabouts eval --survey ../shared/data/wigle/ariel_2017/ariel_observations_merged.csv --split-column split_random20",
            "whereabouts eval --queries q.jsonl --truth t.jsonl --db map.sqlite --plot eval.svg",
            "whereabouts eval --fingerprints trainingData.csv.xz --validation validationData.csv.xz",
            "whereabouts simulate --seed 2 --out town2 && whereabouts eval --town town2 --learn",
            "whereabouts eval --learn --seed 2 --moved-fraction 0.1",
            "whereabouts eval --towns 9-40",
            "whereabouts eval --survey ../shared/data/wigle/ariel_2017/ariel_observations_merged.csv --split-device each",
            "whereabouts eval --split-session --survey ../shared/data/wigle/ariel_2017/raw/*.csv",
            "whereabouts eval --survey-statistics ../shared/data/wigle/ariel_2017/raw --survey-statistics town3/survey.wigle.csv",
        ])

    @Argument("FILE", optional: true, help: "With --survey and --split-session: more survey files.") var moreSurveys: [FilePath]

    @Option("--town", valueName: "DIR", help: "A directory written by `whereabouts simulate`.") var town: FilePath?
    @Option("--towns", help: "Simulate, calibrate and evaluate one town per seed; print each town's line and the radius coverage pooled over them.")
    var towns: SeedRange?
    @Option("--survey", valueName: "FILE", help: "A WiGLE CSV to split: a plain export, or with scan_id/device_model columns (ariel_observations_merged.csv). With --split-session, more files may follow.")
    var surveys: [FilePath]
    @Option("--queries", valueName: "FILE", help: "Geolocate requests, one per line.") var queries: FilePath?
    @Option("--truth", valueName: "FILE", help: "True positions, line for line with --queries.") var truth: FilePath?
    @Option("--db", help: "Radio map to evaluate against (with --queries).") var database: FilePath?
    @Option("--fingerprints", valueName: "FILE", help: "A fingerprint table (UJIIndoorLoc layout) to match --validation against.")
    var fingerprints: FilePath?
    @Option("--validation", valueName: "FILE", help: "With --fingerprints: the fingerprint table to locate and score.")
    var validation: FilePath?
    @Option("--survey-statistics", valueName: "SET", help: "Measure a survey (a WiGLE file, or a directory of them) instead: networks per scan, GPS accuracy, RSSI, sightings and their spread, revisits; a column per SET (repeatable).")
    var statisticsSets: [FilePath]
    @Flag("--learn", help: "Measure learning instead: a town (--town DIR, or --seed and --size) is surveyed, its Wi-Fi queries located, a GPS-tagged drive through it learned, the queries located again.")
    var learn: Bool

    @Option("--split-column", valueName: "NAME", group: "survey split", help: "Rows whose NAME is 'test' are held out (e.g. split_random20).")
    var splitColumn: String?
    @Option("--split-device", valueName: "MODEL", group: "survey split", help: "Scans from device_model MODEL are held out; each: every model in turn, pooled as --towns pools.")
    var splitDevice: String?
    @Flag("--split-session", group: "survey split", help: "With --survey FILE…: hold out each recording session in turn (a file, cut at long time gaps), the others the map; pooled as --towns pools.")
    var splitSession: Bool
    @Option("--session-gap", valueName: "MINUTES", group: "survey split", help: "With --split-session: a pause longer than this between rows' times starts a new session (default 30).")
    var sessionGap: Double?
    @Option("--holdout", valueName: "FRACTION", group: "survey split", help: "Hold out this seeded fraction of scans (default 0.2).")
    var holdout: Double?
    @Option("--min-aps", group: "survey split", help: "A held-out scan is a Wi-Fi query with at least N access points (default 3); one that heard cells is also a cell-only query.")
    var minimumAccessPoints: PositiveCount?

    @Option("--estimator", group: "estimators and calibration", help: "whereabouts, ichnaea, or both (default).")
    var estimators = EstimatorSelection.both
    @Option("--calibration", valueName: "MODE", group: "estimators and calibration", help: "stored, kfold or none (see above).")
    var calibrationMode: EvaluationCalibration.Mode?
    @Option("--folds", group: "estimators and calibration", help: "Calibrate by K folds of track stretches (or fingerprint sessions) instead.")
    var folds: FoldCount?
    @Option("--seed", group: "estimators and calibration", help: "Seed for folds and --holdout (default 1).") var seed: UInt64?
    @Option("--cell-holdout", group: "estimators and calibration", help: MapCalibration.cellHoldOutHelp)
    var cellHoldOut = CrossValidatedCalibration.CellHoldOut.session
    @Option("--ichnaea-stations", valueName: "MAP", group: "estimators and calibration", help: "shared (default): the Ichnaea peer locates on our map; built: on stations Ichnaea's own builder made from the map's survey, so the comparison counts map-building.")
    var ichnaeaStations = QueryEvaluation.IchnaeaStations.shared
    @Option("--neighbours", valueName: "K", group: "estimators and calibration", help: "With --fingerprints: neighbours that vote and average (default 11).")
    var neighbours: PositiveCount?

    @Option("--size", group: "towns and learning", help: "With --learn or --towns: tiny, small (default), medium or large.")
    var size: TownSizeArgument?
    @Option("--centre", "--center", group: "towns and learning", help: "With --towns: the towns' centre (default 52.52,13.405).")
    var centre: CoordinateArgument?
    @Option("--survey-logging", group: "towns and learning", help: "With --towns: every-scan (default) or wigle-app, as `simulate --survey-logging`.")
    var surveyLogging: SurveyLogging?
    @Option("--moved-fraction", valueName: "F", group: "towns and learning", help: "With --learn: fraction of routers moved since the survey (default 0.03).")
    var movedFraction: Double?
    @Option("--drive-minutes", valueName: "M", group: "towns and learning", help: "With --learn: minutes of driving at 10 m/s (default 60).")
    var driveMinutes: Double?
    @Flag("--calibrate", group: "towns and learning", help: "With --learn: calibrate the map before and after the drive, as db calibrate and watch --learn do.")
    var calibrate: Bool

    @Option("--plot", valueName: "FILE.svg", help: "Also draw the error CDF and a radius-vs-error calibration plot.") var plot: FilePath?
    @Option("--answers", valueName: "FILE.jsonl", help: "Also write the geolocate response scored for each query, one line per query (the first estimator's: whereabouts unless --estimator ichnaea); with the map's stored calibration it is what locate --batch answers.")
    var answers: FilePath?
    @Flag("--json", help: "Print the figures as JSON.") var json: Bool

    func validate() throws(UsageError) {
        _ = try plan()
    }

    func run(context: CommandContext) async throws -> ExitCode {
        switch try plan() {
        case .statistics: return try runStatistics(context: context)
        case .fingerprints(let training, let validation): return try runFingerprints(training: training, validation: validation, context: context)
        case .learning: return try runLearning(context: context)
        case .towns(let seeds): return try runTowns(seeds: seeds, context: context)
        case .sessions(let surveys, let split): return try runEachSession(surveys: surveys, split: split, context: context)
        case .devices(let survey, let split): return try runEachDevice(survey: survey, split: split, context: context)
        case .single(let split): return try runSingle(split: split, context: context)
        }
    }

    /// `--folds K`, `--seed N` and `--cell-holdout MODE`, as `db calibrate` takes them.
    var mapCalibration: MapCalibration {
        MapCalibration(folds: folds?.count, seed: seed ?? 1, cellHoldOut: cellHoldOut)
    }

    /// One evaluation of `--town`, `--survey` or `--queries/--truth/--db`, with its table or JSON.
    private func runSingle(split: SurveySplit?, context: CommandContext) throws -> ExitCode {
        let workspace = try self.workspace(split: split)
        defer { workspace.removeTemporaryFiles() }
        let radioMap = try RadioMap(path: workspace.database, mode: workspace.isTemporary ? .readWrite : .readOnly)

        let mode = calibrationMode ?? .standard(for: workspace)
        let (factors, calibrationNote) = try EvaluationCalibration.factors(
            for: radioMap, mode: mode, calibration: mapCalibration, storingFingerprints: workspace.isTemporary)
        let radius = mode.radius(computed: factors)
        var evaluation = QueryEvaluation(estimators: estimators.choices, radius: radius)
        evaluation.ichnaeaStations = ichnaeaStations
        let (queries, truth) = (workspace.queries, workspace.truth)
        let report = try answers.map { answers in
            try evaluation.evaluate(queries: queries, truth: truth, radioMap: radioMap, writingAnswersTo: answers.string)
        } ?? evaluation.evaluate(queries: queries, truth: truth, radioMap: radioMap)

        if let plot {
            let svg = EvaluationPlot(report: report, title: "whereabouts eval: \(workspace.title)").svg
            // 0600: the plot shows where every query and its answer stood.
            try MapFile.write(svg, to: plot.string)
        }
        if json {
            context.output.line(report.json { writer in
                writer.writeKey("input"); writer.write(workspace.title)
                writer.writeKey("calibrated"); writer.write(!factors.isEmpty)
                writer.writeKey("calibration"); writer.write(calibrationNote)
                writer.writeKey("factors")
                CalibrationReport.writeFactors(factors, to: &writer)
            })
        } else {
            context.output.line("\(workspace.title): \(report.outcomes.count / max(estimators.choices.count, 1)) queries; \(calibrationNote)")
            context.output.write(report.table)
        }
        return .success
    }

    /// The workspace `--town`, `--survey` (split by `split`) or `--queries/--truth/--db` names.
    private func workspace(split: SurveySplit?) throws -> EvaluationWorkspace {
        if let town { return try .town(town.string) }
        if let survey = surveys.first, let split { return try .survey(survey.string, split: split) }
        guard let queries, let truth, let database else { preconditionFailure("plan() checked --queries needs --truth and --db") }
        guard FileManager.default.fileExists(atPath: database.string) else {
            throw CommandFailure.noRadioMap(at: database.string)
        }
        return EvaluationWorkspace(database: database.string, queries: queries.string, truth: truth.string, title: queries.string)
    }
}

/// `--estimator whereabouts|ichnaea|both` of `eval`: one estimator, or both side by side.
struct EstimatorSelection: ExpressibleByArgument {
    var choices: [EstimatorChoice]

    static let both = EstimatorSelection(choices: [.whereabouts, .ichnaea])

    private init(choices: [EstimatorChoice]) { self.choices = choices }

    init(argument: String) throws(ArgumentValueError) {
        if argument.lowercased() == "both" {
            self = .both
        } else {
            choices = [try EstimatorChoice(argument: argument)]
        }
    }
    static var defaultValueName: String { "NAME" }
    static var allValueStrings: [String] { EstimatorChoice.allValueStrings + ["both"] }
}

/// `--calibration stored|kfold|none`: the enumeration's own names.
extension EvaluationCalibration.Mode: ExpressibleByArgument {}

/// `--ichnaea-stations shared|built`: the enumeration's own names.
extension QueryEvaluation.IchnaeaStations: ExpressibleByArgument {}
