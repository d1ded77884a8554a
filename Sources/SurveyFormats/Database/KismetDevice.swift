import Foundation
import JSONCodec
import PositioningCore

/// What a Kismet log (`.kismet`, SQLite) says about one device: the row of its `devices` table.
///
/// Kismet's `devices` table holds `devmac`, `phyname` (`IEEE802.11`, `Bluetooth`, …), `type`
/// (`Wi-Fi AP`, `Wi-Fi Client`, …), the `strongest_signal`, `avg_lat`/`avg_lon` and the whole
/// device as JSON in `device`; its location records are the `packets` rows from that device
/// (`ts_sec`, `lat`, `lon`, `signal`; before log version 5 `lat`/`lon` are degrees × 100,000).
/// Only access points are mapped, as `kismetdb_to_wiglecsv` does.
public struct KismetDevice: Hashable, Sendable {
    /// `devmac`: the device's MAC address.
    public var mac: String
    /// `phyname`: `IEEE802.11`, `Bluetooth`, `BTLE`, …
    public var phy: String
    /// `type`: `Wi-Fi AP`, `Wi-Fi Client`, `Wi-Fi Device`, …
    public var type: String
    /// The SSID it last beaconed (`dot11.device.last_beaconed_ssid_record`), if any.
    public var ssid: String?

    /// Creates a device from the `devices` row's columns, reading the SSID out of its JSON.
    public init(mac: String, phy: String, type: String, json: String?) {
        self.mac = mac
        self.phy = phy
        self.type = type
        ssid = json.flatMap(Self.beaconedSSID)
    }

    /// Whether the device is a Wi-Fi access point.
    public var isAccessPoint: Bool { phy == "IEEE802.11" && type == "Wi-Fi AP" }

    /// The SSID in a Kismet device's JSON: `dot11.device` → `dot11.device.last_beaconed_ssid_record`
    /// → `dot11.advertisedssid.ssid` (or the older `dot11.device.last_beaconed_ssid`).
    static func beaconedSSID(_ json: String) -> String? {
        guard let device = try? JSONParser.parse(json)["dot11.device"] else { return nil }
        let name = device["dot11.device.last_beaconed_ssid_record"]?["dot11.advertisedssid.ssid"]?.stringValue
            ?? device["dot11.device.last_beaconed_ssid"]?.stringValue
        return name.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The sighting of this device in one location record.
    /// - Parameters:
    ///   - latitude, longitude: The record's position, already in degrees.
    ///   - signal: dBm (`0` when the radio reported none).
    ///   - time: Unix seconds.
    /// - Throws: `SurveyRowError` for a device that is not an access point, or a bad position.
    public func sighting(latitude: Double, longitude: Double, signal: Double?, time: Double?) throws(SurveyRowError) -> SurveyRow {
        guard isAccessPoint else {
            if phy == "Bluetooth" || phy == "BTLE" {
                throw SurveyRowError(reason: SurveyRowError.bluetoothReason, column: "phyname",
                                     detail: "Bluetooth devices are not part of the radio map")
            }
            throw SurveyRowError(reason: "not an access point", column: "type",
                                 detail: "\(phy) device of type \"\(type.prefix(30))\" is not a Wi-Fi access point")
        }
        let position = try SurveyField.coordinate(
            latitude: String(latitude), longitude: String(longitude), latitudeColumn: "lat", longitudeColumn: "lon")
        let observation = SurveyObservation(
            position: position, signalStrength: signal.flatMap { $0 < 0 && $0 > -150 ? $0 : nil },
            time: time.flatMap { $0 > 0 ? Date(timeIntervalSince1970: $0) : nil }, ssid: ssid)
        return try SurveyField.accessPoint(mac, column: "devmac", observation: observation)
    }
}
