import Foundation
import PositioningCore
import SurveyFormats

/// A survey that is itself an SQLite database — the WiGLE app's `wiglewifi.sqlite` or a Kismet
/// `.kismet` log — opened read-only and read row by row (only RadioMap touches SQLite).
final class SurveyDatabase {
    /// `SQLite format 3\0`, the first 16 bytes of every SQLite database file.
    static let magic: [UInt8] = Array("SQLite format 3".utf8) + [0]

    let format: SurveyFormat
    private let connection: SQLiteConnection
    private let path: String

    /// Opens the database at `databasePath` (`path` names the file in messages).
    /// - Throws: `ImportError.notASurvey` for a damaged database or one that is neither format.
    init(databasePath: String, path: String) throws(ImportError) {
        self.path = path
        do {
            connection = try SQLiteConnection(path: databasePath, readOnly: true)
            try connection.execute("PRAGMA query_only = ON")
            if try connection.hasTable("network"), try connection.hasTable("location") {
                format = .wigledb
            } else if try connection.hasTable("KISMET"), try connection.hasTable("devices") {
                format = .kismet
            } else {
                throw ImportError.notASurvey(
                    path: path, reason: "an SQLite database, but neither a WiGLE app database (network and location tables) nor a Kismet log (KISMET and devices tables)")
            }
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError.notASurvey(path: path, reason: Self.reason(error))
        }
    }

    /// Calls `body` with each row's sighting (or why it was rejected) and its row number.
    /// - Throws: `ImportError.notASurvey` when the database fails part-way (damaged pages), or
    ///   what `body` throws.
    func forEachRow(_ body: (Result<SurveyRow, SurveyRowError>, Int) throws -> Void) throws {
        do {
            switch format {
            case .wigledb: try forEachWigleRow(body)
            case .kismet: try forEachKismetRow(body)
            default: preconditionFailure("not a database format: \(format)")
            }
        } catch let error as SQLiteError {
            throw ImportError.notASurvey(path: path, reason: Self.reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        guard let error = error as? SQLiteError else { return "\(error)" }
        if error.isNotADatabase { return "file is not a database" }
        if error.isCorrupt { return "database is corrupt or truncated" }
        return "cannot read the database: \(error.description)"
    }

    private static func result(_ parse: () throws(SurveyRowError) -> SurveyRow) -> Result<SurveyRow, SurveyRowError> {
        do throws(SurveyRowError) { return .success(try parse()) } catch { return .failure(error) }
    }

    /// The WiGLE app's hearings (`location`) with their networks (`network`), in row order.
    private func forEachWigleRow(_ body: (Result<SurveyRow, SurveyRowError>, Int) throws -> Void) throws {
        let statement = try connection.makeStatement(sql: """
            SELECT l._id, l.bssid, l.level, l.lat, l.lon, l.accuracy, l.time, n.ssid, n.type, n.capabilities
            FROM location l LEFT JOIN network n ON n.bssid = l.bssid ORDER BY l._id
            """)
        while try statement.step() {
            let row = WigleDatabaseRow(
                bssid: statement.text(1) ?? "", level: statement.isNull(2) ? nil : statement.int64(2),
                latitude: statement.optionalDouble(3), longitude: statement.optionalDouble(4),
                accuracy: statement.optionalDouble(5), time: statement.isNull(6) ? nil : statement.int64(6),
                ssid: statement.text(7), type: statement.text(8), capabilities: statement.text(9))
            try body(Self.result(row.parse), Int(statement.int64(0)))
        }
    }

    /// A Kismet log's location records: each located packet of a device, then, for access
    /// points no located packet names, the device's own average position (logs written without
    /// packets). Packets without a position are not location records and are passed over.
    private func forEachKismetRow(_ body: (Result<SurveyRow, SurveyRowError>, Int) throws -> Void) throws {
        let version = (try? connection.integer("SELECT db_version FROM KISMET")) ?? 0
        // Before log version 5 positions are stored as integers, degrees × 100,000.
        let scale = version < 5 ? 1e-5 : 1.0
        var devices: [String: KismetDevice] = [:]
        let deviceRows = try connection.makeStatement(sql: "SELECT devmac, phyname, type, device FROM devices")
        while try deviceRows.step() {
            let mac = deviceRows.text(0) ?? "", phy = deviceRows.text(1) ?? "", type = deviceRows.text(2) ?? ""
            // Only an access point's JSON is read: it is the only one whose SSID is kept.
            let json = phy == "IEEE802.11" && type == "Wi-Fi AP" ? deviceRows.text(3) : nil
            devices[phy + "|" + mac.lowercased()] = KismetDevice(mac: mac, phy: phy, type: type, json: json)
        }
        var located: Set<String> = []
        var lastPacket = 0
        if try connection.hasTable("packets") {
            let packets = try connection.makeStatement(sql: """
                SELECT rowid, ts_sec, sourcemac, phyname, lat, lon, signal FROM packets
                WHERE (lat != 0 OR lon != 0) AND sourcemac != '00:00:00:00:00:00' ORDER BY rowid
                """)
            while try packets.step() {
                let line = Int(packets.int64(0))
                lastPacket = line
                let key = (packets.text(3) ?? "") + "|" + (packets.text(2) ?? "").lowercased()
                guard let device = devices[key] else {
                    try body(.failure(SurveyRowError(reason: "no device record", column: "sourcemac",
                                                     detail: "packet from \((packets.text(2) ?? "").prefix(20)) without a devices row")), line)
                    continue
                }
                if device.isAccessPoint { located.insert(key) }
                let (latitude, longitude) = (packets.double(4) * scale, packets.double(5) * scale)
                let signal = packets.isNull(6) ? nil : packets.double(6), time = packets.double(1)
                try body(Self.result { () throws(SurveyRowError) in
                    try device.sighting(latitude: latitude, longitude: longitude, signal: signal, time: time)
                }, line)
            }
        }
        let averages = try connection.makeStatement(sql: """
            SELECT rowid, devmac, phyname, avg_lat, avg_lon, strongest_signal, last_time FROM devices
            WHERE phyname = 'IEEE802.11' AND type = 'Wi-Fi AP' AND (avg_lat != 0 OR avg_lon != 0) ORDER BY rowid
            """)
        while try averages.step() {
            let key = (averages.text(2) ?? "") + "|" + (averages.text(1) ?? "").lowercased()
            guard !located.contains(key), let device = devices[key] else { continue }
            let (latitude, longitude) = (averages.double(3) * scale, averages.double(4) * scale)
            let signal = averages.isNull(5) ? nil : averages.double(5), time = averages.double(6)
            try body(Self.result { () throws(SurveyRowError) in
                try device.sighting(latitude: latitude, longitude: longitude, signal: signal, time: time)
            }, lastPacket + Int(averages.int64(0)))
        }
    }
}
