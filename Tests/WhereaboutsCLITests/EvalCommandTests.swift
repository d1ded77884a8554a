import Foundation
import JSONCodec
import SurveyFormats
import Testing
import TestSupport

@testable import PositioningCore
@testable import WhereaboutsCLI
import Evaluation

// Serialized: each test runs a child process that imports a town; one at a time keeps the load
// on the two cores that every other test shares small.
@Suite(.serialized) struct EvalCommandTests {
    @Test func evalOnATinyTownScoresBothEstimatorsAndDrawsThePlot() async throws {
        let town = await SharedTown.shared.town()
        let temporary = TemporaryDirectory("eval")
        let plot = temporary.path("eval.svg")
        let run = try await EvalProcessRun(["eval", "--town", town, "--json", "--plot", plot])
        #expect(run.status == 0, "\(run.errors)")
        let report = try JSONParser.parse(run.output)
        #expect(report["calibrated"]?.boolValue == true)
        #expect((report["factors"]?.arrayValue?.count ?? 0) > 0)
        let groups = try #require(report["groups"]?.arrayValue)
        let overall = groups.filter { $0["source"]?.stringValue == "all" }
        #expect(overall.compactMap { $0["estimator"]?.stringValue } == ["whereabouts", "ichnaea"])
        let whereabouts = try #require(overall.first)
        #expect((whereabouts["answeredFraction"]?.doubleValue ?? 0) >= 0.9)
        #expect((whereabouts["median"]?.doubleValue ?? .infinity) < 150)
        let bounds = try #require(whereabouts["insideRadiusInterval"]?.arrayValue)
        let interval = bounds.compactMap { $0.doubleValue }
        #expect(interval.count == 2 && interval[0] <= interval[1])
        // The calibrated 95 % circle on the town's queries (none of them a survey scan): the
        // issue's target band is 90–98 %. Judged by the Wilson 95 % interval of this town's
        // answers reaching the band, so a radius that truly holds 95 % fails by luck in < 5 % of
        // towns, while one holding the 68 % circle's share (or none) cannot pass.
        let inside68 = try #require(whereabouts["insideRadius"]?.doubleValue)
        let inside95 = try #require(whereabouts["insideRadius95"]?.doubleValue)
        #expect(inside95 >= inside68)
        let band95 = try #require(whereabouts["insideRadius95Interval"]?.arrayValue).compactMap { $0.doubleValue }
        #expect(band95.count == 2 && band95[1] >= 0.90 && band95[0] <= 0.98,
                "95 % radius held \(whereabouts["insideRadius95Fraction"]?.doubleValue ?? -1), interval \(band95)")
        // The map floor counts the Wi-Fi queries that heard an access point the map holds.
        let wifiQueries = try #require(groups.first {
            $0["estimator"]?.stringValue == "whereabouts" && $0["source"]?.stringValue == "wifi" && $0["bin"]?.stringValue == "all"
        })
        let floor = try #require(report["mapFloor"])
        let counted = try #require(floor["queries"]?.doubleValue), wifi = try #require(wifiQueries["n"]?.doubleValue)
        #expect(counted >= 1 && counted <= wifi)
        let outside = try #require(floor["outsideFraction"]?.doubleValue)
        #expect(outside >= 0 && outside <= 1)
        #expect((floor["median"]?.doubleValue ?? .infinity) <= (floor["p90"]?.doubleValue ?? 0))
        let svg = try String(contentsOfFile: plot, encoding: .utf8)
        #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
        let permissions = try FileManager.default.attributesOfItem(atPath: plot)[.posixPermissions] as? Int
        #expect(permissions == 0o600, "the plot shows where the queries stood")
    }

    @Test func textTableShowsOneEstimatorWhenAsked() async throws {
        let town = await SharedTown.shared.town()
        let run = try await EvalProcessRun(["eval", "--town", town, "--estimator", "ichnaea", "--calibration", "none"])
        #expect(run.status == 0, "\(run.errors)")
        #expect(run.output.contains("inside 68 % radius (95 % CI)"))
        #expect(run.output.contains("inside 95 % radius (95 % CI)"))
        #expect(run.output.contains("ichnaea"))
        #expect(!run.output.contains("whereabouts  all"))
        #expect(run.output.contains("map floor ("))
    }

    @Test func calibrateStoresFactorsThatLocateAndEvalUse() async throws {
        let town = await SharedTown.shared.town()
        let temporary = TemporaryDirectory("calibrate")
        let map = temporary.path("map.sqlite")
        let imported = try await EvalProcessRun(["import", "--db", map, "--quiet", town + "/survey.wigle.csv", town + "/cells.opencellid.csv"])
        #expect(imported.status == 0, "\(imported.errors)")
        let request = temporary.path("request.json")
        let firstQuery = try String(contentsOfFile: town + "/queries.jsonl", encoding: .utf8).split(separator: "\n")[0]
        try String(firstQuery).write(toFile: request, atomically: true, encoding: .utf8)

        let before = try await EvalProcessRun(["locate", "--db", map, "--request", request])
        #expect(before.status == 0, "\(before.errors)")
        #expect(before.output.contains(#""calibrated":false"#))
        #expect(before.output.contains("not calibrated"))
        func wifiMedian() async throws -> Double {
            let evaluated = try await EvalProcessRun([
                "eval", "--queries", town + "/queries.jsonl", "--truth", town + "/truth.jsonl", "--db", map, "--json",
                "--estimator", "whereabouts",
            ])
            #expect(evaluated.status == 0, "\(evaluated.errors)")
            let groups = try #require(JSONParser.parse(evaluated.output)["groups"]?.arrayValue)
            let wifi = try #require(groups.first { $0["source"]?.stringValue == "wifi" && $0["bin"]?.stringValue == "all" })
            return try #require(wifi["median"]?.doubleValue)
        }
        let medianBefore = try await wifiMedian()

        let calibrated = try await EvalProcessRun(["db", "calibrate", "--db", map, "--json"])
        #expect(calibrated.status == 0, "\(calibrated.errors)")
        let calibration = try JSONParser.parse(calibrated.output)
        let factors = try #require(calibration["factors"]?.arrayValue)
        #expect(!factors.isEmpty)
        // The town's survey walks log whole scans every few metres: they locate better as
        // fingerprints than the access points alone, so calibration keeps them, and the town's
        // own queries come out closer.
        #expect(calibration["fingerprintTrial"]?["kept"]?.boolValue == true, "\(calibrated.output)")
        #expect((calibration["surveyFingerprints"]?.integerValue ?? 0) > 100)

        let after = try await EvalProcessRun(["locate", "--db", map, "--request", request])
        #expect(after.output.contains(#""calibrated":true"#))
        let medianAfter = try await wifiMedian()
        #expect(medianAfter < 0.95 * medianBefore, "Wi-Fi median \(medianBefore) m → \(medianAfter) m")
        let evaluated = try await EvalProcessRun([
            "eval", "--queries", town + "/queries.jsonl", "--truth", town + "/truth.jsonl", "--db", map, "--json",
        ])
        #expect(evaluated.status == 0, "\(evaluated.errors)")
        #expect(try JSONParser.parse(evaluated.output)["calibrated"]?.boolValue == true)
    }

    @Test func aSurveySplitBySeededFractionIsEvaluated() async throws {
        let town = await SharedTown.shared.town()
        let run = try await EvalProcessRun(["eval", "--survey", town + "/survey.wigle.csv", "--holdout", "0.2", "--seed", "4", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let report = try JSONParser.parse(run.output)
        let groups = try #require(report["groups"]?.arrayValue)
        #expect((groups.first?["n"]?.integerValue ?? 0) > 10)
        // Held-out scans that heard cells are also asked with their cells alone, and answered
        // from the cells the survey's own cell rows placed.
        let cellOnly = try #require(groups.first {
            $0["estimator"]?.stringValue == "whereabouts" && $0["source"]?.stringValue == "cell"
                && $0["bin"]?.stringValue == "all"
        })
        #expect((cellOnly["n"]?.integerValue ?? 0) > 10)
        #expect((cellOnly["answeredFraction"]?.doubleValue ?? 0) > 0.9)
        // The survey's three walks are the units its intervals count.
        #expect(report["intervalUnits"]?["count"]?.integerValue == 3, "\(run.output.prefix(300))")
    }

    @Test func aFingerprintTableIsScoredByErrorBuildingAndFloor() async throws {
        let table = TestPaths.fixture("radiomap/ujiindoorloc_sample.csv").path
        let run = await CLIRun(["eval", "--fingerprints", table, "--validation", table, "--neighbours", "1", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let report = try JSONParser.parse(run.output)
        let rows = try #require(report["rows"]?.arrayValue)
        #expect(rows.compactMap { $0["matcher"]?.stringValue } == ["whereabouts", "1-NN dBm"])
        // Every spot matched against a survey holding itself: found where it was taken.
        for row in rows {
            #expect(row["n"]?.integerValue == 4)
            #expect(row["answered"]?.integerValue == 4)
            #expect((row["mean"]?.doubleValue ?? .infinity) < 0.01)
            #expect(row["buildingHitRate"]?.doubleValue == 1)
            #expect(row["floorHitRate"]?.doubleValue == 1)
        }
        let missing = await CLIRun(["eval", "--fingerprints", table])
        #expect(missing.status == 64)
    }

    /// `--ichnaea-stations built`: the peer on stations of its own making is named so, and
    /// Whereabouts' figures are those of the default run, since it meets the same map (radii
    /// uncalibrated: only the points are compared, and the calibration would take most of the time).
    @Test func thePeerOnItsOwnStationsIsReportedBesideTheSameWhereaboutsFigures() async throws {
        let town = await SharedTown.shared.town()
        var groups: [[JSONValue]] = []
        for stations in ["shared", "built"] {
            let run = try await EvalProcessRun([
                "eval", "--town", town, "--json", "--calibration", "none", "--ichnaea-stations", stations,
            ])
            #expect(run.status == 0, "\(run.errors)")
            groups.append(try #require(try JSONParser.parse(run.output)["groups"]?.arrayValue))
        }
        func overall(_ groups: [JSONValue]) -> [JSONValue] {
            groups.filter { $0["source"]?.stringValue == "all" && $0["bin"]?.stringValue == "all" }
        }
        #expect(overall(groups[0]).compactMap { $0["estimator"]?.stringValue } == ["whereabouts", "ichnaea"])
        #expect(overall(groups[1]).compactMap { $0["estimator"]?.stringValue } == ["whereabouts", "ichnaea-built"])
        #expect(overall(groups[0]).first?["median"]?.doubleValue == overall(groups[1]).first?["median"]?.doubleValue)
        #expect(overall(groups[1]).last?["answeredFraction"]?.doubleValue ?? 0 > 0.5, "the built peer answers")
    }

    @Test func manyTownsArePooledAndEachTownIsItsOwnEval() async throws {
        let run = try await EvalProcessRun(["eval", "--towns", "11-12", "--size", "tiny", "--estimator", "whereabouts", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let report = try JSONParser.parse(run.output)
        let towns = try #require(report["towns"]?.arrayValue)
        #expect(towns.compactMap { $0["seed"]?.doubleValue } == [11, 12])
        let pooled = try #require(report["pooled"]?.arrayValue)
        let wifi = try #require(pooled.first { $0["source"]?.stringValue == "wifi" && $0["bin"]?.stringValue == "all" })
        #expect(wifi["evaluations"]?.doubleValue == 2)
        let answered = towns.compactMap { $0["wifiAnswered"]?.doubleValue }.reduce(0, +)
        #expect(answered > 0 && wifi["answered"]?.doubleValue == answered)
        let fraction = try #require(wifi["insideRadiusFraction"]?.doubleValue)
        let interval = try #require(wifi["insideRadiusInterval"]?.arrayValue).compactMap { $0.doubleValue }
        #expect(interval.count == 2 && interval[0] <= fraction && fraction <= interval[1])
        // Towns on target: those listing no bin off target, beside the number luck alone leaves.
        let clean = towns.count { $0["binsOffTarget"]?.arrayValue?.isEmpty == true }
        #expect(report["onTarget"]?.doubleValue == Double(clean))
        let expected = try #require(report["expectedOnTarget"]?.doubleValue)
        #expect(expected > 0 && expected <= 2)

        // Seed 11's tiny town is the shared one: its line is what `eval --town` says of it.
        let single = try await EvalProcessRun(["eval", "--town", await SharedTown.shared.town(), "--estimator", "whereabouts", "--json"])
        #expect(single.status == 0, "\(single.errors)")
        let groups = try #require(try JSONParser.parse(single.output)["groups"]?.arrayValue)
        let singleWiFi = try #require(groups.first { $0["source"]?.stringValue == "wifi" && $0["bin"]?.stringValue == "all" })
        #expect(towns[0]["wifiMedian"]?.doubleValue == singleWiFi["median"]?.doubleValue)
        #expect(towns[0]["wifiInsideRadius"]?.doubleValue == singleWiFi["insideRadiusFraction"]?.doubleValue)
        let singleFloor = try #require(try JSONParser.parse(single.output)["mapFloor"])
        #expect(towns[0]["mapFloorOutside"]?.doubleValue == singleFloor["outsideFraction"]?.doubleValue)
        #expect(towns[0]["mapFloorP90"]?.doubleValue == singleFloor["p90"]?.doubleValue)
    }

    @Test func eachDeviceOfASurveyIsHeldOutInTurnAndPooled() async throws {
        // The tiny town's survey as two phones: rows of even and odd minutes.
        let town = await SharedTown.shared.town()
        var reader = CSVRecordReader()
        reader.append(try Data(contentsOf: URL(fileURLWithPath: town + "/survey.wigle.csv")))
        reader.finish()
        var text = ""
        while let record = reader.nextRecord() {
            let fields = record.fields.map(SurveySplit.quoted)
            switch record.line {
            case 1: text += fields.joined(separator: ",") + "\n"
            case 2: text += fields.joined(separator: ",") + ",device_model\n"
            default:
                // FirstSeen, "YYYY-MM-DD HH:MM:SS", is the fourth column: its minute picks the phone.
                let minute = Int((record[3] ?? "").dropFirst(14).prefix(2)) ?? 0
                text += fields.joined(separator: ",") + ",phone-\(minute % 2)\n"
            }
        }
        let temporary = TemporaryDirectory("devices")
        let survey = temporary.path("two-phones.csv")
        try text.write(toFile: survey, atomically: true, encoding: .utf8)

        let run = try await EvalProcessRun(["eval", "--survey", survey, "--split-device", "each", "--estimator", "whereabouts", "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let report = try JSONParser.parse(run.output)
        let devices = try #require(report["devices"]?.arrayValue)
        #expect(devices.compactMap { $0["device"]?.stringValue } == ["phone-0", "phone-1"])
        for device in devices {
            #expect((device["wifiQueries"]?.doubleValue ?? 0) > 10)
            // The other phone walked the same streets: nearly every scan is answered.
            #expect((device["wifiAnswered"]?.doubleValue ?? 0) >= 0.9 * (device["wifiQueries"]?.doubleValue ?? .infinity))
        }
        let pooled = try #require(report["pooled"]?.arrayValue)
        let wifi = try #require(pooled.first { $0["source"]?.stringValue == "wifi" && $0["bin"]?.stringValue == "all" })
        #expect(wifi["answered"]?.doubleValue == devices.compactMap { $0["wifiAnswered"]?.doubleValue }.reduce(0, +))

        // A survey that names no phones cannot be split by them.
        let plain = await CLIRun(["eval", "--survey", town + "/survey.wigle.csv", "--split-device", "each"])
        #expect(plain.status == 65, "\(plain.errors)")
        #expect(plain.errors.contains("device_model"))
    }

    @Test func eachRecordingSessionOfSurveyFilesIsHeldOutInTurnAndPooled() async throws {
        // The tiny town's survey holds three walks on three days: the first in one file, the
        // other two in a second file, one after the other.
        let town = await SharedTown.shared.town()
        var reader = CSVRecordReader()
        reader.append(try Data(contentsOf: URL(fileURLWithPath: town + "/survey.wigle.csv")))
        reader.finish()
        var (header, firstRows, restRows) = ("", "", "")
        var firstDay: Substring?
        while let record = reader.nextRecord() {
            let line = record.fields.map(SurveySplit.quoted).joined(separator: ",") + "\n"
            guard record.line > 2 else {
                header += line
                continue
            }
            // FirstSeen, "YYYY-MM-DD HH:MM:SS", is the fourth column.
            let day = (record[3] ?? "").prefix(10)
            firstDay = firstDay ?? day
            if day == firstDay { firstRows += line } else { restRows += line }
        }
        let temporary = TemporaryDirectory("sessions")
        let (first, rest) = (temporary.path("first.csv"), temporary.path("rest.csv"))
        try (header + firstRows).write(toFile: first, atomically: true, encoding: .utf8)
        try (header + restRows).write(toFile: rest, atomically: true, encoding: .utf8)

        let run = try await EvalProcessRun(["eval", "--split-session", "--survey", first, rest, "--json"])
        #expect(run.status == 0, "\(run.errors)")
        let report = try JSONParser.parse(run.output)
        let sessions = try #require(report["sessions"]?.arrayValue)
        #expect(sessions.compactMap { $0["session"]?.stringValue } == ["first.csv", "rest.csv#1", "rest.csv#2"])
        for session in sessions {
            #expect((session["wifiQueries"]?.doubleValue ?? 0) > 20)
            #expect((session["peerWifiAnswered"]?.doubleValue ?? 0) > 0, "Ichnaea's algorithm answers beside Whereabouts")
        }
        // All sessions' queries as one evaluation: each estimator's Wi-Fi queries are every
        // session's, and both radii are reported.
        let groups = try #require(report["combined"]?["groups"]?.arrayValue)
        let queries = sessions.compactMap { $0["wifiQueries"]?.doubleValue }.reduce(0, +)
        for estimator in ["whereabouts", "ichnaea"] {
            let wifi = try #require(groups.first {
                $0["estimator"]?.stringValue == estimator && $0["source"]?.stringValue == "wifi" && $0["bin"]?.stringValue == "all"
            })
            #expect(abs((wifi["n"]?.doubleValue ?? 0) - queries) <= 0.01 * queries, "\(estimator)")
            #expect((wifi["answeredFraction"]?.doubleValue ?? 0) > 0.9, "the walks share their streets")
            if estimator == "whereabouts" {
                #expect(wifi["answered"]?.doubleValue == sessions.compactMap { $0["wifiAnswered"]?.doubleValue }.reduce(0, +))
                #expect((wifi["insideRadius95Fraction"]?.doubleValue ?? 0) > (wifi["insideRadiusFraction"]?.doubleValue ?? 1))
            }
        }

        // One file of one walk cannot be split by sessions; nor can the second file once the
        // gap is longer than the day between its walks.
        let single = await CLIRun(["eval", "--split-session", "--survey", first])
        #expect(single.status == 65, "\(single.errors)")
        #expect(single.errors.contains("first.csv holds 1 recording session(s)"), "\(single.errors)")
        let longGap = await CLIRun(["eval", "--split-session", "--session-gap", "100000", "--survey", rest])
        #expect(longGap.status == 65, "\(longGap.errors)")
        #expect(longGap.errors.contains("rest.csv holds 1 recording session(s)"), "\(longGap.errors)")
    }

    @Test(arguments: [
        [String](),
        ["--towns", "5-2"],
        ["--towns", "1-2", "--town", "x"],
        ["--towns", "1-2", "--calibration", "none"],
        ["--towns", "1-2", "--size", "huge"],
        ["--towns", "1-2", "--centre", "91,0"],
        ["--town", "x", "--centre", "10,10"],
        ["--survey", "s.csv", "--split-device", "each", "--calibration", "stored"],
        ["--survey", "s.csv", "--split-device", "each", "--town", "x"],
        ["--survey", "a.csv", "--survey", "b.csv"],
        ["--survey", "a.csv", "b.csv", "--holdout", "0.2"],
        ["--town", "x", "extra.csv"],
        ["--split-session"],
        ["--split-session", "--survey", "a.csv", "--split-column", "split"],
        ["--split-session", "--survey", "a.csv", "--session-gap", "0"],
        ["--survey", "a.csv", "--session-gap", "10"],
        ["--split-session", "--survey", "a.csv", "--answers", "x.jsonl"],
        ["--survey-statistics", "a.csv", "--town", "x"],
        ["--towns", "1-2", "--calibrate"],
        ["--town", "a", "--queries", "b"],
        ["--queries", "q.jsonl"],
        ["--town", "x", "--calibration", "sometimes"],
        ["--town", "x", "--ichnaea-stations", "mine"],
        ["--town", "x", "--ichnaea-stations", "built", "--estimator", "whereabouts"],
        ["--survey-statistics", "a.csv", "--ichnaea-stations", "built"],
    ])
    func badInputsAreUsageErrors(arguments: [String]) async {
        let run = await CLIRun(["eval"] + arguments)
        #expect(run.status == 64, "\(run.output)\(run.errors)")
        #expect(run.errors.hasPrefix("Error: "))
    }
}
