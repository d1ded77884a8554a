import JSONCodec
import PositioningCore

extension GeolocateRequest {
    /// Parses a geolocate request body (Ichnaea / Google shape).
    ///
    /// The body must be a JSON object; `{}` is a valid empty request. `considerIp`,
    /// `radioType`, `wifiAccessPoints` and `cellTowers` must have the right type when present
    /// (`null` counts as absent); other top-level fields (`carrier`, `homeMobileCountryCode`,
    /// `fallbacks`, `bluetoothBeacons`, …) are ignored. An access point or cell that cannot be
    /// used — bad MAC address, missing or out-of-range cell field, unknown radio — is left out
    /// and described in `skippedEntries`; the rest of the request stands.
    ///
    /// A cell without its own `radioType` takes the top-level one, as Google's clients send it.
    ///
    /// ```swift
    /// let request = try GeolocateRequest.parse(Array(#"{"wifiAccessPoints":[{"macAddress":"01:23:45:67:89:ab","signalStrength":-51}]}"#.utf8))
    /// request.wifiAccessPoints[0].signalStrength   // -51
    /// ```
    ///
    /// - Parameters:
    ///   - bytes: the UTF-8 request body.
    ///   - strict: also refuse entries that are not entries at all (a field of the wrong JSON
    ///     type, a word where a number belongs, an unknown `radioType`), as the server does;
    ///     values that are merely unusable are still skipped.
    /// - Returns: the observations of the request.
    /// - Throws: `GeolocateParseError` when the body is not JSON, not an object, or a top-level
    ///   field has the wrong type (HTTP 400 `parseError`); with `strict`, also `.malformedEntry`.
    public static func parse(_ bytes: some Collection<UInt8>, strict: Bool = false) throws(GeolocateParseError) -> GeolocateRequest {
        // Ordinary bodies are read straight from tokens; the rest take the document path below,
        // which gives the same request and the exact error.
        if let request = GeolocateRequestReader.read(bytes) { return try request.checked(strict: strict) }
        let document: JSONValue
        do {
            document = try JSONParser.parse(bytes)
        } catch {
            throw .malformedJSON(error)
        }
        guard case .object(let object) = document else { throw .notAnObject }
        return try parse(object).checked(strict: strict)
    }

    /// `fallbacks.lacf` and `.ipf` when they are Booleans; anything else there is ignored.
    mutating func readFallbacks(_ fallbacks: JSONValue?) {
        areaFallback = fallbacks?["lacf"]?.boolValue
        ipFallback = fallbacks?["ipf"]?.boolValue
    }

    /// This request, or with `strict` the first malformed entry as an error.
    private func checked(strict: Bool) throws(GeolocateParseError) -> GeolocateRequest {
        if strict, let entry = malformedEntries.first { throw .malformedEntry(entry) }
        return self
    }

    /// Reads the request fields of an object already parsed, such as a line of a replay trace
    /// (which adds `time` and `gnss` beside `wifiAccessPoints` and `cellTowers`).
    /// - Throws: `GeolocateParseError.wrongType` when a top-level field has the wrong type.
    public static func parse(_ object: JSONObject) throws(GeolocateParseError) -> GeolocateRequest {
        var request = assemble(
            considerIp: try field("considerIp", of: object, expected: "a Boolean") { $0.boolValue },
            defaultRadioName: try field("radioType", of: object, expected: "a string") { $0.stringValue },
            accessPointEntries: try field("wifiAccessPoints", of: object, expected: "an array") { $0.arrayValue } ?? [],
            cellEntries: try field("cellTowers", of: object, expected: "an array") { $0.arrayValue } ?? [])
        request.readFallbacks(object["fallbacks"])
        return request
    }

    /// The request made of the top-level fields and the entries, skipping unusable entries
    /// with their reasons. Shared by the document path and `GeolocateRequestReader`.
    static func assemble(
        considerIp: Bool?, defaultRadioName: String?, accessPointEntries: [JSONValue], cellEntries: [JSONValue]
    ) -> GeolocateRequest {
        var request = GeolocateRequest(considerIp: considerIp)
        for (index, entry) in accessPointEntries.enumerated() {
            do throws(GeolocateEntryReader.Skip) {
                request.wifiAccessPoints.append(try accessPoint(from: entry))
            } catch {
                request.skippedEntries.append("wifiAccessPoints[\(index)]: \(error.reason)")
                if error.isMalformed { request.malformedEntries.append("wifiAccessPoints[\(index)]: \(error.reason)") }
            }
        }
        for (index, entry) in cellEntries.enumerated() {
            do throws(GeolocateEntryReader.Skip) {
                request.cellTowers.append(try cell(from: entry, defaultRadioName: defaultRadioName))
            } catch {
                request.skippedEntries.append("cellTowers[\(index)]: \(error.reason)")
                if error.isMalformed { request.malformedEntries.append("cellTowers[\(index)]: \(error.reason)") }
            }
        }
        return request
    }

    /// The top-level field `key` converted by `convert`, nil when absent or null.
    private static func field<Value>(
        _ key: String, of object: JSONObject, expected: String, _ convert: (JSONValue) -> Value?
    ) throws(GeolocateParseError) -> Value? {
        guard let value = object[key], !value.isNull else { return nil }
        guard let converted = convert(value) else {
            throw .wrongType(field: key, expected: expected, found: value.kindDescription)
        }
        return converted
    }

    private static func accessPoint(from entry: JSONValue) throws(GeolocateEntryReader.Skip) -> WiFiObservation {
        let reader = try GeolocateEntryReader(entry)
        let address = try reader.required(reader.string("macAddress"), "macAddress")
        guard let bssid = BSSID(address) else {
            throw GeolocateEntryReader.Skip("macAddress \"\(address)\" is not a MAC address")
        }
        // Checked like the other fields, but WiFiObservation has no place for it.
        _ = try reader.number("signalToNoiseRatio")
        return WiFiObservation(
            bssid: bssid, signalStrength: try reader.signalStrength(), frequency: try reader.integer("frequency"),
            channel: try reader.integer("channel"), age: try reader.integer("age"), ssid: try reader.string("ssid"))
    }

    private static func cell(
        from entry: JSONValue, defaultRadioName: String?
    ) throws(GeolocateEntryReader.Skip) -> CellObservation {
        let reader = try GeolocateEntryReader(entry)
        let radioName = try reader.required(reader.string("radioType") ?? defaultRadioName, "radioType")
        // The geolocate API's own names only: "umts" (OpenCellID's word) is not one (Ichnaea).
        guard ["gsm", "wcdma", "lte", "nr", "cdma"].contains(radioName.lowercased()), let radio = RadioType(name: radioName) else {
            throw GeolocateEntryReader.Skip("radioType \"\(radioName)\" is not gsm, wcdma, lte, nr or cdma", malformed: true)
        }
        let mcc = try reader.required(reader.integer("mobileCountryCode"), "mobileCountryCode")
        let mnc = try reader.required(reader.integer("mobileNetworkCode"), "mobileNetworkCode")
        let area = try reader.required(reader.integer("locationAreaCode"), "locationAreaCode")
        // Google's API names a 5G cell's 36-bit identity `newRadioCellId`.
        let newRadioCellID = try reader.integer("newRadioCellId")
        let cellID = try reader.required(reader.integer("cellId") ?? newRadioCellID, "cellId")
        let identity: CellIdentity
        do {
            // Looked up as the importer stores it: a "gsm" cell with a 28-bit id is UMTS.
            identity = try CellIdentity(
                radio: radio.normalized(forCellID: Int64(cellID)), mcc: mcc, mnc: mnc, area: area,
                cellID: Int64(cellID))
        } catch {
            throw GeolocateEntryReader.Skip(error.reason)
        }
        return CellObservation(
            identity: identity, signalStrength: try reader.signalStrength(),
            timingAdvance: try reader.integer("timingAdvance"), age: try reader.integer("age"),
            physicalCellID: try reader.integer("psc"))
    }
}
