import Evaluation
import Foundation
import JSONCodec
import PositioningCore
import RadioMap
import Synchronization
import WorldSimulator

extension EvalCommand {
    /// `eval --towns FIRST-LAST`: one `eval --town` per seed, each town written, imported and
    /// calibrated from its own survey in a temporary directory, then every town's line and the
    /// radius coverage pooled over them (see `PooledCoverage`).
    static func runTowns(_ arguments: ParsedArguments, seeds: ClosedRange<UInt64>, context: CommandContext) throws -> ExitCode {
        let sizeText = arguments.value("--size") ?? "small"
        guard let size = TownSize(named: sizeText) else {
            throw CommandFailure.usage("--size expects tiny, small, medium or large, got '\(sizeText)'")
        }
        let estimators = try evaluatedEstimators(arguments)
        let calibration = try MapCalibration(arguments)
        let centre = try arguments.value("--centre").map { text throws(CommandFailure) in
            try CoordinateArgument.parse(text, option: "--centre")
        } ?? TownSpecification.defaultCentre
        let seedList = Array(seeds)
        let title = "\(seedList.count) simulated towns (seeds \(seeds.lowerBound)–\(seeds.upperBound), \(sizeText), "
            + String(format: "centre %.4f,%.4f), ", centre.latitude, centre.longitude)
            + "each calibrated from its own survey as `eval --town` does"
        let reports = try evaluateConcurrently(count: seedList.count, what: "towns", context: context) { index in
            try evaluateTown(seed: seedList[index], centre: centre, size: size, estimators: estimators, calibration: calibration)
        }
        let lines = zip(seedList, reports).map { PooledLine(label: String($0), report: $1) }
        printPooled(title: title, labelName: "seed", lines: lines, estimator: estimators[0].name, arguments: arguments, context: context)
        return .success
    }

    /// `eval --survey FILE --split-device each`: one device split per device model of the file
    /// (its scans held out, every other phone's rows the survey), pooled as `--towns` pools.
    static func runEachDevice(_ arguments: ParsedArguments, survey: String, context: CommandContext) throws -> ExitCode {
        let estimators = try evaluatedEstimators(arguments)
        let calibration = try MapCalibration(arguments)
        let split = try SurveySplit(arguments)
        let models = try SurveySplit.deviceModels(in: survey)
        guard models.count >= 2 else {
            throw CommandFailure(.dataError, "\(survey) names \(models.count) device model(s) in a device_model column; --split-device each needs two or more")
        }
        let reports = try evaluateConcurrently(count: models.count, what: "devices", context: context) { index in
            var held = split
            held.rule = .device(models[index])
            let workspace = try EvaluationWorkspace.survey(survey, split: held)
            defer { workspace.removeTemporaryFiles() }
            return try evaluate(workspace, estimators: estimators, calibration: calibration)
        }
        let title = "survey \((survey as NSString).lastPathComponent): each of its \(models.count) device models held out in turn, "
            + "the other phones' rows the survey"
        let lines = zip(models, reports).map { PooledLine(label: $0, report: $1) }
        printPooled(title: title, labelName: "device", lines: lines, estimator: estimators[0].name, arguments: arguments, context: context)
        return .success
    }

    /// The estimators `--estimator` names. Each evaluation calibrates its own map from its own
    /// survey, so `--calibration` can only be `kfold`.
    private static func evaluatedEstimators(_ arguments: ParsedArguments) throws -> [any PositionEstimator] {
        if let mode = arguments.value("--calibration"), mode.lowercased() != CalibrationMode.kfold.rawValue {
            throw CommandFailure.usage("each evaluation calibrates its map from its own survey; --calibration \(mode) does not apply")
        }
        return try estimators(arguments)
    }

    /// `body(0..<count)` on every core, the reports in index order; a count of those done on a
    /// terminal (40 small towns take two minutes).
    private static func evaluateConcurrently(
        count: Int, what: String, context: CommandContext, _ body: @escaping @Sendable (Int) throws -> EvaluationReport
    ) throws -> [EvaluationReport] {
        let results = Mutex<[Int: Result<EvaluationReport, CommandFailure>]>([:])
        let progress = context.errors.isTerminal ? context.errors : nil
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result: Result<EvaluationReport, CommandFailure>
            do {
                result = .success(try body(index))
            } catch {
                result = .failure(CommandFailure(error))
            }
            let done = results.withLock { results in
                results[index] = result
                return results.count
            }
            progress?.write("\r\(what) evaluated: \(done) of \(count) ")
        }
        progress?.write("\r\u{1B}[K")
        return try results.withLock { results in try (0..<count).map { try results[$0]!.get() } }
    }

    /// A workspace's map calibrated from its own survey (as `db calibrate` does) and its queries scored.
    private static func evaluate(
        _ workspace: EvaluationWorkspace, estimators: [any PositionEstimator], calibration: MapCalibration
    ) throws -> EvaluationReport {
        let radioMap = try RadioMap(path: workspace.database, mode: .readWrite)
        let (factors, _) = try calibrate(radioMap, mode: .kfold, options: calibration, storingFingerprints: true)
        let evaluated = estimators.map { StoredCalibration.applying(factors, to: $0) }
        return try evaluate(queries: workspace.queries, truth: workspace.truth, radioMap: radioMap, estimators: evaluated)
    }

    private static func printPooled(
        title: String, labelName: String, lines: [PooledLine], estimator: String, arguments: ParsedArguments,
        context: CommandContext
    ) {
        let pooled = PooledCoverage(reports: lines.map(\.report), estimator: estimator)
        if arguments.flag("--json") {
            context.output.line(pooledJSON(title: title, labelName: labelName, estimator: estimator, lines: lines, pooled: pooled))
        } else {
            context.output.line(title + ":")
            context.output.write(linesTable(lines, labelName: labelName, pooled: pooled))
            context.output.line("")
            context.output.line("Truth inside the \(estimator) radius, pooled (target \(Int(pooled.target * 100)) %):")
            context.output.write(pooledTable(pooled))
            let what = labelName == "seed" ? "towns" : "devices"
            context.output.line(String(
                format: "%@ holding %d %% in every judged row: %d of %d; a radius holding exactly %d %% would, by binomial luck alone, in %.1f of %d.",
                what.prefix(1).uppercased() + what.dropFirst(), Int(pooled.target * 100), pooled.evaluationsOnTarget, lines.count,
                Int(pooled.target * 100), pooled.expectedOnTarget, lines.count))
        }
    }

    /// One town written by the simulator, imported, calibrated and evaluated; its files removed.
    private static func evaluateTown(
        seed: UInt64, centre: Coordinate, size: TownSize, estimators: [any PositionEstimator], calibration: MapCalibration
    ) throws -> EvaluationReport {
        let directory = try EvaluationWorkspace.scratchDirectory(prefix: "whereabouts-town-")
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let town = Town(TownSpecification(seed: seed, centre: centre, size: size))
        do {
            // The walk is not evaluated here: one minute of it is enough.
            _ = try TownWriter(town: town, walkDuration: 60).write(to: directory)
        } catch {
            throw CommandFailure(.failure, "cannot write town \(seed) to \(directory): \(error)")
        }
        let workspace = try EvaluationWorkspace.town(directory)
        defer { workspace.removeTemporaryFiles() }
        return try evaluate(workspace, estimators: estimators, calibration: calibration)
    }

    /// One evaluation's line in `--towns` or `--split-device each`: a town or a held-out device.
    private struct PooledLine {
        var label: String
        var report: EvaluationReport
        var wifi: ErrorStatistics?
        var peerWiFi: ErrorStatistics?
        /// Each source, and each of its bins, with ≥ 50 answered queries whose interval misses 68 %,
        /// with its share inside.
        var missedBins: [(String, Double)]

        init(label: String, report: EvaluationReport) {
            self.label = label
            self.report = report
            let groups = report.groups
            let estimator = groups.first?.estimator
            wifi = groups.first { $0.estimator == estimator && $0.source == "wifi" && $0.bin == "all" }?.statistics
            peerWiFi = groups.first { $0.estimator != estimator && $0.source == "wifi" && $0.bin == "all" }?.statistics
            let single = PooledCoverage(reports: [report], estimator: estimator ?? "")
            missedBins = single.rows.filter { $0.source != "all" && $0.missed > 0 }.map {
                ($0.bin == "all" ? "\($0.source) (all bins)" : "\($0.source) \($0.bin)", $0.pooledFraction)
            }
        }

        var ratio: Double? {
            guard let mine = wifi?.median, let peer = peerWiFi?.median, peer > 0 else { return nil }
            return mine / peer
        }
    }

    private static func linesTable(_ lines: [PooledLine], labelName: String, pooled: PooledCoverage) -> String {
        func metres(_ value: Double?) -> String { value.map { String(format: "%.1f m", $0) } ?? "-" }
        func percent(_ value: Double?) -> String { value.map { String(format: "%.1f %%", 100 * $0) } ?? "-" }
        var rows = [[
            labelName, "Wi-Fi queries", "answered", "median", "p90", "peer answered", "peer median", "ratio", "inside",
            "outside hull", "bins (≥ \(pooled.minimumQueries)) off \(Int(pooled.target * 100)) %",
        ]]
        for line in lines {
            rows.append([
                line.label, String(line.wifi?.queries ?? 0), percent(line.wifi?.answeredFraction), metres(line.wifi?.median),
                metres(line.wifi?.p90), percent(line.peerWiFi?.answeredFraction), metres(line.peerWiFi?.median),
                line.ratio.map { String(format: "%.2f×", $0) } ?? "-", percent(line.wifi?.insideRadiusFraction),
                line.report.mapFloor.distances.isEmpty ? "-" : percent(line.report.mapFloor.outsideFraction),
                line.missedBins.isEmpty ? "none" : line.missedBins.map { "\($0.0) \(percent($0.1))" }.joined(separator: ", "),
            ])
        }
        let ratios = lines.compactMap(\.ratio).sorted()
        if let median = ErrorStatistics.percentile(0.5, ofSorted: ratios), let worst = ratios.last {
            rows.append([])
            rows.append(["ratio", "median \(String(format: "%.2f×", median))", "worst \(String(format: "%.2f×", worst))"])
        }
        return TextTable.render(rows, textColumns: 1)
    }

    private static func pooledTable(_ pooled: PooledCoverage) -> String {
        var rows = [["source", "bin", "evaluations", "answered", "inside (95 % CI)", "spread between", "binomial spread", "judged", "off target"]]
        for row in pooled.rows {
            var inside = "-"
            if let interval = row.pooledInterval {
                inside = String(format: "%.1f %% (%.1f-%.1f)", 100 * row.pooledFraction, 100 * interval.lowerBound, 100 * interval.upperBound)
            }
            rows.append([
                row.source, row.bin, String(row.evaluations), String(row.answered), inside,
                row.spreadBetween.map { String(format: "%.1f pts", 100 * $0) } ?? "-",
                row.binomialSpread(target: pooled.target).map { String(format: "%.1f pts", 100 * $0) } ?? "-",
                String(row.judgedFractions.count), String(row.missed),
            ])
        }
        return TextTable.render(rows, textColumns: 2)
    }

    private static func pooledJSON(
        title: String, labelName: String, estimator: String, lines: [PooledLine], pooled: PooledCoverage
    ) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.writeKey("input"); writer.write(title)
        writer.writeKey("estimator"); writer.write(estimator)
        writer.writeKey("target"); writer.write(pooled.target, decimals: 2)
        writer.writeKey("onTarget"); writer.write(pooled.evaluationsOnTarget)
        writer.writeKey("expectedOnTarget"); writer.write(pooled.expectedOnTarget, decimals: 2)
        writer.writeKey(labelName == "seed" ? "towns" : "devices")
        writer.beginArray()
        for line in lines {
            writer.beginObject()
            writer.writeKey(labelName)
            if labelName == "seed", let seed = Int(line.label) { writer.write(seed) } else { writer.write(line.label) }
            writer.writeKey("wifiQueries"); writer.write(line.wifi?.queries ?? 0)
            writer.writeKey("wifiAnswered"); writer.write(line.wifi?.answered ?? 0)
            writer.writeKey("wifiMedian"); writer.write(line.wifi?.median, decimals: 1)
            writer.writeKey("wifiP90"); writer.write(line.wifi?.p90, decimals: 1)
            writer.writeKey("peerWifiAnswered"); writer.write(line.peerWiFi?.answered ?? 0)
            writer.writeKey("peerWifiMedian"); writer.write(line.peerWiFi?.median, decimals: 1)
            writer.writeKey("wifiInsideRadius"); writer.write(line.wifi?.insideRadiusFraction, decimals: 4)
            let floor = line.report.mapFloor
            writer.writeKey("mapFloorOutside"); writer.write(floor.distances.isEmpty ? nil : floor.outsideFraction, decimals: 4)
            writer.writeKey("mapFloorP68"); writer.write(floor.statistics.p68, decimals: 1)
            writer.writeKey("mapFloorP90"); writer.write(floor.statistics.p90, decimals: 1)
            writer.writeKey("binsOffTarget")
            writer.beginArray()
            for (bin, _) in line.missedBins { writer.write(bin) }
            writer.endArray()
            writer.endObject()
        }
        writer.endArray()
        writer.writeKey("pooled")
        writer.beginArray()
        for row in pooled.rows {
            writer.beginObject()
            writer.writeKey("source"); writer.write(row.source)
            writer.writeKey("bin"); writer.write(row.bin)
            writer.writeKey("evaluations"); writer.write(row.evaluations)
            writer.writeKey("answered"); writer.write(row.answered)
            writer.writeKey("insideRadius"); writer.write(row.inside)
            writer.writeKey("insideRadiusFraction"); writer.write(row.pooledFraction, decimals: 4)
            writer.writeKey("insideRadiusInterval"); writer.write(row.pooledInterval, decimals: 4)
            writer.writeKey("spreadBetween"); writer.write(row.spreadBetween, decimals: 4)
            writer.writeKey("binomialSpread"); writer.write(row.binomialSpread(target: pooled.target), decimals: 4)
            writer.writeKey("judged"); writer.write(row.judgedFractions.count)
            writer.writeKey("offTarget"); writer.write(row.missed)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.string
    }

    /// `FIRST-LAST` or a single seed.
    static func seedRange(_ text: String) throws(CommandFailure) -> ClosedRange<UInt64> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let first = UInt64(parts[0]), let last = UInt64(parts[parts.count - 1]), first <= last,
            last - first < 1000
        else {
            throw .usage("--towns expects seeds FIRST-LAST (at most 1000 towns) or one seed, got '\(text)'")
        }
        return first...last
    }
}
