import JSONCodec
import PositioningCore

/// The body of a successful geolocate response: Ichnaea's shape, plus Whereabouts' additions.
///
/// `location` and `accuracy` are exactly what Ichnaea and Google return, so GeoClue and every
/// other geolocate client read it unchanged; `accuracy` is the 95 % circle, as the geolocate API
/// promises (or the 68 % one when `accuracyConfidence` says so), and `accuracy68` always the
/// 68 % one. The other fields are additions:
///
/// ```json
/// {"location":{"lat":52.5200066,"lng":13.404954},"accuracy":40.5,"accuracy68":25.0,
///  "source":"wifi","method":"centroid",
///  "emitters":{"used":[{"id":"aa:bb:cc:dd:ee:ff","weight":0.41}],
///              "rejected":[{"id":"…","reason":"moved"}]},
///  "notes":[]}
/// ```
///
/// `altitude` and `verticalAccuracy` follow `accuracy` when the vertical accuracy is positive;
/// `timestamp`, `cached` and `fallback` appear when set, and `extraFields` come last, in order.
///
/// ```swift
/// var response = GeolocateResponse(estimate: estimate)
/// response.isCached = true
/// response.extraFields["place"] = "Alexanderplatz"
/// let body = response.jsonBytes
/// ```
public struct GeolocateResponse: Hashable, Sendable {
    /// Decimal places of `lat`/`lng`: 7 places are 1.1 cm at the equator.
    public static let coordinateDecimals = 7
    /// Decimal places of `accuracy`, `altitude` and `verticalAccuracy` (10 cm).
    public static let metreDecimals = 1
    /// Decimal places of emitter weights.
    public static let weightDecimals = 3

    /// The position and how it was made. Its location should be valid (positive accuracy);
    /// without a position, answer with `GeolocateErrorResponse.notFound` instead.
    public var estimate: PositionEstimate
    /// Whether the position is a remembered last-known fix; written as `cached` when set.
    public var isCached: Bool?
    /// The sources tried, in order, with their outcomes; written as `fallback` when set.
    public var fallbackTrail: [JSONValue]?
    /// Whether to write the location's `timestamp` (ISO 8601, UTC).
    public var includesTimestamp: Bool
    /// Further members, written last in their order (`place`, …). Never reuse a key above.
    public var extraFields: JSONObject
    /// Which circle `accuracy` is (95 % unless a client wants Android's 68 %).
    public var accuracyConfidence: RadiusConfidence = .percent95

    /// Creates a response for `estimate`.
    public init(
        estimate: PositionEstimate, isCached: Bool? = nil, fallbackTrail: [JSONValue]? = nil,
        includesTimestamp: Bool = false, extraFields: JSONObject = [:]
    ) {
        self.estimate = estimate
        self.isCached = isCached
        self.fallbackTrail = fallbackTrail
        self.includesTimestamp = includesTimestamp
        self.extraFields = extraFields
    }

    /// The compact JSON body.
    public var jsonBytes: [UInt8] {
        // Room for the whole body up front: about 256 bytes of fixed fields and extras, 48 per
        // emitter (`{"id":"aa:bb:cc:dd:ee:ff","weight":0.219},`) and the notes, so the buffer
        // is not regrown and copied several times for a request that heard thirty networks.
        let emitterCount = estimate.used.count + estimate.rejected.count
        let noteBytes = estimate.notes.reduce(0) { $0 + $1.utf8.count + 3 }
        var writer = JSONWriter(reservingCapacity: 256 + 48 * emitterCount + noteBytes)
        write(to: &writer)
        return writer.bytes
    }

    /// The compact JSON body as text.
    public var jsonString: String {
        String(decoding: jsonBytes, as: UTF8.self)
    }

    /// Writes the response object into `writer`, e.g. as one line of a `--batch` output.
    public func write(to writer: inout JSONWriter) {
        let location = estimate.location
        writer.beginObject()
        writer.writeKey("location")
        writer.beginObject()
        writer.writeKey("lat")
        writer.write(location.coordinate.latitude, decimals: Self.coordinateDecimals)
        writer.writeKey("lng")
        writer.write(location.coordinate.longitude, decimals: Self.coordinateDecimals)
        writer.endObject()
        writer.writeKey("accuracy")
        writer.write(location.accuracy(at: accuracyConfidence), decimals: Self.metreDecimals)
        writer.writeKey("accuracy68")
        writer.write(location.horizontalAccuracy, decimals: Self.metreDecimals)
        if location.verticalAccuracy > 0, location.verticalAccuracy.isFinite, location.altitude.isFinite {
            writer.writeKey("altitude")
            writer.write(location.altitude, decimals: Self.metreDecimals)
            writer.writeKey("verticalAccuracy")
            writer.write(location.verticalAccuracy, decimals: Self.metreDecimals)
        }
        writer.writeKey("source")
        writer.write(location.source.rawValue)
        writer.writeKey("method")
        writer.write(estimate.method.rawValue)
        if includesTimestamp {
            writer.writeKey("timestamp")
            writer.write(location.timestamp)
        }
        if let isCached {
            writer.writeKey("cached")
            writer.write(isCached)
        }
        if let floor = estimate.floor {
            writer.writeKey("floor")
            writer.write(floor)
        }
        if let building = estimate.building {
            writer.writeKey("building")
            writer.write(building)
        }
        writeEmitters(to: &writer)
        writer.writeKey("notes")
        writer.beginArray()
        for note in estimate.notes { writer.write(note) }
        writer.endArray()
        if let fallbackTrail {
            writer.writeKey("fallback")
            writer.write(.array(fallbackTrail))
        }
        for member in extraFields {
            writer.writeKey(member.key)
            writer.write(member.value)
        }
        writer.endObject()
    }

    private func writeEmitters(to writer: inout JSONWriter) {
        writer.writeKey("emitters")
        writer.beginObject()
        writer.writeKey("used")
        writer.beginArray()
        for contribution in estimate.used {
            writer.beginObject()
            writer.writeKey("id")
            writer.write(contribution.emitter)
            writer.writeKey("weight")
            writer.write(contribution.weight, decimals: Self.weightDecimals)
            writer.endObject()
        }
        writer.endArray()
        writer.writeKey("rejected")
        writer.beginArray()
        for rejection in estimate.rejected {
            writer.beginObject()
            writer.writeKey("id")
            writer.write(rejection.emitter)
            writer.writeKey("reason")
            writer.write(rejection.reason.rawValue)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
    }
}
