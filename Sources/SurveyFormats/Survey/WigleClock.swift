import Foundation

/// Which clock a WiGLE-style file's `FirstSeen` column is written in.
///
/// WiGLE's format says UTC, and the ESP32 firmwares (Marauder, Bruce) and Kismet write their
/// GPS's UTC time; the phone app's releases (2.48 among them) write the phone's local time
/// without a zone. The zone comes from the user (`--timezone`) or from the file itself: an
/// unknown-time marker (`01-01-70 5:30`) is Unix time 0 in local time, so it names the offset.
public enum WigleClock {
    /// The zone `FirstSeen` is written in, or nil for UTC.
    /// - Parameters:
    ///   - preHeader: The `WigleWifi-1.x,appRelease=…,model=…` line, when the file has one.
    ///   - firstSeen: `FirstSeen` values of the first rows.
    ///   - given: The zone the user named, which wins.
    public static func zone(preHeader: CSVRecord?, firstSeen: [String], given: TimeZone?) -> TimeZone? {
        if let given { return given }
        if let preHeader, writesUTC(preHeader) { return nil }
        for value in firstSeen {
            if let offset = WigleTimestamp.unknownTimeOffset(value) {
                return offset == 0 ? nil : TimeZone(secondsFromGMT: offset)
            }
        }
        return nil
    }

    /// Whether the times of a file are read as UTC only because nothing said otherwise: no zone
    /// given, no writer known to log GPS time, no unknown-time marker among `firstSeen`, and at
    /// least one real time to read. Then the import says so, rather than silently assuming UTC.
    public static func assumesUTC(preHeader: CSVRecord?, firstSeen: [String], given: TimeZone?) -> Bool {
        if given != nil { return false }
        if let preHeader, writesUTC(preHeader) { return false }
        if firstSeen.contains(where: { WigleTimestamp.unknownTimeOffset($0) != nil }) { return false }
        return firstSeen.contains { WigleTimestamp.parse($0, in: nil) != nil }
    }

    /// The import report's note for a file whose times `assumesUTC`.
    public static let assumedUTCNote =
        "FirstSeen read as UTC: the file names no zone and has no unknown-time marker (01-01-70 5:30); "
        + "--timezone ZONE if the phone wrote local time"

    /// Whether the pre-header names a writer that logs GPS time (UTC): an ESP32 firmware,
    /// Kismet's `kismetdb_to_wiglecsv` or Whereabouts itself, rather than the phone app.
    static func writesUTC(_ preHeader: CSVRecord) -> Bool {
        let text = preHeader.fields.joined(separator: ",").lowercased()
        // Whereabouts' own exports, simulated surveys and eval's splits write UTC too; they say so
        // by their release (`appRelease=whereabouts…`, `appRelease=eval-split`), not by a brand,
        // which a phone's file may carry for other reasons.
        let ownRelease = preHeader.fields.contains { field in
            let field = field.lowercased()
            return field.hasPrefix("apprelease=whereabouts") || field == "apprelease=eval-split"
        }
        return ownRelease || ["esp32", "esp8266", "marauder", "bruce", "kismet", "flipper"].contains { text.contains($0) }
    }

    /// Whether the pre-header is Kismet's (`kismetdb_to_wiglecsv`: `model=Kismet`), which writes
    /// commas, quotes and bytes outside printable ASCII in SSIDs as octal escapes (`\054`).
    public static func isKismet(_ preHeader: CSVRecord) -> Bool {
        preHeader.fields.contains { $0.lowercased() == "model=kismet" }
    }

    /// The zone `name` names: an IANA identifier (`Europe/Amsterdam`), `UTC`, or a fixed offset
    /// (`+05:30`, `-0500`, `+2`); nil when it names none.
    public static func timeZone(named name: String) -> TimeZone? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        if let first = trimmed.first, first == "+" || first == "-" {
            let digits = trimmed.dropFirst().filter { $0 != ":" }
            guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCII), let value = Int(digits) else { return nil }
            let (hours, minutes) = digits.count <= 2 ? (value, 0) : (value / 100, value % 100)
            guard hours <= 14, minutes < 60 else { return nil }
            return TimeZone(secondsFromGMT: (first == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
        }
        if trimmed.uppercased() == "UTC" || trimmed.uppercased() == "GMT" || trimmed == "Z" {
            return TimeZone(secondsFromGMT: 0)
        }
        return TimeZone(identifier: trimmed)
    }
}
