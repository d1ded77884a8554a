import Evaluation
import Foundation
import Geolocation
import JSONCodec
import PositioningCore
import RadioMap
import SurveyFormats

/// `whereabouts eval`: measures Whereabouts and the Ichnaea peer side by side on held-out
/// ground truth.
enum EvalCommand: WhereaboutsCommand {
    static let specification = CommandSpecification(
        name: "eval",
        abstract: "Measure accuracy and radius honesty on held-out ground truth, Whereabouts beside Ichnaea.",
        discussion: """
            Inputs: a `simulate` town (--town DIR: its survey and cells are imported into a \
            temporary map, its queries located and scored against its truth), a WiGLE survey \
            split into a map and held-out scans (--survey FILE, see below), or existing files \
            (--queries Q.jsonl --truth T.jsonl --db MAP; truth lines are {"lat","lng"}). Prints, \
            per estimator, fix source (wifi, cell, mixed; an unanswered query counts under what \
            it heard) and emitter-count bin (emitters used; heard when unanswered): n, answered \
            %, median, p68, p90 and p95 error in metres, and how often the truth lay inside the \
            reported radius with its Wilson 95 % interval; then the map floor: how far the truth lay \
            outside the hull of the heard access points' map positions, which no centroid of them \
            can beat. --towns FIRST-LAST does that for one \
            fresh `simulate` town per seed (in parallel, files removed after) and pools the radius \
            coverage over the towns: per source and bin, the pooled share inside with its \
            interval, the spread of the towns' shares beside the spread the binomial alone gives, \
            and how many towns' bins with ≥ 50 queries miss 68 % in their own interval; \
            --survey FILE --split-device each does the same for every device model of FILE held \
            out in turn, and --survey FILE… --split-session for every recording session of the \
            files (each file, cut where its rows' times pause longer than --session-gap) held \
            out in turn, the map built from all the other sessions' rows; pooled runs end with \
            all their queries scored as one evaluation. Coverage is reported for both Whereabouts circles, 68 % (accuracy68) and 95 % (accuracy); Ichnaea's radius is its own 95 % figure. A fingerprint table with its validation \
            table (--fingerprints, --validation; UJIIndoorLoc layout, plain or .xz) is scored \
            instead by mean, median and p90 error in the table's EPSG:3857 metres and building \
            and floor hit rates, Whereabouts' k-NN matcher beside plain 1-NN on dBm. \
            Calibration: --calibration stored (default with --db) uses the map's stored factors; \
            kfold (default for --town and --survey) computes them from the map's own survey by \
            held-out refits, as `db calibrate` does (each scan without its recording's ±2 min, \
            its cells without its whole recording session; --cell-holdout block: without the \
            sightings within a gap a query would face; scan: without the scan alone; \
            --folds K: K folds of track stretches); none shows the raw radius. With \
            --fingerprints the fingerprint factor comes from the training table alone.
            """,
        arguments: [
            ArgumentSpecification(name: "FILE", help: "With --survey and --split-session: more survey files.", isOptional: true, isVariadic: true)
        ],
        options: [
            .value("--town", "DIR", help: "A directory written by `whereabouts simulate`."),
            .value("--towns", "FIRST-LAST", help: "Simulate, calibrate and evaluate one town per seed; print each town's line and the radius coverage pooled over them."),
            .value("--survey", "FILE", repeatable: true, help: "A WiGLE CSV to split: a plain export, or with scan_id/device_model columns (ariel_observations_merged.csv). With --split-session, more files may follow."),
            .value("--split-column", "NAME", help: "With --survey: rows whose NAME is 'test' are held out (e.g. split_random20)."),
            .value("--split-device", "MODEL", help: "With --survey: scans from device_model MODEL are held out; each: every model in turn, pooled as --towns pools."),
            .flag("--split-session", help: "With --survey FILE…: hold out each recording session in turn (a file, cut at long time gaps), the others the map; pooled as --towns pools."),
            .value("--session-gap", "MINUTES", help: "With --split-session: a pause longer than this between rows' times starts a new session (default 30)."),
            .value("--holdout", "FRACTION", help: "With --survey: hold out this seeded fraction of scans (default 0.2)."),
            .value("--min-aps", "N", help: "With --survey: a held-out scan is a Wi-Fi query with at least N access points (default 3); one that heard cells is also a cell-only query."),
            .value("--survey-statistics", "SET", repeatable: true, help: "Measure a survey (a WiGLE file, or a directory of them) instead: networks per scan, GPS accuracy, RSSI, sightings and their spread, revisits; a column per SET (repeatable)."),
            .value("--fingerprints", "FILE", help: "A fingerprint table (UJIIndoorLoc layout) to match --validation against."),
            .value("--validation", "FILE", help: "With --fingerprints: the fingerprint table to locate and score."),
            .value("--neighbours", "K", help: "With --fingerprints: neighbours that vote and average (default 11)."),
            .value("--queries", "FILE", help: "Geolocate requests, one per line."),
            .value("--truth", "FILE", help: "True positions, line for line with --queries."),
            .value("--db", "PATH", help: "Radio map to evaluate against (with --queries)."),
            .value("--estimator", "NAME", help: "whereabouts, ichnaea, or both (default)."),
            .value("--calibration", "MODE", help: "stored, kfold or none (see above)."),
            .value("--folds", "K", help: "Calibrate by K folds of track stretches (or fingerprint sessions) instead."),
            .value("--seed", "N", help: "Seed for folds and --holdout (default 1)."),
            MapCalibration.cellHoldOutOption,
            .value("--plot", "FILE.svg", help: "Also draw the error CDF and a radius-vs-error calibration plot."),
            .value("--answers", "FILE.jsonl", help: "Also write the geolocate response scored for each query, one line per query (the first estimator's: whereabouts unless --estimator ichnaea); with the map's stored calibration it is what locate --batch answers."),
            .flag("--learn", help: "Measure learning instead: a town (--town DIR, or --seed and --size) is surveyed, its Wi-Fi queries located, a GPS-tagged drive through it learned, the queries located again."),
            .value("--size", "SIZE", help: "With --learn or --towns: tiny, small (default), medium or large."),
            .value("--centre", "LAT,LON", aliases: ["--center"], help: "With --towns: the towns' centre (default 52.52,13.405)."),
            .value("--moved-fraction", "F", help: "With --learn: fraction of routers moved since the survey (default 0.03)."),
            .value("--drive-minutes", "M", help: "With --learn: minutes of driving at 10 m/s (default 60)."),
            .flag("--calibrate", help: "With --learn: calibrate the map before and after the drive, as db calibrate and watch --learn do."),
            .flag("--json", help: "Print the figures as JSON."),
        ],
        usageOverride: [
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

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        if !arguments.flag("--split-session"), arguments.allValues("--survey").count + arguments.positionals.count > 1
            || !arguments.positionals.isEmpty {
            throw CommandFailure.usage("several survey files are split session by session: give --survey FILE… --split-session")
        }
        if arguments.value("--answers") != nil, arguments.value("--fingerprints") != nil || arguments.flag("--learn")
            || arguments.value("--towns") != nil || arguments.value("--split-device")?.lowercased() == "each"
            || arguments.flag("--split-session") {
            throw CommandFailure.usage("--answers writes one evaluation's responses: give --town, --survey or --queries")
        }
        if arguments.value("--survey-statistics") != nil {
            guard [arguments.value("--town"), arguments.value("--survey"), arguments.value("--queries"), arguments.value("--fingerprints")]
                .allSatisfy({ $0 == nil }), !arguments.flag("--learn"), arguments.value("--towns") == nil
            else {
                throw CommandFailure.usage("--survey-statistics measures surveys; it cannot be combined with another input")
            }
            return try runStatistics(arguments, context: context)
        }
        if let training = arguments.value("--fingerprints") {
            guard [arguments.value("--town"), arguments.value("--survey"), arguments.value("--queries")].allSatisfy({ $0 == nil }) else {
                throw CommandFailure.usage("--fingerprints cannot be combined with --town, --survey or --queries")
            }
            return try runFingerprints(arguments, training: training, context: context)
        }
        if arguments.value("--centre") != nil, arguments.value("--towns") == nil {
            throw CommandFailure.usage("--centre applies to --towns (a written town already has its centre)")
        }
        if arguments.flag("--learn") { return try runLearning(arguments, context: context) }
        if arguments.flag("--calibrate") { throw CommandFailure.usage("--calibrate applies to --learn") }
        if let text = arguments.value("--towns") {
            guard [arguments.value("--town"), arguments.value("--survey"), arguments.value("--queries")].allSatisfy({ $0 == nil }) else {
                throw CommandFailure.usage("--towns cannot be combined with --town, --survey or --queries")
            }
            guard arguments.value("--plot") == nil else { throw CommandFailure.usage("--plot draws one evaluation; give --town DIR") }
            return try runTowns(arguments, seeds: try seedRange(text), context: context)
        }
        let estimators = try estimators(arguments)
        let calibration = try MapCalibration(arguments)
        var mode: EvaluationCalibration.Mode?
        if let text = arguments.value("--calibration") {
            guard let parsed = EvaluationCalibration.Mode(rawValue: text.lowercased()) else {
                throw CommandFailure.usage("--calibration expects stored, kfold or none, got '\(text)'")
            }
            mode = parsed
        }
        let inputs = [arguments.value("--town"), arguments.value("--survey"), arguments.value("--queries")].compactMap { $0 }
        guard inputs.count == 1 else {
            throw CommandFailure.usage(inputs.isEmpty ? "give --town DIR, --survey FILE or --queries/--truth/--db"
                : "--town, --survey and --queries cannot be combined")
        }
        let surveys = arguments.allValues("--survey") + arguments.positionals
        if arguments.flag("--split-session") {
            guard !surveys.isEmpty else { throw CommandFailure.usage("--split-session splits survey files: give --survey FILE…") }
            guard arguments.value("--plot") == nil else { throw CommandFailure.usage("--plot draws one evaluation, not one per session") }
            return try runEachSession(arguments, surveys: surveys, context: context)
        }
        if arguments.value("--session-gap") != nil { throw CommandFailure.usage("--session-gap applies to --split-session") }
        if let survey = arguments.value("--survey"), arguments.value("--split-device")?.lowercased() == "each" {
            guard arguments.value("--plot") == nil else { throw CommandFailure.usage("--plot draws one evaluation; give one --split-device MODEL") }
            return try runEachDevice(arguments, survey: survey, context: context)
        }
        let workspace = try EvaluationWorkspace.prepare(arguments)
        defer { workspace.removeTemporaryFiles() }
        let radioMap = try RadioMap(path: workspace.database, mode: workspace.isTemporary ? .readWrite : .readOnly)

        let effectiveMode = mode ?? (workspace.isTemporary ? .kfold : .stored)
        let (factors, calibrationNote) = try EvaluationCalibration.factors(
            for: radioMap, mode: effectiveMode, calibration: calibration, storingFingerprints: workspace.isTemporary)
        // Stored calibration is the map's, as locate and serve apply it; the others replace it.
        let radius: GeolocationParameters.RadiusFactors = switch effectiveMode {
        case .stored: .stored
        case .kfold: .factors(factors)
        case .none: .raw
        }
        let answersPath = arguments.value("--answers")
        var answers: [UInt8]? = answersPath == nil ? nil : []
        let report = try QueryEvaluation(estimators: estimators, radius: radius).evaluate(
            queries: workspace.queries, truth: workspace.truth, radioMap: radioMap,
            answers: answersPath == nil ? nil : { answers?.append(contentsOf: $0) })
        if let answersPath, let answers {
            // 0600: the answers are positions.
            guard FileManager.default.createFile(atPath: answersPath, contents: Data(answers), attributes: [.posixPermissions: 0o600])
            else {
                throw CommandFailure(.failure, "cannot write \(answersPath): \(String(cString: strerror(errno)))")
            }
        }

        if let plot = arguments.value("--plot") {
            let svg = EvaluationPlot(report: report, title: "whereabouts eval: \(workspace.title)").svg
            do {
                try svg.write(toFile: plot, atomically: true, encoding: .utf8)
            } catch {
                throw CommandFailure(.failure, "cannot write \(plot): \(error.localizedDescription)")
            }
        }
        if arguments.flag("--json") {
            context.output.line(report.json { writer in
                writer.writeKey("input"); writer.write(workspace.title)
                writer.writeKey("calibrated"); writer.write(!factors.isEmpty)
                writer.writeKey("calibration"); writer.write(calibrationNote)
                writer.writeKey("factors")
                CalibrationReport.writeFactors(factors, to: &writer)
            })
        } else {
            context.output.line("\(workspace.title): \(report.outcomes.count / max(estimators.count, 1)) queries; \(calibrationNote)")
            context.output.write(report.table)
        }
        return .success
    }

    /// The estimators `--estimator` names (both by default).
    static func estimators(_ arguments: ParsedArguments) throws -> [EstimatorChoice] {
        switch (arguments.value("--estimator") ?? "both").lowercased() {
        case "both": return [.whereabouts, .ichnaea]
        case let name:
            do throws(EstimatorChoice.UnknownName) {
                return [try EstimatorChoice(named: name)]
            } catch {
                throw CommandFailure.usage(error.description)
            }
        }
    }
}
