import Foundation
import JSONCodec
import PositioningCore

/// Scans as JSON: the geolocate `wifiAccessPoints` shape plus extras, as `whereabouts scan
/// --json` prints them.
public enum ScanJSON {
    /// `{"considerIp":false,"wifiAccessPoints":[…],"interfaces":[…],"cached":…,"note":…}`
    public static func document(for scan: WiFiScan) -> String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.writeKey("considerIp")
        writer.write(false)
        writeAccessPoints(scan, to: &writer)
        writer.writeKey("interfaces")
        writer.beginArray()
        for interface in scan.interfaces { writer.write(interface.name) }
        writer.endArray()
        writer.writeKey("cached")
        writer.write(scan.isCachedOnly)
        if let note = scan.note {
            writer.writeKey("note")
            writer.write(note)
        }
        writer.writeKey("skippedAttributes")
        writer.write(scan.skippedAttributes)
        writer.endObject()
        return writer.string
    }

    private static func writeAccessPoints(_ scan: WiFiScan, to writer: inout JSONWriter) {
        writer.writeKey("wifiAccessPoints")
        writer.beginArray()
        for accessPoint in scan.accessPoints {
            writer.beginObject()
            writer.writeKey("macAddress")
            writer.write(accessPoint.bssid.description)
            if case .dBm(let value) = accessPoint.signal {
                writer.writeKey("signalStrength")
                writer.write(value, decimals: 0)
            }
            writer.writeKey("frequency")
            writer.write(accessPoint.frequency)
            if let channel = accessPoint.channel {
                writer.writeKey("channel")
                writer.write(channel.number)
                writer.writeKey("band")
                writer.write(channel.band.rawValue)
            }
            if let age = accessPoint.age {
                writer.writeKey("age")
                writer.write(age)
            }
            if let ssid = accessPoint.ssid {
                if let text = ssid.string {
                    writer.writeKey("ssid")
                    writer.write(text)
                } else if !ssid.isHidden {
                    // Not UTF-8: keep the exact bytes rather than a lossy string.
                    writer.writeKey("ssidHex")
                    writer.write(ssid.bytes.map { String(format: "%02x", $0) }.joined())
                }
            }
            if accessPoint.isAssociated {
                writer.writeKey("associated")
                writer.write(true)
            }
            if let group = accessPoint.groupID {
                writer.writeKey("groupId")
                writer.write(group.description)
            }
            writer.endObject()
        }
        writer.endArray()
    }
}
