import Foundation
import Testing
import TestSupport

@testable import PositioningCore

/// The accuracy benchmark on the real Ariel 2017 WiGLE captures (see shared/data/README.md):
/// aggregate the train rows with `EmitterAggregator`, locate each held-out scan of ≥ 3 access
/// points with `WhereaboutsEstimator`, and score against the scan's own GPS fix.
///
/// The captures have no licence, so they are read from the shared data folder, never copied.
/// Skipped where the shared data folder is absent.
@Suite(.onItsOwnThread, .enabled(
    if: TestPaths.sharedData("wigle/ariel_2017/ariel_observations_merged.csv") != nil,
    "../shared/data/wigle/ariel_2017 is absent (real captures, read in place, never copied)"))
struct EstimatorArielEvaluationTests {
    @Test func holdOutScansAreLocatedAtLeastAsWellAsIchnaea() throws {
        guard let url = TestPaths.sharedData("wigle/ariel_2017/ariel_observations_merged.csv") else {
            Issue.record("shared/data/wigle/ariel_2017 is absent; set WHEREABOUTS_SHARED_DATA")
            return
        }
        let holdOut = try ArielHoldOut(contentsOf: url)
        var errors: [Double] = []
        var inside = 0
        let estimator = WhereaboutsEstimator()
        for query in holdOut.queries {
            guard let estimate = estimator.estimatePosition(from: holdOut.input(for: query)) else { continue }
            let error = Geodesy.distance(from: estimate.location.coordinate, to: query.truth)
            errors.append(error)
            if error <= estimate.location.horizontalAccuracy { inside += 1 }
        }
        errors.sort()
        let answered = Double(errors.count) / Double(holdOut.queries.count)
        let median = errors[errors.count / 2]
        let p90 = errors[Int(Double(errors.count - 1) * 0.9)]
        let insideShare = Double(inside) / Double(errors.count)
        print("Ariel hold-out: \(holdOut.queries.count) scans, answered \(answered), median \(median) m, "
            + "p90 \(p90) m, truth inside radius \(insideShare)")
        // Mozilla Ichnaea's published algorithm: 90 % answered, 62 m median, 145 m p90.
        #expect(holdOut.queries.count == 359)
        #expect(answered >= 0.9)
        #expect(median <= 62)
        #expect((0.63...0.73).contains(insideShare))
    }
}

/// The merged Ariel CSV split as `shared/tools/ariel-split` does: train rows become the radio
/// map, test scans with at least three Wi-Fi rows become queries.
private struct ArielHoldOut {
    struct Query {
        var wifi: [WiFiObservation]
        var cells: [CellObservation]
        var truth: Coordinate
    }

    var queries: [Query] = []
    var accessPoints: [BSSID: KnownAccessPoint] = [:]
    var cells: [CellIdentity: KnownCell] = [:]
    var areas: [AreaIdentity: KnownArea] = [:]

    init(contentsOf url: URL) throws {
        let lines = try String(contentsOf: url, encoding: .utf8).split(whereSeparator: \.isNewline)
        let header = Self.fields(of: lines[0])
        let column = Dictionary(uniqueKeysWithValues: header.enumerated().map { ($1, $0) })
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        formatter.timeZone = TimeZone(identifier: "UTC")
        var apSightings: [BSSID: [SurveyObservation]] = [:]
        var cellSightings: [CellIdentity: [SurveyObservation]] = [:]
        var scans: [String: [[String]]] = [:]
        var scanOrder: [String] = []
        for line in lines.dropFirst() {
            let row = Self.fields(of: line)
            guard row.count == header.count else { continue }
            func value(_ name: String) -> String { row[column[name]!] }
            if value("split_random20") == "test" {
                if scans[value("scan_id")] == nil { scanOrder.append(value("scan_id")) }
                scans[value("scan_id"), default: []].append(row)
                continue
            }
            guard let latitude = Double(value("CurrentLatitude")), let longitude = Double(value("CurrentLongitude")),
                let position = Coordinate(validating: latitude, longitude)
            else { continue }
            let sighting = SurveyObservation(
                position: position, positionAccuracy: Double(value("AccuracyMeters")),
                signalStrength: Double(value("RSSI")),
                time: value("FirstSeen").hasPrefix("1970") ? nil : formatter.date(from: value("FirstSeen")),
                ssid: value("SSID"))
            if value("Type") == "WIFI", let bssid = BSSID(value("MAC")) {
                apSightings[bssid, default: []].append(sighting)
            } else if value("Type") == "GSM", let identity = Self.cellIdentity(value("MAC")) {
                cellSightings[identity, default: []].append(sighting)
            }
        }
        for (bssid, sightings) in apSightings {
            accessPoints[bssid] = EmitterAggregator.aggregateAccessPoint(bssid, observations: sightings)
        }
        for (identity, sightings) in cellSightings {
            cells[identity] = EmitterAggregator.aggregateCell(identity, observations: sightings)
        }
        for (area, members) in Dictionary(grouping: cells.values, by: \.identity.areaIdentity) {
            areas[area] = EmitterAggregator.aggregateArea(area, cells: members)
        }
        for id in scanOrder {
            let rows = scans[id]!
            let wifi = rows.filter { $0[column["Type"]!] == "WIFI" }
            guard wifi.count >= 3 else { continue }
            queries.append(Query(
                wifi: wifi.compactMap { row in
                    BSSID(row[column["MAC"]!]).map { WiFiObservation(bssid: $0, signalStrength: Double(row[column["RSSI"]!])) }
                },
                cells: rows.filter { $0[column["Type"]!] == "GSM" }.compactMap { row in
                    Self.cellIdentity(row[column["MAC"]!]).map { CellObservation(identity: $0, signalStrength: Double(row[column["RSSI"]!])) }
                },
                truth: Coordinate(
                    latitude: Double(rows[0][column["CurrentLatitude"]!])!,
                    longitude: Double(rows[0][column["CurrentLongitude"]!])!)))
        }
    }

    func input(for query: Query) -> EstimationInput {
        EstimationInput(
            wifi: query.wifi, cells: query.cells,
            accessPoints: accessPoints.filter { entry in query.wifi.contains { $0.bssid == entry.key } },
            knownCells: cells.filter { entry in query.cells.contains { $0.identity == entry.key } },
            areas: areas.filter { entry in query.cells.contains { $0.identity.areaIdentity == entry.key } })
    }

    /// WiGLE's GSM key `MCCMNC_LAC_CID`; ids above 16 bits are UMTS cells logged as GSM.
    private static func cellIdentity(_ key: String) -> CellIdentity? {
        let parts = key.split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count >= 5, let mcc = Int(parts[0].prefix(3)),
            let mnc = Int(parts[0].dropFirst(3)), let area = Int(parts[1]), let cellID = Int64(parts[2])
        else { return nil }
        return try? CellIdentity(radio: cellID > 65_535 ? .wcdma : .gsm, mcc: mcc, mnc: mnc, area: area, cellID: cellID)
    }

    /// CSV fields, honouring double quotes (SSIDs may hold commas).
    private static func fields(of line: Substring) -> [String] {
        var fields: [String] = []
        var current = ""
        var quoted = false
        for character in line {
            if character == "\"" {
                quoted.toggle()
            } else if character == "," && !quoted {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
