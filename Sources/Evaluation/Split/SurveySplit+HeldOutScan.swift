import JSONCodec
import PositioningCore
import SurveyFormats

extension SurveySplit {
    /// What a held-out scan's rows say, kept until the end of the file: its first row's
    /// position, its recording session (`file#n`), its Wi-Fi readings and its cells, in row order.
    struct HeldOutScan {
        var latitude: Double?
        var longitude: Double?
        var session: String
        var wifi: [(mac: String, signal: Int, channel: Int, age: Int?)] = []
        var cells: [(identity: CellIdentity, signal: Int)] = []

        /// Adds one row of the scan.
        mutating func add(type: String, mac: String, rssi: String, channel: String, age: Int?) {
            if type == "WIFI" {
                wifi.append((mac.lowercased(), Int(rssi) ?? -90, Int(channel) ?? 0, age))
            }
            // Identified as the import identifies them (a 28-bit "GSM" cell id is UMTS).
            if let radio = RadioType(name: type), let identity = try? WigleRowParser.cellIdentity(mac, radio: radio) {
                cells.append((identity, Int(rssi) ?? -90))
            }
        }
    }

    /// A geolocate request for the given access points and cells.
    static func request(
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
}
