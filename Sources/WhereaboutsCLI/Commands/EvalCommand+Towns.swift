import Foundation
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
        if let mode = arguments.value("--calibration"), mode.lowercased() != CalibrationMode.kfold.rawValue {
            throw CommandFailure.usage("--towns calibrates each town from its own survey; --calibration \(mode) does not apply")
        }
        let estimators: [any PositionEstimator]
        switch (arguments.value("--estimator") ?? "both").lowercased() {
        case "both": estimators = [WhereaboutsEstimator(), IchnaeaEstimator()]
        case let name: estimators = [try LocateCommand.estimator(named: name)]
        }
        let calibration = try CalibrationOptions(arguments)
        let centre = try arguments.value("--centre").map { text throws(CommandFailure) in
            try CoordinateArgument.parse(text, option: "--centre")
        } ?? TownSpecification.defaultCentre
        let seedList = Array(seeds)
        let results = Mutex<[UInt64: Result<EvaluationReport, CommandFailure>]>([:])
        // A count of towns done, on a terminal only: 40 small towns take two minutes.
        let progress = context.errors.isTerminal ? context.errors : nil
        // Towns are independent: one per core.
        DispatchQueue.concurrentPerform(iterations: seedList.count) { index in
            let seed = seedList[index]
            let result: Result<EvaluationReport, CommandFailure>
            do {
                result = .success(try evaluateTown(
                    seed: seed, centre: centre, size: size, estimators: estimators, calibration: calibration))
            } catch let failure as CommandFailure {
                result = .failure(failure)
            } catch {
                result = .failure(CommandFailure(.failure, "town \(seed): \(error)"))
            }
            let done = results.withLock { results in
                results[seed] = result
                return results.count
            }
            progress?.write("\rtowns evaluated: \(done) of \(seedList.count) ")
        }
        progress?.write("\r\u{1B}[K")
        let reports = try results.withLock { results in try seedList.map { try results[$0]!.get() } }
        let towns = zip(seedList, reports).map { TownLine(seed: $0, report: $1) }
        let pooled = PooledCoverage(reports: reports, estimator: estimators[0].name)
        let title = "\(seedList.count) simulated towns (seeds \(seeds.lowerBound)–\(seeds.upperBound), \(sizeText), "
            + String(format: "centre %.4f,%.4f), ", centre.latitude, centre.longitude)
            + "each calibrated from its own survey as `eval --town` does"
        if arguments.flag("--json") {
            context.output.line(townsJSON(title: title, estimator: estimators[0].name, towns: towns, pooled: pooled))
        } else {
            context.output.line(title + ":")
            context.output.write(townsTable(towns, pooled: pooled))
            context.output.line("")
            context.output.line("Truth inside the \(estimators[0].name) radius, pooled over the towns (target \(Int(pooled.target * 100)) %):")
            context.output.write(pooledTable(pooled))
        }
        return .success
    }

    /// One town written by the simulator, imported, calibrated and evaluated; its files removed.
    private static func evaluateTown(
        seed: UInt64, centre: Coordinate, size: TownSize, estimators: [any PositionEstimator], calibration: CalibrationOptions
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
        let radioMap = try RadioMap(path: workspace.database, mode: .readWrite)
        let (factors, _) = try calibrate(radioMap, mode: .kfold, options: calibration, storingFingerprints: true)
        let evaluated = estimators.map { CalibrationOptions.applying(factors, to: $0) }
        return EvaluationReport(outcomes: try evaluate(
            queries: workspace.queries, truth: workspace.truth, radioMap: radioMap, estimators: evaluated))
    }

    /// The figures of one town that `eval --towns` prints on its line.
    private struct TownLine {
        var seed: UInt64
        var wifi: ErrorStatistics?
        var peerWiFi: ErrorStatistics?
        /// Each source, and each of its bins, with ≥ 50 answered queries whose interval misses 68 %,
        /// with its share inside.
        var missedBins: [(String, Double)]

        init(seed: UInt64, report: EvaluationReport) {
            self.seed = seed
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

    private static func townsTable(_ towns: [TownLine], pooled: PooledCoverage) -> String {
        func metres(_ value: Double?) -> String { value.map { String(format: "%.1f m", $0) } ?? "-" }
        func percent(_ value: Double?) -> String { value.map { String(format: "%.1f %%", 100 * $0) } ?? "-" }
        var rows = [["seed", "Wi-Fi answered", "Wi-Fi median", "peer median", "ratio", "Wi-Fi inside", "bins (≥ \(pooled.minimumQueries)) off \(Int(pooled.target * 100)) %"]]
        for town in towns {
            rows.append([
                String(town.seed), percent(town.wifi?.answeredFraction), metres(town.wifi?.median), metres(town.peerWiFi?.median),
                town.ratio.map { String(format: "%.2f×", $0) } ?? "-", percent(town.wifi?.insideRadiusFraction),
                town.missedBins.isEmpty ? "none" : town.missedBins.map { "\($0.0) \(percent($0.1))" }.joined(separator: ", "),
            ])
        }
        let ratios = towns.compactMap(\.ratio).sorted()
        if let median = ErrorStatistics.percentile(0.5, ofSorted: ratios), let worst = ratios.last {
            rows.append(["", "", "", "", "", "", ""])
            rows.append(["ratio", "median \(String(format: "%.2f×", median))", "worst \(String(format: "%.2f×", worst))", "", "", "", ""])
        }
        return TextTable.render(rows, textColumns: 1)
    }

    private static func pooledTable(_ pooled: PooledCoverage) -> String {
        var rows = [["source", "bin", "towns", "answered", "inside (95 % CI)", "spread between towns", "binomial spread", "towns judged", "off target"]]
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

    private static func townsJSON(title: String, estimator: String, towns: [TownLine], pooled: PooledCoverage) -> String {
        var writer = JSONWriter()
        func optional(_ value: Double?, decimals: Int) {
            if let value { writer.write(value, decimals: decimals) } else { writer.writeNull() }
        }
        writer.beginObject()
        writer.writeKey("input"); writer.write(title)
        writer.writeKey("estimator"); writer.write(estimator)
        writer.writeKey("target"); writer.write(pooled.target, decimals: 2)
        writer.writeKey("towns")
        writer.beginArray()
        for town in towns {
            writer.beginObject()
            writer.writeKey("seed"); writer.write(Int(town.seed))
            writer.writeKey("wifiQueries"); writer.write(town.wifi?.queries ?? 0)
            writer.writeKey("wifiAnswered"); writer.write(town.wifi?.answered ?? 0)
            writer.writeKey("wifiMedian"); optional(town.wifi?.median, decimals: 1)
            writer.writeKey("peerWifiMedian"); optional(town.peerWiFi?.median, decimals: 1)
            writer.writeKey("wifiInsideRadius"); optional(town.wifi?.insideRadiusFraction, decimals: 4)
            writer.writeKey("binsOffTarget")
            writer.beginArray()
            for (bin, _) in town.missedBins { writer.write(bin) }
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
            writer.writeKey("towns"); writer.write(row.evaluations)
            writer.writeKey("answered"); writer.write(row.answered)
            writer.writeKey("insideRadius"); writer.write(row.inside)
            writer.writeKey("insideRadiusFraction"); writer.write(row.pooledFraction, decimals: 4)
            writer.writeKey("insideRadiusInterval")
            if let interval = row.pooledInterval {
                writer.beginArray()
                writer.write(interval.lowerBound, decimals: 4)
                writer.write(interval.upperBound, decimals: 4)
                writer.endArray()
            } else {
                writer.writeNull()
            }
            writer.writeKey("spreadBetweenTowns"); optional(row.spreadBetween, decimals: 4)
            writer.writeKey("binomialSpread"); optional(row.binomialSpread(target: pooled.target), decimals: 4)
            writer.writeKey("townsJudged"); writer.write(row.judgedFractions.count)
            writer.writeKey("townsOffTarget"); writer.write(row.missed)
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
