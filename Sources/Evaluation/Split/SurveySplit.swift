import Foundation
import JSONCodec
import PositioningCore
import SurveyFormats

/// Splits a WiGLE-style CSV with extra columns into a training survey and held-out scans.
///
/// A scan is the rows sharing `scan_id` when the file has that column, else the rows sharing
/// device, time and position (as `../shared/tools/ariel-split` rebuilds them). Held-out scans
/// with at least `minimumAccessPoints` Wi-Fi rows become geolocate requests (their cell rows —
/// GSM, LTE, … with MAC `MCCMNC_LAC_CID` — become cell towers) and their own GPS position the
/// truth, with the recording session they were held out of (`"session"`: the file, or its
/// `source_file` column, cut where times pause longer than the session gap, `#1`, `#2`, …);
/// held-out scans with cell rows also become a cell-only request. When the file logs its
/// phones' scan cache, a held-out reading that is a cached repeat carries its `age`
/// (`ScanCacheAges`), as a live scan's leftovers do.
///
/// The file is streamed (`CSVRecordReader` over chunks), never loaded whole: training rows are
/// written as they are read, and only the held-out scans' readings are kept until the end,
/// when the file has said whether it logs its scan cache.
///
/// ```swift
/// let split = SurveySplit(rule: .column("split_random20"))
/// try split.write(survey: "ariel.csv", train: "train.csv", queries: "q.jsonl", truth: "t.jsonl")
/// ```
public struct SurveySplit: CustomStringConvertible, Sendable {
    /// Which scans are held out.
    public enum Rule: Sendable {
        /// Rows whose column of this name is `test`.
        case column(String)
        /// Rows whose `device_model` is this model.
        case device(String)
        /// A seeded fraction of the scans.
        case fraction(Double, seed: UInt64)
        /// The rows of one recording session (`SurveySession`): of the file at `path`, the
        /// `index`th stretch between time gaps longer than `gap` seconds.
        case session(path: String, index: Int, gap: TimeInterval)
    }

    /// Which scans are held out.
    public var rule: Rule
    /// The fewest Wi-Fi rows a held-out scan needs to be a Wi-Fi query.
    public var minimumAccessPoints = 3

    /// The columns of the training file, a WiGLE 1.4 export's.
    public static let wigleColumns = [
        "MAC", "SSID", "AuthMode", "FirstSeen", "Channel", "RSSI", "CurrentLatitude", "CurrentLongitude",
        "AltitudeMeters", "AccuracyMeters", "Type",
    ]

    /// A split by `rule`.
    public init(rule: Rule, minimumAccessPoints: Int = 3) {
        self.rule = rule
        self.minimumAccessPoints = minimumAccessPoints
    }

    public var description: String {
        switch rule {
        case .column(let name): "held out where \(name) = test"
        case .device(let model): "held out: device \(model)"
        case .fraction(let fraction, let seed): String(format: "%.0f %% of scans held out, seed \(seed)", 100 * fraction)
        case .session(let path, let index, let gap):
            "held out: session \(index + 1) of \((path as NSString).lastPathComponent) (cut at gaps over \(Int(gap / 60)) min)"
        }
    }

    /// The values of the `device_model` column of `survey`, sorted (none without the column).
    public static func deviceModels(in survey: String) throws(SurveySplitError) -> [String] {
        let file = try SurveyCSVFile(path: survey)
        guard let column = file.columns["device_model"] else { return [] }
        var models = Set<String>()
        while let record = try file.nextRecord() {
            if !record.isBlank, let model = record[column], !model.isEmpty { models.insert(model) }
        }
        return models.sorted()
    }

    /// How many held-out Wi-Fi requests carry aged readings, of how many.
    public struct AgedRequests: Hashable, Sendable {
        public var aged: Int
        public var of: Int
    }

    /// Writes the training rows, the held-out requests and their truth, reading `survey`
    /// `chunkSize` bytes at a time.
    /// - Returns: when the file logs its phones' scan cache, how many held-out Wi-Fi requests
    ///   carry aged readings, of how many; nil otherwise.
    @discardableResult
    public func write(
        survey: String, train: String, queries: String, truth: String, chunkSize: Int = 1 << 20
    ) throws(SurveySplitError) -> AgedRequests? {
        try write(surveys: [survey], train: train, queries: queries, truth: truth, chunkSize: chunkSize)
    }

    /// Writes the training rows of all `surveys` into one training file and their held-out
    /// requests and truth, reading each file in turn `chunkSize` bytes at a time. Each file is
    /// its own recording (a scan never spans two files).
    /// - Returns: as `write(survey:…)`.
    @discardableResult
    public func write(
        surveys: [String], train: String, queries: String, truth: String, chunkSize: Int = 1 << 20
    ) throws(SurveySplitError) -> AgedRequests? {
        let training = try TextFileWriter(path: train)
        try training.write(
            "WigleWifi-1.4,appRelease=eval-split,model=mixed,release=1,device=mixed,display=mixed,board=mixed,brand=mixed\n")
        try training.write(Self.wigleColumns.joined(separator: ",") + "\n")
        var held: [HeldOutScan] = []
        var heldIndex: [String: Int] = [:]
        var ages = ScanCacheAges()
        for (number, survey) in surveys.enumerated() {
            let file = try SurveyCSVFile(path: survey, chunkSize: chunkSize)
            let index = file.columns
            let wigle = try Self.wigleColumns.map { name throws(SurveySplitError) -> Int in
                guard let position = index[name] else { throw .missingColumn(path: survey, name: name) }
                return position
            }
            // Several files: each is its own recording, so its scans and cached readings are its own.
            let recording = surveys.count > 1 ? "\(number)|" : ""
            var sessions = sessionGap.map { SessionCutter(gap: $0) }
            // Each recording (a file, or a `source_file` of a merged one) cut at time gaps: the
            // unit a held-out scan's truth names, since one walk's scans miss together.
            var recordings: [String: SessionCutter] = [:]
            let fileName = (survey as NSString).lastPathComponent
            while let record = try file.nextRecord() {
                guard !record.isBlank else { continue }
                func field(_ name: String) -> String { index[name].flatMap { record[$0] } ?? "" }
                let time = WigleTimestamp.parse(field("FirstSeen"))
                let session = sessions?.session(at: time)
                let source = field("source_file")
                let recordingName = source.isEmpty ? fileName : surveys.count > 1 ? fileName + "/" + source : source
                let recordingSession = recordings[recordingName, default: SessionCutter(gap: sessionGap ?? SessionCutter.defaultGap)]
                    .session(at: time)
                let key = recording + (index["scan_id"] != nil ? field("scan_id")
                    : [field("device_model"), field("source_file"), field("FirstSeen"), field("CurrentLatitude"), field("CurrentLongitude")]
                        .joined(separator: "|"))
                let age = field("Type") != "WIFI" ? nil : ages.note(
                    recording: recording + field("source_file") + "|" + field("device_model"), mac: field("MAC").lowercased(),
                    signal: Double(field("RSSI")), time: time)
                if isHeldOut(scan: key, file: survey, session: session, field: field) {
                    let position = heldIndex[key] ?? {
                        held.append(HeldOutScan(
                            latitude: Double(field("CurrentLatitude")), longitude: Double(field("CurrentLongitude")),
                            session: "\(recordingName)#\(recordingSession + 1)"))
                        heldIndex[key] = held.count - 1
                        return held.count - 1
                    }()
                    held[position].add(type: field("Type"), mac: field("MAC"), rssi: field("RSSI"), channel: field("Channel"), age: age)
                } else {
                    try training.write(wigle.map { Self.quoted(record[$0] ?? "") }.joined(separator: ",") + "\n")
                }
            }
        }
        try training.flush()
        return try writeHeldOut(held, logsScanCache: ages.logsScanCache, queries: queries, truth: truth)
    }

    /// The held-out scans as requests and truth lines.
    private func writeHeldOut(
        _ held: [HeldOutScan], logsScanCache: Bool, queries: String, truth: String
    ) throws(SurveySplitError) -> AgedRequests? {
        let (queryFile, truthFile) = (try TextFileWriter(path: queries), try TextFileWriter(path: truth))
        var counted = AgedRequests(aged: 0, of: 0)
        for scan in held {
            guard let latitude = scan.latitude, let longitude = scan.longitude else { continue }
            let wifi = logsScanCache ? scan.wifi : scan.wifi.map { (mac: $0.mac, signal: $0.signal, channel: $0.channel, age: nil) }
            func truth(kind: String) -> String {
                var writer = JSONWriter()
                writer.beginObject()
                writer.writeKey("lat"); writer.write(latitude)
                writer.writeKey("lng"); writer.write(longitude)
                writer.writeKey("kind"); writer.write(kind)
                writer.writeKey("session"); writer.write(scan.session)
                writer.endObject()
                return writer.string + "\n"
            }
            if wifi.count >= minimumAccessPoints {
                counted.of += 1
                if wifi.contains(where: { $0.age != nil }) { counted.aged += 1 }
                try queryFile.write(Self.request(wifi: wifi, cells: scan.cells) + "\n")
                try truthFile.write(truth(kind: "wifi"))
            }
            // The scan's cells alone are a second question: where is a laptop that only hears
            // its modem? They are answered from the cells the survey's own GSM rows placed.
            if !scan.cells.isEmpty {
                try queryFile.write(Self.request(wifi: [], cells: scan.cells) + "\n")
                try truthFile.write(truth(kind: "cell"))
            }
        }
        try queryFile.flush()
        try truthFile.flush()
        return logsScanCache ? counted : nil
    }

    /// The session gap the rule cuts files at, if it holds out a session.
    private var sessionGap: TimeInterval? {
        if case .session(_, _, let gap) = rule { gap } else { nil }
    }

    private func isHeldOut(scan key: String, file: String, session: Int?, field: (String) -> String) -> Bool {
        switch rule {
        case .column(let name): field(name) == "test"
        case .device(let model): field("device_model") == model
        case .fraction(let fraction, let seed): Self.unitHash(key, seed: seed) < fraction
        case .session(let path, let index, _): file == path && session == index
        }
    }

    /// A reproducible value in 0..<1 for `key` (FNV-1a, then SplitMix64 mixing with the seed).
    public static func unitHash(_ key: String, seed: UInt64) -> Double {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        // (hash + seed·φ, mixed: the key's hash plays the part of SplitMix64's state.)
        return Double(SeededHash.mix(seed, seed: hash) >> 11) / Double(1 << 53)
    }

    /// `field` as a CSV field: quoted when it holds a comma, quote or line end.
    public static func quoted(_ field: String) -> String {
        guard field.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
