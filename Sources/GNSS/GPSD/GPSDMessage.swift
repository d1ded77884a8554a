import Foundation

/// One object of the gpsd JSON protocol (gpsd_json(5), protocol 3.x), as far as a position
/// client needs it.
///
/// Parsing is a pure function of one line:
///
/// ```swift
/// switch try GPSDMessage.parse(#"{"class":"TPV","mode":3,"lat":52.52,"lon":13.40,"eph":17.1}"#) {
/// case .tpv(let report): print(report.location(receivedAt: Date()) as Any)
/// default: break
/// }
/// ```
public enum GPSDMessage: Hashable, Sendable {
    /// The banner gpsd sends on connect.
    case version(release: String, protocolMajor: Int, protocolMinor: Int)
    /// The devices gpsd knows, sent in answer to `?WATCH` / `?DEVICES`.
    case devices([GPSDDevice])
    /// One device appeared, changed, or (with `activated: 0`) went away.
    case device(GPSDDevice)
    /// The watch policy gpsd actually applied (a typo in `?WATCH` silently gives `json:false`).
    case watch(enabled: Bool, json: Bool)
    /// A time-position-velocity report.
    case tpv(GPSDTPV)
    /// A sky view; only the HDOP is kept (to estimate accuracy when a TPV lacks `eph`).
    case sky(hdop: Double?)
    /// gpsd refused a request; the message says why.
    case error(message: String)
    /// Any other class (GST, PPS, TOFF, POLL, AIS, …), ignored by position clients.
    case other(messageClass: String)

    /// Parses one line (one JSON object) sent by gpsd.
    /// - Throws: `GPSDProtocolError` when the line is not a gpsd object.
    public static func parse(_ line: some StringProtocol) throws(GPSDProtocolError) -> GPSDMessage {
        let object = try GPSDJSONObject(line: line)
        guard let messageClass = object.string("class") else { throw .missingClass }
        switch messageClass {
        case "VERSION":
            // `Int(exactly:)`, not `Int(_:)`, which traps on a number beyond Int's range.
            guard let major = object.number("proto_major").flatMap({ Int(exactly: $0) }) else {
                throw .malformedField(messageClass: messageClass, field: "proto_major")
            }
            return .version(
                release: object.string("release") ?? "", protocolMajor: major,
                protocolMinor: object.number("proto_minor").flatMap { Int(exactly: $0) } ?? 0)
        case "DEVICES":
            guard let devices = object.objects("devices") else {
                throw .malformedField(messageClass: messageClass, field: "devices")
            }
            return .devices(devices.map(GPSDDevice.init(object:)))
        case "DEVICE":
            return .device(GPSDDevice(object: object))
        case "WATCH":
            return .watch(enabled: object.boolean("enable") ?? true, json: object.boolean("json") ?? false)
        case "TPV":
            // gpsd sends 0–3; a fraction or a number beyond Int (which `Int(_:)` traps on) is malformed.
            guard let mode = object.number("mode").flatMap({ Int(exactly: $0) }) else {
                throw .malformedField(messageClass: messageClass, field: "mode")
            }
            return .tpv(GPSDTPV(object: object, mode: mode))
        case "SKY":
            return .sky(hdop: object.number("hdop"))
        case "ERROR":
            return .error(message: object.string("message") ?? "unspecified error")
        default:
            return .other(messageClass: messageClass)
        }
    }
}

/// A device as gpsd describes it in `DEVICES` and `DEVICE` objects.
public struct GPSDDevice: Hashable, Sendable {
    /// The device path or URL, e.g. `/dev/ttyACM0` or `udp://127.0.0.1:5000`.
    public var path: String?
    /// The driver gpsd chose, e.g. `NMEA0183`, once it has identified the data.
    public var driver: String?
    /// False when gpsd reports `"activated": 0`: the device went away or was closed.
    public var isActive: Bool

    /// Creates a device description.
    public init(path: String?, driver: String? = nil, isActive: Bool) {
        self.path = path
        self.driver = driver
        self.isActive = isActive
    }

    init(object: GPSDJSONObject) {
        path = object.string("path")
        driver = object.string("driver")
        // `activated` is an ISO 8601 time while the device is open and the number 0 once it
        // is closed (gpsd_json(5), DEVICE). Old gpsd sent a number of seconds.
        if let seconds = object.number("activated") {
            isActive = seconds != 0
        } else {
            isActive = true
        }
    }
}
