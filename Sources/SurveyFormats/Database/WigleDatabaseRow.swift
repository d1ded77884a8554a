import Foundation
import PositioningCore

/// One `location` row of the WiGLE app's database (`wiglewifi.sqlite`), with its `network` row.
///
/// The app (wiglenet/wigle-wifi-wardriving `DatabaseHelper`) keeps one `network` row per
/// emitter (`bssid`, `ssid`, `capabilities`, `type`: `W` Wi-Fi, `G` GSM, `D` WCDMA, `L` LTE,
/// `N` NR, `C` CDMA, `B`/`E` Bluetooth) and one `location` row per hearing (`bssid`, `level`
/// dBm, `lat`, `lon`, `altitude`, `accuracy`, `time` in Unix milliseconds, `0` when unknown).
/// Cells are keyed `MCCMNC_LAC_CID` as in WiGLE's CSV.
public struct WigleDatabaseRow: Hashable, Sendable {
    /// `location.bssid`: a BSSID, or a cell key `MCCMNC_LAC_CID`.
    public var bssid: String
    /// `location.level`: the signal in dBm.
    public var level: Int64?
    /// `location.lat`, `location.lon`: the phone's position, degrees.
    public var latitude: Double?
    public var longitude: Double?
    /// `location.accuracy`: the fix's accuracy in metres.
    public var accuracy: Double?
    /// `location.time`: Unix milliseconds, `0` when unknown.
    public var time: Int64?
    /// `network.ssid`, `network.type` and `network.capabilities`; nil when the hearing's
    /// network has no row.
    public var ssid: String?
    public var type: String?
    public var capabilities: String?

    /// Creates a row from the database's columns.
    public init(bssid: String, level: Int64?, latitude: Double?, longitude: Double?, accuracy: Double?, time: Int64?,
                ssid: String?, type: String?, capabilities: String?) {
        self.bssid = bssid
        self.level = level
        self.latitude = latitude
        self.longitude = longitude
        self.accuracy = accuracy
        self.time = time
        self.ssid = ssid
        self.type = type
        self.capabilities = capabilities
    }

    /// The sighting this row records.
    /// - Throws: `SurveyRowError` with the rejection reason (Bluetooth, CDMA, bad position, …).
    public func parse() throws(SurveyRowError) -> SurveyRow {
        let typeCode = (type ?? "W").uppercased()
        if typeCode == "B" || typeCode == "E" {
            throw SurveyRowError(reason: SurveyRowError.bluetoothReason, column: "type",
                                 detail: "Bluetooth devices are not part of the radio map")
        }
        guard let latitude, let longitude else {
            throw SurveyRowError(reason: SurveyRowError.invalidCoordinateReason, column: "lat", detail: "the hearing has no position")
        }
        let position = try SurveyField.coordinate(
            latitude: String(latitude), longitude: String(longitude), latitudeColumn: "lat", longitudeColumn: "lon")
        let observation = SurveyObservation(
            position: position, positionAccuracy: accuracy.flatMap { $0 > 0 && $0.isFinite ? $0 : nil },
            signalStrength: level.flatMap { $0 < 0 && $0 > -150 ? Double($0) : nil },
            time: time.flatMap { $0 > 0 ? Date(timeIntervalSince1970: Double($0) / 1000) : nil },
            ssid: ssid.flatMap { $0.isEmpty ? nil : $0 })
        let radio: RadioType
        switch typeCode {
        case "W": return try SurveyField.accessPoint(bssid, column: "bssid", observation: observation)
        case "G": radio = capabilities.flatMap(WigleRowParser.networkType) ?? .gsm
        case "D": radio = .wcdma
        case "L": radio = .lte
        case "N": radio = .nr
        case "C": radio = .cdma
        default:
            throw SurveyRowError(reason: "unknown type", column: "type", detail: "network type \"\(typeCode.prefix(10))\" is not one WiGLE writes")
        }
        var cellObservation = observation
        cellObservation.ssid = nil
        return .cellObservation(try WigleRowParser.cellIdentity(bssid, radio: radio), cellObservation)
    }
}
