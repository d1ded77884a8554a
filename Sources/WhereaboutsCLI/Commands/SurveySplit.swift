import Foundation
import JSONCodec
import PositioningCore
import RadioMap
import SurveyFormats

/// Splits a WiGLE-style CSV with extra columns into a training survey and held-out scans.
///
/// A scan is the rows sharing `scan_id` when the file has that column, else the rows sharing
/// device, time and position (as `../shared/tools/ariel-split` rebuilds them). Held-out scans
/// with at least `minimumAccessPoints` Wi-Fi rows become geolocate requests (their cell rows —
/// GSM, LTE, … with MAC `MCCMNC_LAC_CID` — become cell towers) and their own GPS position the
/// truth; held-out scans with cell rows also become a cell-only request. When the file logs its
/// phones' scan cache, a held-out reading that is a cached repeat carries its `age`
/// (`ScanCacheAges`), as a live scan's leftovers do.
struct SurveySplit: CustomStringConvertible {
    enum Rule {
        case column(String)
        case device(String)
        case fraction(Double, seed: UInt64)
    }

    var rule: Rule
    var minimumAccessPoints = 3

    static let wigleColumns = [
        "MAC", "SSID", "AuthMode", "FirstSeen", "Channel", "RSSI", "CurrentLatitude", "CurrentLongitude",
        "AltitudeMeters", "AccuracyMeters", "Type",
    ]

    init(rule: Rule, minimumAccessPoints: Int = 3) {
        self.rule = rule
        self.minimumAccessPoints = minimumAccessPoints
    }

    init(_ arguments: ParsedArguments) throws(CommandFailure) {
        let column = arguments.value("--split-column")
        let device = arguments.value("--split-device")
        let fractionText = arguments.value("--holdout")
        guard [column, device, fractionText].compactMap({ $0 }).count <= 1 else {
            throw .usage("give one of --split-column, --split-device and --holdout")
        }
        if let column {
            rule = .column(column)
        } else if let device {
            rule = .device(device)
        } else {
            let fraction = fractionText.flatMap(Double.init) ?? 0.2
            guard fraction > 0, fraction < 1 else { throw .usage("--holdout expects a fraction between 0 and 1") }
            rule = .fraction(fraction, seed: try MapCalibration(arguments).seed)
        }
        if let text = arguments.value("--min-aps") {
            guard let value = Int(text), value >= 1 else { throw .usage("--min-aps expects a positive whole number") }
            minimumAccessPoints = value
        }
    }

    var description: String {
        switch rule {
        case .column(let name): "held out where \(name) = test"
        case .device(let model): "held out: device \(model)"
        case .fraction(let fraction, let seed): String(format: "%.0f %% of scans held out, seed \(seed)", 100 * fraction)
        }
    }

    /// The values of the `device_model` column of `survey`, sorted (none without the column).
    static func deviceModels(in survey: String) throws -> [String] {
        let (opened, index) = try open(survey)
        var reader = opened
        guard let column = index["device_model"] else { return [] }
        var models = Set<String>()
        while let record = reader.nextRecord() {
            if !record.isBlank, let model = record[column], !model.isEmpty { models.insert(model) }
        }
        return models.sorted()
    }

    /// A reader past the header of `survey`, and the header's column positions by name.
    private static func open(_ survey: String) throws -> (CSVRecordReader, [String: Int]) {
        guard let data = FileManager.default.contents(atPath: survey) else {
            throw CommandFailure(.dataError, "cannot read \(survey)")
        }
        var reader = CSVRecordReader()
        reader.append(data)
        reader.finish()
        var first = reader.nextRecord()
        // A plain WiGLE export starts with its "WigleWifi-1.4,appRelease=…" line; the header follows.
        if first?.fields.first?.hasPrefix("WigleWifi") == true { first = reader.nextRecord() }
        guard let header = first?.fields else { throw CommandFailure(.dataError, "\(survey) is empty") }
        var index: [String: Int] = [:]
        for (position, name) in header.enumerated() { index[name] = position }
        return (reader, index)
    }

    /// Writes the training rows, the held-out requests and their truth.
    /// - Returns: when the file logs its phones' scan cache, how many held-out Wi-Fi requests
    ///   carry aged readings, of how many; nil otherwise.
    @discardableResult
    func write(survey: String, train: String, queries: String, truth: String) throws -> (aged: Int, of: Int)? {
        let (opened, index) = try Self.open(survey)
        var reader = opened
        let wigle = try Self.wigleColumns.map { name throws(CommandFailure) -> Int in
            guard let position = index[name] else { throw CommandFailure(.dataError, "\(survey) has no \(name) column") }
            return position
        }
        var trainText = "WigleWifi-1.4,appRelease=eval-split,model=mixed,release=1,device=mixed,display=mixed,board=mixed,brand=mixed\n"
        trainText += Self.wigleColumns.joined(separator: ",") + "\n"
        var heldOut: [String: [(record: CSVRecord, age: Int?)]] = [:]
        var order: [String] = []
        var ages = ScanCacheAges()
        while let record = reader.nextRecord() {
            guard !record.isBlank else { continue }
            func field(_ name: String) -> String { index[name].flatMap { record[$0] } ?? "" }
            let key = index["scan_id"] != nil ? field("scan_id")
                : [field("device_model"), field("source_file"), field("FirstSeen"), field("CurrentLatitude"), field("CurrentLongitude")]
                    .joined(separator: "|")
            let age = field("Type") != "WIFI" ? nil : ages.note(
                recording: field("source_file") + "|" + field("device_model"), mac: field("MAC").lowercased(),
                signal: Double(field("RSSI")), time: WigleTimestamp.parse(field("FirstSeen")))
            if isHeldOut(scan: key, field: field) {
                if heldOut[key] == nil { order.append(key) }
                heldOut[key, default: []].append((record, age))
            } else {
                trainText += wigle.map { Self.quoted(record[$0] ?? "") }.joined(separator: ",") + "\n"
            }
        }
        var queryText = ""
        var truthText = ""
        var (wifiRequests, agedRequests) = (0, 0)
        for key in order {
            let held = heldOut[key] ?? []
            let rows = held.map(\.record)
            func field(_ record: CSVRecord, _ name: String) -> String { index[name].flatMap { record[$0] } ?? "" }
            guard let first = rows.first, let latitude = Double(field(first, "CurrentLatitude")),
                let longitude = Double(field(first, "CurrentLongitude"))
            else { continue }
            let wifi = held.filter { field($0.record, "Type") == "WIFI" }.map { row in
                (mac: field(row.record, "MAC").lowercased(), signal: Int(field(row.record, "RSSI")) ?? -90,
                 channel: Int(field(row.record, "Channel")) ?? 0, age: ages.logsScanCache ? row.age : nil)
            }
            // Identified as the import identifies them (a 28-bit "GSM" cell id is UMTS).
            let cells = rows.compactMap { row -> (identity: CellIdentity, signal: Int)? in
                guard let radio = RadioType(name: field(row, "Type")),
                    let identity = try? WigleRowParser.cellIdentity(field(row, "MAC"), radio: radio)
                else { return nil }
                return (identity, Int(field(row, "RSSI")) ?? -90)
            }
            let truth = "{\"lat\":\(latitude),\"lng\":\(longitude)"
            if wifi.count >= minimumAccessPoints {
                wifiRequests += 1
                if wifi.contains(where: { $0.age != nil }) { agedRequests += 1 }
                queryText += Self.request(wifi: wifi, cells: cells) + "\n"
                truthText += truth + ",\"kind\":\"wifi\"}\n"
            }
            // The scan's cells alone are a second question: where is a laptop that only hears
            // its modem? They are answered from the cells the survey's own GSM rows placed.
            if !cells.isEmpty {
                queryText += Self.request(wifi: [], cells: cells) + "\n"
                truthText += truth + ",\"kind\":\"cell\"}\n"
            }
        }
        for (path, text) in [(train, trainText), (queries, queryText), (truth, truthText)] {
            do {
                try text.write(toFile: path, atomically: false, encoding: .utf8)
            } catch {
                throw CommandFailure(.failure, "cannot write \(path): \(error.localizedDescription)")
            }
        }
        return ages.logsScanCache ? (agedRequests, wifiRequests) : nil
    }

    /// A geolocate request for the given access points and cells.
    private static func request(
        wifi: [(mac: String, signal: Int, channel: Int, age: Int?)], cells: [(identity: CellIdentity, signal: Int)]
    ) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.writeKey("considerIp"); writer.write(false)
        if !wifi.isEmpty {
            writer.writeKey("wifiAccessPoints")
            writer.beginArray()
            for accessPoint in wifi {
                writer.beginObject()
                writer.writeKey("macAddress"); writer.write(accessPoint.mac)
                writer.writeKey("signalStrength"); writer.write(accessPoint.signal)
                writer.writeKey("channel"); writer.write(accessPoint.channel)
                if let age = accessPoint.age {
                    writer.writeKey("age"); writer.write(age)
                }
                writer.endObject()
            }
            writer.endArray()
        }
        if !cells.isEmpty {
            writer.writeKey("cellTowers")
            writer.beginArray()
            for tower in cells {
                writer.beginObject()
                writer.writeKey("radioType"); writer.write(tower.identity.radio.rawValue)
                writer.writeKey("mobileCountryCode"); writer.write(tower.identity.mcc)
                writer.writeKey("mobileNetworkCode"); writer.write(tower.identity.mnc)
                writer.writeKey("locationAreaCode"); writer.write(tower.identity.area)
                writer.writeKey("cellId"); writer.write(Int(tower.identity.cellID))
                writer.writeKey("signalStrength"); writer.write(tower.signal)
                writer.endObject()
            }
            writer.endArray()
        }
        writer.endObject()
        return writer.string
    }

    private func isHeldOut(scan key: String, field: (String) -> String) -> Bool {
        switch rule {
        case .column(let name): field(name) == "test"
        case .device(let model): field("device_model") == model
        case .fraction(let fraction, let seed): Self.unitHash(key, seed: seed) < fraction
        }
    }

    /// A reproducible value in 0..<1 for `key` (FNV-1a, then SplitMix64 mixing with the seed).
    static func unitHash(_ key: String, seed: UInt64) -> Double {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        // (hash + seed·φ, mixed: the key's hash plays the part of SplitMix64's state.)
        return Double(SeededHash.mix(seed, seed: hash) >> 11) / Double(1 << 53)
    }

    static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
