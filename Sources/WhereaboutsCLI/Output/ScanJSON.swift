import Foundation
import JSONCodec
import PositioningCore
import WiFiScanner

/// Scans as JSON: the geolocate `wifiAccessPoints` shape plus extras, for `scan --json`.
enum ScanJSON {
    /// `{"considerIp":false,"wifiAccessPoints":[…],"interfaces":[…],"cached":…,"note":…}`
    static func document(for scan: WiFiScan) -> String {
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

/// Appending to replay traces (JSON lines), created 0600 since they hold BSSIDs and positions.
enum ReplayTraceFile {
    static func append(_ line: String, to path: String) throws(CommandFailure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw CommandFailure(errno == EACCES ? .permissionDenied : .dataError, "cannot write \(path): \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        let bytes = Array((line + "\n").utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        guard written == bytes.count else {
            throw CommandFailure(.failure, "cannot write \(path): \(String(cString: strerror(errno)))")
        }
    }
}
