import JSONCodec
import PositioningCore

/// Reads a geolocate request straight from tokens, without building the whole document.
///
/// This is `GeolocateRequest.parse`'s fast path for the bodies real clients send. It
/// collects each access point and cell entry as a small object of its scalar fields and hands
/// it to the same mapping as the document path, so both give the same request. Anything out of
/// the ordinary — malformed JSON, a non-object body, a top-level field of the wrong type or
/// given twice, an entry that is not an object, a known field with an array or object value —
/// makes it answer nil, and the document path then produces the result or the exact error.
enum GeolocateRequestReader {
    /// The request in `bytes`, or nil when the document path must decide.
    static func read(_ bytes: some Collection<UInt8>) -> GeolocateRequest? {
        JSONTokenizer.withTokenizer(over: bytes) { (tokenizer: inout JSONTokenizer) -> GeolocateRequest? in
            do throws(JSONError) {
                return try read(from: &tokenizer)
            } catch {
                return nil
            }
        }
    }

    /// The top-level fields the request reads; others are passed over.
    private static let topLevelFields = ["considerIp", "radioType", "wifiAccessPoints", "cellTowers"]

    /// Fields of entries that the mapping reads; anything else in an entry is passed over.
    private static let entryFields: Set<String> = [
        "macAddress", "signalStrength", "age", "channel", "frequency", "ssid", "signalToNoiseRatio",
        "radioType", "mobileCountryCode", "mobileNetworkCode", "locationAreaCode", "cellId", "newRadioCellId",
        "timingAdvance", "psc",
    ]

    /// Depth of an entry object: top-level object, array, entry.
    private static let entryDepth = 3

    private static func read(from tokenizer: inout JSONTokenizer) throws(JSONError) -> GeolocateRequest? {
        guard case .beginObject = try tokenizer.next() else { return nil }
        var considerIp: Bool?
        var defaultRadioName: String?
        var accessPoints: [JSONValue]?
        var cells: [JSONValue]?
        var fallbacks: JSONValue?
        var seenKeys: [String] = []
        var token = try tokenizer.next()
        while token != .endObject {
            guard case .string(let key) = token, case .nameSeparator = try tokenizer.next() else { return nil }
            let value = try tokenizer.next()
            switch (key, value) {
            case (_, .null) where topLevelFields.contains(key):
                break
            case ("considerIp", .bool(let bool)):
                considerIp = bool
            case ("radioType", .string(let name)):
                defaultRadioName = name
            case ("wifiAccessPoints", .beginArray):
                guard let entries = try readEntries(from: &tokenizer) else { return nil }
                accessPoints = entries
            case ("cellTowers", .beginArray):
                guard let entries = try readEntries(from: &tokenizer) else { return nil }
                cells = entries
            case ("fallbacks", .beginObject):
                guard let object = try readEntry(from: &tokenizer) else { return nil }
                fallbacks = .object(object)
            case ("considerIp", _), ("radioType", _), ("wifiAccessPoints", _), ("cellTowers", _):
                return nil  // a wrong type: the document path names it
            default:
                try tokenizer.skipValue(startingWith: value, depth: 1)
            }
            if topLevelFields.contains(key) {
                guard !seenKeys.contains(key) else { return nil }  // the last one counts: document path
                seenKeys.append(key)
            }
            switch try tokenizer.next() {
            case .valueSeparator: token = try tokenizer.next()
            case .endObject: token = .endObject
            default: return nil
            }
        }
        guard tokenizer.isAtEndOfInput() else { return nil }
        var request = GeolocateRequest.assemble(
            considerIp: considerIp, defaultRadioName: defaultRadioName,
            accessPointEntries: accessPoints ?? [], cellEntries: cells ?? [])
        request.readFallbacks(fallbacks)
        return request
    }

    /// The entries of an array whose `[` was just read, each an object of its scalar fields.
    private static func readEntries(from tokenizer: inout JSONTokenizer) throws(JSONError) -> [JSONValue]? {
        var entries: [JSONValue] = []
        entries.reserveCapacity(32)  // a typical scan; saves regrowing the array five times
        var token = try tokenizer.next()
        if token == .endArray { return entries }
        while true {
            guard token == .beginObject, let entry = try readEntry(from: &tokenizer) else { return nil }
            entries.append(.object(entry))
            switch try tokenizer.next() {
            case .valueSeparator: token = try tokenizer.next()
            case .endArray: return entries
            default: return nil
            }
        }
    }

    /// The scalar members of an entry whose `{` was just read.
    private static func readEntry(from tokenizer: inout JSONTokenizer) throws(JSONError) -> JSONObject? {
        var members: [JSONObject.Member] = []
        members.reserveCapacity(8)
        var token = try tokenizer.next()
        if token == .endObject { return JSONObject() }
        while true {
            guard case .string(let key) = token, case .nameSeparator = try tokenizer.next() else { return nil }
            let value = try tokenizer.next()
            switch value {
            case .string(let string): members.append(JSONObject.Member(key: key, value: .string(string)))
            case .number(let number): members.append(JSONObject.Member(key: key, value: .number(number)))
            case .bool(let bool): members.append(JSONObject.Member(key: key, value: .bool(bool)))
            case .null: members.append(JSONObject.Member(key: key, value: .null))
            default:
                guard !entryFields.contains(key) else { return nil }
                try tokenizer.skipValue(startingWith: value, depth: entryDepth)
            }
            switch try tokenizer.next() {
            case .valueSeparator: token = try tokenizer.next()
            case .endObject: return JSONObject(members)
            default: return nil
            }
        }
    }
}
