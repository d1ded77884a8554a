import JSONCodec
import PositioningCore

extension GeolocateRequest {
    /// The request as compact geolocate JSON, which `parse(_:)` reads back unchanged —
    /// except `skippedEntries`, `malformedEntries` and `isAssociated`, which the format has no field for, and a
    /// signal strength of exactly 0, which reads back as unknown.
    ///
    /// ```swift
    /// GeolocateRequest(wifiAccessPoints: [WiFiObservation(bssid: BSSID("01:23:45:67:89:ab")!, signalStrength: -51)]).jsonString
    /// // {"wifiAccessPoints":[{"macAddress":"01:23:45:67:89:ab","signalStrength":-51}]}
    /// ```
    public var jsonBytes: [UInt8] {
        var writer = JSONWriter(reservingCapacity: 64 + 80 * wifiAccessPoints.count + 160 * cellTowers.count)
        writer.beginObject()
        writeFields(to: &writer)
        writer.endObject()
        return writer.bytes
    }

    /// The request as compact geolocate JSON text.
    public var jsonString: String {
        String(decoding: jsonBytes, as: UTF8.self)
    }

    /// Writes `considerIp` and `fallbacks` (when set), `wifiAccessPoints` and `cellTowers` (when
    /// not empty) as members of the object `writer` has open — e.g. a replay-trace line beside its `time`.
    public func writeFields(to writer: inout JSONWriter) {
        if let considerIp {
            writer.writeKey("considerIp")
            writer.write(considerIp)
        }
        if areaFallback != nil || ipFallback != nil {
            writer.writeKey("fallbacks")
            writer.beginObject()
            for (key, value) in [("lacf", areaFallback), ("ipf", ipFallback)] {
                guard let value else { continue }
                writer.writeKey(key)
                writer.write(value)
            }
            writer.endObject()
        }
        if !wifiAccessPoints.isEmpty {
            writer.writeKey("wifiAccessPoints")
            writer.beginArray()
            for accessPoint in wifiAccessPoints { Self.write(accessPoint, to: &writer) }
            writer.endArray()
        }
        if !cellTowers.isEmpty {
            writer.writeKey("cellTowers")
            writer.beginArray()
            for cell in cellTowers { Self.write(cell, to: &writer) }
            writer.endArray()
        }
    }

    private static func write(_ accessPoint: WiFiObservation, to writer: inout JSONWriter) {
        writer.beginObject()
        writer.writeKey("macAddress")
        writer.write(accessPoint.bssid.description)
        writeMember("signalStrength", accessPoint.signalStrength, to: &writer)
        writeMember("frequency", accessPoint.frequency, to: &writer)
        writeMember("channel", accessPoint.channel, to: &writer)
        writeMember("age", accessPoint.age, to: &writer)
        if let ssid = accessPoint.ssid {
            writer.writeKey("ssid")
            writer.write(ssid)
        }
        writer.endObject()
    }

    private static func write(_ cell: CellObservation, to writer: inout JSONWriter) {
        let identity = cell.identity
        writer.beginObject()
        writer.writeKey("radioType")
        writer.write(identity.radio.rawValue)
        writeMember("mobileCountryCode", identity.mcc, to: &writer)
        writeMember("mobileNetworkCode", identity.mnc, to: &writer)
        writeMember("locationAreaCode", identity.area, to: &writer)
        writeMember("cellId", Int(identity.cellID), to: &writer)
        writeMember("signalStrength", cell.signalStrength, to: &writer)
        writeMember("timingAdvance", cell.timingAdvance, to: &writer)
        writeMember("age", cell.age, to: &writer)
        writeMember("psc", cell.physicalCellID, to: &writer)
        writer.endObject()
    }

    private static func writeMember(_ key: String, _ value: Int?, to writer: inout JSONWriter) {
        guard let value else { return }
        writer.writeKey(key)
        writer.write(value)
    }

    private static func writeMember(_ key: String, _ value: Double?, to writer: inout JSONWriter) {
        guard let value, value.isFinite else { return }
        writer.writeKey(key)
        writer.write(value)
    }
}
