import Foundation
import JSONCodec
import PositioningCore
import RadioMap

/// `whereabouts db calibrate`: computes the radius factors from the map's own survey by k-fold
/// refits and stores them, so `locate` reports honest 68 % radii.
enum DatabaseCalibrateCommand: WhereaboutsCommand {
    static let specification = CommandSpecification(
        name: "db calibrate",
        abstract: "Calibrate the accuracy radius against the map's own survey scans.",
        discussion: """
            Holds each surveyed scan out (at most 3000, a seeded choice) together with every \
            access-point sighting its recording made within two minutes of it (they share its \
            GPS drift; its cells lose only its own sightings), re-aggregates the emitters it \
            heard from the rest of the survey, locates it against \
            those and compares the fix with the scan's GPS position; --folds K instead deals \
            half-hour track stretches into K folds (sparser refits, wider radii). Fingerprint \
            tables are matched without each fingerprint's own visit (same hour, same spot) and \
            give the factors of fingerprint fixes. The survey's own scans are tried as \
            fingerprints the same way (each held-out scan matched without its recording's \
            ±2 min) and kept in the map only when they cut the held-out Wi-Fi median error by at \
            least 5 % (dense walks and drives logging whole scans; not WiGLE exports that log \
            each network once per walk); they are replaced at every calibration. Per source and emitter-count bin \
            (1, 2, 3-4, 5-9, 10+), the factor is the ceil((n+1)*0.68)-th smallest ratio of error \
            to raw radius (split conformal prediction), so the scaled radius holds the truth 68 % \
            of the time; bins with fewer than 20 scans use their source's pooled factor. Until a \
            map is calibrated, locate keeps the raw, conservative radius and says \
            "calibrated": false.
            """,
        options: [
            .value("--db", "PATH", help: "Radio map to calibrate (default: $XDG_DATA_HOME/whereabouts/radiomap.sqlite)."),
            .value("--folds", "K", help: "Use K folds of track stretches instead of holding each scan out with its ±2 min."),
            .value("--seed", "N", help: "Seed of the fold assignment or of the scans tested (default 1)."),
            .flag("--json", help: "Print the factors as JSON."),
        ],
        examples: ["whereabouts db calibrate", "whereabouts db calibrate --db town.sqlite --folds 10 --json"])

    static func run(_ arguments: ParsedArguments, context: CommandContext) async throws -> ExitCode {
        let paths = StandardPaths(environment: context.environment)
        let path = paths.databasePath(option: arguments.value("--db"), configuration: try paths.loadConfiguration())
        guard FileManager.default.fileExists(atPath: path) else {
            throw CommandFailure(.dataError, "no radio map at \(path); import a survey first")
        }
        let radioMap = try RadioMap(path: path, mode: .readWrite)
        let outcome = try CalibrationOptions(arguments).recalibrate(radioMap)
        if arguments.flag("--json") {
            context.output.line(CalibrationOptions.json(outcome))
        } else {
            context.output.write(CalibrationOptions.text(outcome.factors, samples: outcome.samples))
            if let summary = outcome.fingerprintSummary { context.output.line(summary) }
            if outcome.factors.isEmpty {
                context.output.line("Too few located scans to calibrate; radii stay uncorrected (conservative).")
            }
        }
        return .success
    }
}

/// Shared by `db calibrate` and `eval`: how factors are computed and shown (the `Geolocation`
/// pipeline applies them).
struct CalibrationOptions {
    /// k-fold refits by track stretch when given; else each scan is held out with its
    /// recording's sightings within two minutes (`CrossValidatedCalibration.defaultHoldOut`).
    var folds: Int?
    var seed: UInt64 = 1

    /// The defaults: each scan held out with its recording's ±2 min, seed 1.
    init() {}

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        if let text = arguments.value("--folds") {
            guard let value = Int(text), value >= 2 else { throw .usage("--folds expects a whole number of at least 2, got '\(text)'") }
            folds = value
        }
        if let text = arguments.value("--seed") {
            guard let value = UInt64(text) else { throw .usage("--seed expects a whole number, got '\(text)'") }
            seed = value
        }
    }

    func fingerprintCalibrator() -> FingerprintCalibration {
        FingerprintCalibration(holdOut: folds.map { .sessionFolds($0) } ?? .visit, seed: seed)
    }

    func calibrator(publishedCells: [CellIdentity: KnownCell]) -> CrossValidatedCalibration {
        CrossValidatedCalibration(
            holdOut: folds.map { .trackFolds($0) } ?? CrossValidatedCalibration.defaultHoldOut, seed: seed,
            publishedCells: publishedCells)
    }

    /// What calibrating a map's survey found.
    struct Outcome {
        /// The radius factors.
        var factors: [CalibrationFactor]
        /// How many held-out fixes they rest on.
        var samples: Int
        /// The survey's scans as fingerprints, when they located the held-out scans better than
        /// access points alone; nil when they did not (or there were too few to try).
        var surveyFingerprints: SurveyFingerprints?
        /// The comparison that decided it, when there was one.
        var trial: SurveyFingerprints.Trial?

        /// One line on the survey fingerprints' trial, for people.
        var fingerprintSummary: String? {
            guard let trial else { return nil }
            let medians = String(
                format: "held-out Wi-Fi median %.1f m with them, %.1f m with access points alone, %d scans",
                trial.fingerprintMedian, trial.accessPointMedian, trial.scans)
            return trial.keepsFingerprints
                ? "Survey scans kept as fingerprints: \(surveyFingerprints?.entries.count ?? 0) (\(medians))"
                : "Survey scans not kept as fingerprints (\(medians))"
        }
    }

    /// Factors from `radioMap`'s survey scans, with the survey's scans tried as fingerprints:
    /// the factors come from whichever way located the held-out scans better.
    static func crossValidatedFactors(
        _ radioMap: RadioMap, calibrator: CrossValidatedCalibration, fingerprintCalibrator: FingerprintCalibration
    ) throws -> Outcome {
        let scans = try radioMap.surveyScans()
        var outcome = Outcome(factors: [], samples: 0)
        let usable = try radioMap.usableAccessPoints()
        let survey = SurveyFingerprints(scans: scans) { usable.contains($0) }
        var trying = calibrator
        if survey.entries.count >= SurveyFingerprints.Trial.minimumScans { trying.surveyFingerprints = survey }
        let paired = trying.pairedSamples(from: scans, now: Date())
        var samples = paired.withoutFingerprints
        if trying.surveyFingerprints != nil {
            func wifiErrors(_ samples: [CalibrationSample]) -> [Double] { samples.filter { !$0.source.isCellOnly }.map(\.error) }
            let trial = SurveyFingerprints.Trial(
                withoutFingerprints: wifiErrors(paired.withoutFingerprints),
                withFingerprints: wifiErrors(paired.withFingerprints))
            outcome.trial = trial
            if trial.keepsFingerprints {
                samples = paired.withFingerprints
                outcome.surveyFingerprints = survey
            }
        }
        if try radioMap.hasFingerprintTables() {
            samples += fingerprintCalibrator.samples(from: try radioMap.fingerprints())
        }
        outcome.factors = ConformalCalibration.factors(from: samples)
        outcome.samples = samples.count
        return outcome
    }

    /// Calibrates `radioMap` from its own survey and stores the factors with the kept survey
    /// scans (`db calibrate`, and `import` into a calibrated map).
    func recalibrate(_ radioMap: RadioMap) throws -> Outcome {
        let outcome = try Self.crossValidatedFactors(
            radioMap, calibrator: calibrator(publishedCells: radioMap.publishedCells()),
            fingerprintCalibrator: fingerprintCalibrator())
        try radioMap.replaceCalibration(outcome.factors, surveyFingerprints: outcome.surveyFingerprints)
        return outcome
    }

    static func text(_ factors: [CalibrationFactor], samples: Int) -> String {
        var text = "Calibrated from \(samples) held-out scan fixes (target: truth inside the radius 68 % of the time)\n"
        for entry in factors {
            text += "  \(entry.source.rawValue.padding(toLength: 11, withPad: " ", startingAt: 0)) "
                + "\(entry.bin.rawValue.padding(toLength: 4, withPad: " ", startingAt: 0)) "
                + String(format: "x%.3f", entry.factor)
                + "  (\(entry.sampleCount) fixes\(entry.isPooled ? " of the source: too few in the bin, so its pooled or widest factor" : ""))\n"
        }
        return text
    }

    static func writeFactors(_ factors: [CalibrationFactor], to writer: inout JSONWriter) {
        writer.beginArray()
        for entry in factors {
            writer.beginObject()
            writer.writeKey("source"); writer.write(entry.source.rawValue)
            writer.writeKey("bin"); writer.write(entry.bin.rawValue)
            writer.writeKey("factor"); writer.write(entry.factor, decimals: 4)
            writer.writeKey("samples"); writer.write(entry.sampleCount)
            writer.writeKey("pooled"); writer.write(entry.isPooled)
            writer.endObject()
        }
        writer.endArray()
    }

    static func json(_ outcome: Outcome) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.writeKey("samples"); writer.write(outcome.samples)
        writer.writeKey("surveyFingerprints"); writer.write(outcome.surveyFingerprints?.entries.count ?? 0)
        if let trial = outcome.trial {
            writer.writeKey("fingerprintTrial")
            writer.beginObject()
            writer.writeKey("scans"); writer.write(trial.scans)
            writer.writeKey("accessPointMedian"); writer.write(trial.accessPointMedian, decimals: 1)
            writer.writeKey("fingerprintMedian"); writer.write(trial.fingerprintMedian, decimals: 1)
            writer.writeKey("kept"); writer.write(trial.keepsFingerprints)
            writer.endObject()
        }
        writer.writeKey("factors")
        writeFactors(outcome.factors, to: &writer)
        writer.endObject()
        return writer.string
    }
}
