import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import WorldSimulator

@Suite(.onItsOwnThread) struct TownWriterTests {
    static let allFiles = [
        TownWriter.FileName.survey, TownWriter.FileName.cells, TownWriter.FileName.queries,
        TownWriter.FileName.truth, TownWriter.FileName.description, TownWriter.FileName.readme,
        TownWriter.FileName.walkTrace, TownWriter.FileName.walkTruth,
    ]

    @Test func sameSeedWritesIdenticalBytes() throws {
        let first = try WrittenTown(.tiny(seed: 5))
        let second = try WrittenTown(.tiny(seed: 5))
        for name in Self.allFiles {
            #expect(try first.data(name) == second.data(name), "\(name) differs between runs")
        }
    }

    @Test func differentSeedsWriteDifferentTowns() throws {
        let first = try WrittenTown(.tiny(seed: 5))
        let second = try WrittenTown(.tiny(seed: 6))
        #expect(try first.data(TownWriter.FileName.survey) != second.data(TownWriter.FileName.survey))
        #expect(try first.data(TownWriter.FileName.queries) != second.data(TownWriter.FileName.queries))
    }

    @Test func surveyIsWiGLE14() throws {
        let written = try WrittenTown(.tiny())
        let lines = try written.lines(TownWriter.FileName.survey)
        #expect(lines[0].hasPrefix("WigleWifi-1.4,appRelease="))
        let keys = lines[0].split(separator: ",").dropFirst().map { $0.split(separator: "=")[0] }
        #expect(keys == ["appRelease", "model", "release", "device", "display", "board", "brand"])
        #expect(lines[1] == "MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type")
        let rows = try written.surveyRows()
        #expect(rows.count == written.summary.surveyWiFiRows + written.summary.surveyCellRows)
        let firstSeen = try Regex("^[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}:[0-9]{2}$")
        let cellMAC = try Regex("^([0-9]{3})([0-9]{2,3})_([0-9]+)_([0-9]+)$")
        var malformed: [[String]] = []
        for row in rows {
            guard row.count == 11, row[3].wholeMatch(of: firstSeen) != nil, Int(row[4]) != nil, Int(row[5]) != nil,
                Double(row[6]) != nil, Double(row[7]) != nil, Double(row[8]) != nil, (Double(row[9]) ?? 0) > 0
            else {
                malformed.append(row)
                continue
            }
            switch row[10] {
            case "WIFI":
                if BSSID(row[0]) == nil || row[0] != row[0].lowercased() { malformed.append(row) }
            case "GSM", "LTE":
                guard let match = row[0].wholeMatch(of: cellMAC),
                    (try? CellIdentity(
                        radio: row[10] == "GSM" ? .gsm : .lte, mcc: Int(match.output[1].substring!)!,
                        mnc: Int(match.output[2].substring!)!, area: Int(match.output[3].substring!)!,
                        cellID: Int64(match.output[4].substring!)!)) != nil
                else {
                    malformed.append(row)
                    continue
                }
            default:
                malformed.append(row)
            }
        }
        #expect(malformed.isEmpty, "malformed rows: \(malformed.prefix(3))")
        // SSIDs with commas and quotes survive the round trip.
        #expect(rows.contains { $0[1].contains(",") })
    }

    @Test func cellsFileIsOpenCellIDWithLongitudeFirst() throws {
        let written = try WrittenTown(.tiny(latitude: 52.52, longitude: 13.405))
        let lines = try written.lines(TownWriter.FileName.cells)
        #expect(lines[0] == "radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal")
        #expect(lines.count - 1 == written.town.cells.count)
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            #expect(fields.count == 14)
            #expect(["GSM", "LTE"].contains(fields[0]))
            #expect(abs(Double(fields[6])! - 13.405) < 0.05, "lon \(fields[6])")
            #expect(abs(Double(fields[7])! - 52.52) < 0.05, "lat \(fields[7])")
            #expect(Int(fields[8])! > 0)
        }
    }

    @Test func queriesAndTruthAlign() throws {
        let written = try WrittenTown(.tiny())
        let queries = try written.jsonLines(TownWriter.FileName.queries)
        let truth = try written.jsonLines(TownWriter.FileName.truth)
        #expect(queries.count == truth.count)
        let onSurvey = TownSize.tiny.wifiQueryCount + TownSize.tiny.cellQueryCount
        #expect(queries.count > onSurvey)
        #expect(queries.count <= onSurvey + TownSize.tiny.wifiQueryCount / 4 + TownSize.tiny.cellQueryCount)
        // The town's queries first, then the off-survey ones, each marked.
        #expect(truth.prefix(onSurvey).allSatisfy { $0["offSurvey"] == nil })
        #expect(truth.dropFirst(onSurvey).allSatisfy { $0["offSurvey"] as? Bool == true })
        for (query, answer) in zip(queries, truth) {
            #expect(query["considerIp"] as? Bool == false)
            let wifi = query["wifiAccessPoints"] as? [[String: Any]] ?? []
            let cells = query["cellTowers"] as? [[String: Any]] ?? []
            #expect(answer["lat"] is Double && answer["lng"] is Double)
            switch answer["kind"] as? String {
            case "wifi":
                #expect(wifi.count >= 3)
                for accessPoint in wifi {
                    #expect(BSSID(accessPoint["macAddress"] as? String ?? "") != nil)
                    #expect(accessPoint["signalStrength"] is Int && accessPoint["channel"] is Int)
                }
            case "cell":
                #expect(wifi.isEmpty && !cells.isEmpty)
            default:
                Issue.record("unexpected kind \(String(describing: answer["kind"]))")
            }
            for cell in cells {
                #expect(["gsm", "lte"].contains(cell["radioType"] as? String))
                for key in ["mobileCountryCode", "mobileNetworkCode", "locationAreaCode", "cellId", "signalStrength"] {
                    #expect(cell[key] is Int, "\(key) missing")
                }
            }
        }
    }

    @Test func offSurveyQueriesStandFarFromEverySurveyScan() throws {
        let written = try WrittenTown(.tiny())
        let truth = try written.jsonLines(TownWriter.FileName.truth)
        let marked = truth.filter { $0["offSurvey"] as? Bool == true }
        #expect(marked.contains { $0["kind"] as? String == "cell" })
        let survey = try written.surveyRows().compactMap { row -> Coordinate? in
            guard let latitude = Double(row[6]), let longitude = Double(row[7]) else { return nil }
            return Coordinate(latitude: latitude, longitude: longitude)
        }
        try #require(!survey.isEmpty)
        for line in marked {
            let query = Coordinate(latitude: try #require(line["lat"] as? Double), longitude: try #require(line["lng"] as? Double))
            let nearest = survey.map { Geodesy.distance(from: $0, to: query) }.min()!
            // Survey rows carry the surveyor's GPS error (a few metres), the marks true positions.
            #expect(nearest > Town.offSurveyDistance - 30, "an off-survey query \(nearest) m from the survey")
        }
    }

    @Test func descriptionFilesRecordTheCounts() throws {
        let written = try WrittenTown(.tiny())
        let json = try #require(try written.jsonLines(TownWriter.FileName.description).first)
        let counts = try #require(json["counts"] as? [String: Int])
        #expect(counts["surveyWiFiRows"] == written.summary.surveyWiFiRows)
        #expect(counts["movedRouters"] == written.summary.movedRouters)
        #expect(json["seed"] as? Int == 11)
        let readme = try written.lines(TownWriter.FileName.readme).joined(separator: "\n")
        #expect(readme.contains("survey.wigle.csv") && readme.contains("truth.jsonl"))
    }

    @Test func unwritableDirectoryThrows() {
        #expect(throws: SimulationError.self) {
            try TownWriter(town: Town(.tiny())).write(to: "/proc/whereabouts-cannot-write-here")
        }
    }
}
