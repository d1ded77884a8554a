import Foundation
import JSONCodec
import PositioningCore

/// Writes sightings as WiGLE 1.4 rows or geosubmit items (see `RadioMap.export`).
struct SightingExporter {
    let format: ExportFormat
    let write: (String) throws -> Void
    var summary = ExportSummary()
    /// Geosubmit: the item being filled (sightings of one moment at one position), and which
    /// emitters it already lists (an item names each once).
    private var item: (position: Coordinate, accuracy: Double?, time: Date?, wifi: [String], cells: [String])?
    private var itemAccessPoints = Set<BSSID>()
    private var itemCells = Set<CellIdentity>()
    private var itemsWritten = 0

    init(format: ExportFormat, write: @escaping (String) throws -> Void) {
        self.format = format
        self.write = write
    }

    /// WiGLE's first line: format version and the app that wrote it.
    static let wiglePreHeader =
        "WigleWifi-1.4,appRelease=whereabouts,model=radiomap-export,release=1,device=whereabouts,display=none,board=none,brand=Whereabouts"
    static let wigleHeader =
        "MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type"

    mutating func begin() throws {
        switch format {
        case .wigle: try write(Self.wiglePreHeader + "\n" + Self.wigleHeader + "\n")
        case .geosubmit: try write("{\"items\":[")
        }
    }

    mutating func end() throws {
        if format == .geosubmit {
            try flushItem()
            try write("\n]}\n")
        }
    }

    mutating func accessPoint(_ bssid: BSSID, _ seen: SurveyObservation) throws {
        summary.sightings += 1
        switch format {
        case .wigle:
            try write([bssid.description, Self.csvField(seen.ssid ?? ""), "", Self.wigleTime(seen.time), "0",
                       Self.number(seen.signalStrength), Self.number(seen.position.latitude),
                       Self.number(seen.position.longitude), "0", Self.number(seen.positionAccuracy), "WIFI"]
                .joined(separator: ",") + "\n")
        case .geosubmit:
            try startItem(for: seen, joining: !itemAccessPoints.contains(bssid))
            itemAccessPoints.insert(bssid)
            var writer = JSONWriter()
            writer.beginObject()
            writer.writeKey("macAddress")
            writer.write(bssid.description)
            if let signal = seen.signalStrength {
                writer.writeKey("signalStrength")
                writer.write(signal)
            }
            if let ssid = seen.ssid {
                writer.writeKey("ssid")
                writer.write(ssid)
            }
            writer.endObject()
            item!.wifi.append(writer.string)
        }
    }

    mutating func cell(_ cell: CellIdentity, _ seen: SurveyObservation) throws {
        summary.sightings += 1
        switch format {
        case .wigle:
            let mnc = cell.mnc < 10 ? "0\(cell.mnc)" : "\(cell.mnc)"
            try write(["\(cell.mcc)\(mnc)_\(cell.area)_\(cell.cellID)", "", "", Self.wigleTime(seen.time), "0",
                       Self.number(seen.signalStrength), Self.number(seen.position.latitude),
                       Self.number(seen.position.longitude), "0", Self.number(seen.positionAccuracy),
                       cell.radio.rawValue.uppercased()]
                .joined(separator: ",") + "\n")
        case .geosubmit:
            try startItem(for: seen, joining: !itemCells.contains(cell))
            itemCells.insert(cell)
            var writer = JSONWriter()
            writer.beginObject()
            writer.writeKey("radioType")
            writer.write(cell.radio.rawValue)
            for (key, value) in [("mobileCountryCode", cell.mcc), ("mobileNetworkCode", cell.mnc),
                                 ("locationAreaCode", cell.area)] {
                writer.writeKey(key)
                writer.write(value)
            }
            writer.writeKey("cellId")
            writer.write(Double(cell.cellID))
            if let signal = seen.signalStrength {
                writer.writeKey("signalStrength")
                writer.write(signal)
            }
            writer.endObject()
            item!.cells.append(writer.string)
        }
    }

    /// Continues the current item when `seen` shares its moment and position, else starts one.
    private mutating func startItem(for seen: SurveyObservation, joining: Bool) throws {
        if joining, let current = item, current.position == seen.position, current.time == seen.time,
            current.accuracy == seen.positionAccuracy
        {
            return
        }
        try flushItem()
        item = (seen.position, seen.positionAccuracy, seen.time, [], [])
    }

    private mutating func flushItem() throws {
        guard let current = item else { return }
        var writer = JSONWriter()
        writer.beginObject()
        if let time = current.time {
            writer.writeKey("timestamp")
            writer.write((time.timeIntervalSince1970 * 1000).rounded())
        }
        writer.writeKey("position")
        writer.beginObject()
        writer.writeKey("latitude")
        writer.write(current.position.latitude)
        writer.writeKey("longitude")
        writer.write(current.position.longitude)
        if let accuracy = current.accuracy {
            writer.writeKey("accuracy")
            writer.write(accuracy)
        }
        writer.endObject()
        var text = writer.string
        if !current.wifi.isEmpty { text += ",\"wifiAccessPoints\":[" + current.wifi.joined(separator: ",") + "]" }
        if !current.cells.isEmpty { text += ",\"cellTowers\":[" + current.cells.joined(separator: ",") + "]" }
        // The writer's object is still open: close it by hand after the emitter lists.
        try write((itemsWritten == 0 ? "\n" : ",\n") + text + "}")
        itemsWritten += 1
        item = nil
        itemAccessPoints.removeAll(keepingCapacity: true)
        itemCells.removeAll(keepingCapacity: true)
    }

    /// The shortest text that reads back as the same number; empty for unknown.
    static func number(_ value: Double?) -> String {
        guard let value else { return "" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// `YYYY-MM-DD HH:MM:SS` in UTC; WiGLE's "unknown" 1970 date for an unknown time.
    static func wigleTime(_ date: Date?) -> String {
        guard let date else { return "1970-01-01 00:00:00" }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ value: Int?) -> String { let v = value ?? 0; return v < 10 ? "0\(v)" : "\(v)" }
        return "\(c.year ?? 1970)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute)):\(two(c.second))"
    }

    /// A CSV field, quoted when it holds a comma, quote or line break.
    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
