import ArgumentParsing
import Evaluation

extension EvalCommand {
    /// What one `eval` command line asks for, once its options are known to go together.
    enum Plan {
        /// `--survey-statistics SET…`.
        case statistics
        /// `--fingerprints TRAIN --validation VALIDATION`.
        case fingerprints(training: FilePath, validation: FilePath)
        /// `--learn`.
        case learning
        /// `--towns FIRST-LAST`.
        case towns(ClosedRange<UInt64>)
        /// `--survey FILE… --split-session`.
        case sessions([FilePath], SurveySplit)
        /// `--survey FILE --split-device each`.
        case devices(survey: FilePath, SurveySplit)
        /// One evaluation of `--town`, `--survey` (with its split) or `--queries`.
        case single(split: SurveySplit?)
    }

    /// The plan, or the usage error that says which options do not go together. The checks run
    /// in the order the inputs are told apart, so each mistake gets the message of its own input.
    func plan() throws(UsageError) -> Plan {
        if !splitSession, surveys.count + moreSurveys.count > 1 || !moreSurveys.isEmpty {
            throw .usage("several survey files are split session by session: give --survey FILE… --split-session")
        }
        let splitsEachDevice = splitDevice?.lowercased() == "each"
        if answers != nil, fingerprints != nil || learn || towns != nil || splitsEachDevice || splitSession {
            throw .usage("--answers writes one evaluation's responses: give --town, --survey or --queries")
        }
        if ichnaeaStations == .built {
            guard estimators.choices.contains(.ichnaea) else {
                throw .usage("--ichnaea-stations built gives the Ichnaea peer its own map: it needs --estimator ichnaea or both")
            }
            guard fingerprints == nil, !learn, statisticsSets.isEmpty else {
                throw .usage("--ichnaea-stations applies to queries scored on a map: --town, --towns, --survey or --queries")
            }
        }
        let inputs = [town, surveys.first, queries].compactMap { $0 }
        if !statisticsSets.isEmpty {
            guard inputs.isEmpty, fingerprints == nil, !learn, towns == nil else {
                throw .usage("--survey-statistics measures surveys; it cannot be combined with another input")
            }
            return .statistics
        }
        if let fingerprints {
            guard inputs.isEmpty else { throw .usage("--fingerprints cannot be combined with --town, --survey or --queries") }
            guard let validation else { throw .usage("--fingerprints needs --validation FILE (the table to locate)") }
            if let calibrationMode, calibrationMode == .stored {
                throw .usage("with --fingerprints, --calibration expects kfold or none, got '\(calibrationMode.rawValue)'")
            }
            return .fingerprints(training: fingerprints, validation: validation)
        }
        if centre != nil, towns == nil { throw .usage("--centre applies to --towns (a written town already has its centre)") }
        if surveyLogging != nil, towns == nil {
            throw .usage("--survey-logging applies to --towns (a written town's survey is logged already: see simulate --survey-logging)")
        }
        if learn {
            if town != nil, seed != nil || size != nil { throw .usage("--town already says the seed and size; drop --seed/--size") }
            if let movedFraction, !(0...1).contains(movedFraction) {
                throw .usage("--moved-fraction expects a number from 0 to 1, got '\(movedFraction)'")
            }
            if let driveMinutes, !(driveMinutes > 0 && driveMinutes <= 24 * 60) {
                throw .usage("--drive-minutes expects minutes (0 < M ≤ 1440), got '\(driveMinutes)'")
            }
            return .learning
        }
        if calibrate { throw .usage("--calibrate applies to --learn") }
        if let towns {
            guard inputs.isEmpty else { throw .usage("--towns cannot be combined with --town, --survey or --queries") }
            guard plot == nil else { throw .usage("--plot draws one evaluation; give --town DIR") }
            try checkPooledCalibration()
            return .towns(towns.seeds)
        }
        guard inputs.count == 1 else {
            throw .usage(inputs.isEmpty ? "give --town DIR, --survey FILE or --queries/--truth/--db"
                : "--town, --survey and --queries cannot be combined")
        }
        if splitSession {
            guard !surveys.isEmpty else { throw .usage("--split-session splits survey files: give --survey FILE…") }
            guard plot == nil else { throw .usage("--plot draws one evaluation, not one per session") }
            if let option = [("--split-column", splitColumn != nil), ("--split-device", splitDevice != nil), ("--holdout", holdout != nil)]
                .first(where: \.1)?.0 {
                throw .usage("--split-session holds out whole sessions; \(option) does not apply")
            }
            if let sessionGap, sessionGap <= 0 { throw .usage("--session-gap expects a positive number of minutes") }
            try checkPooledCalibration()
            return .sessions(surveys + moreSurveys, try surveySplit())
        }
        if sessionGap != nil { throw .usage("--session-gap applies to --split-session") }
        if let survey = surveys.first, splitsEachDevice {
            guard plot == nil else { throw .usage("--plot draws one evaluation; give one --split-device MODEL") }
            try checkPooledCalibration()
            return .devices(survey: survey, try surveySplit())
        }
        if queries != nil, truth == nil || database == nil { throw .usage("--queries needs --truth and --db") }
        return .single(split: surveys.isEmpty ? nil : try surveySplit())
    }

    /// Each pooled evaluation calibrates its own map from its own survey, so `--calibration`
    /// can only be `kfold`.
    private func checkPooledCalibration() throws(UsageError) {
        if let calibrationMode, calibrationMode != .kfold {
            throw .usage("each evaluation calibrates its map from its own survey; --calibration \(calibrationMode.rawValue) does not apply")
        }
    }

    /// `--split-column`, `--split-device` or `--holdout` (with `--seed`), and `--min-aps`.
    private func surveySplit() throws(UsageError) -> SurveySplit {
        guard [splitColumn != nil, splitDevice != nil, holdout != nil].count(where: { $0 }) <= 1 else {
            throw .usage("give one of --split-column, --split-device and --holdout")
        }
        var split: SurveySplit
        if let splitColumn {
            split = SurveySplit(rule: .column(splitColumn))
        } else if let splitDevice {
            split = SurveySplit(rule: .device(splitDevice))
        } else {
            let fraction = holdout ?? 0.2
            guard fraction > 0, fraction < 1 else { throw .usage("--holdout expects a fraction between 0 and 1") }
            split = SurveySplit(rule: .fraction(fraction, seed: seed ?? 1))
        }
        if let minimumAccessPoints { split.minimumAccessPoints = minimumAccessPoints.count }
        return split
    }
}

/// `--towns FIRST-LAST` (or one seed): at most 1000 towns.
struct SeedRange: ExpressibleByArgument {
    var seeds: ClosedRange<UInt64>

    init(argument: String) throws(ArgumentValueError) {
        let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let first = UInt64(parts[0]), let last = UInt64(parts[parts.count - 1]), first <= last,
            last - first < 1000
        else {
            throw .message("expects seeds FIRST-LAST (at most 1000 towns) or one seed, got '\(argument)'")
        }
        seeds = first...last
    }
    static var defaultValueName: String { "FIRST-LAST" }
}
