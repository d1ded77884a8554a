import Foundation
import PositioningCore

/// A gpsd `TPV` (time-position-velocity) report.
///
/// Only `mode` is guaranteed; every other member may be absent, and absent stays nil (never
/// zero). Error estimates (`eph`, `epx`, `epy`, `epv`) are gpsd's ~95 % figures in metres.
public struct GPSDTPV: Hashable, Sendable {
    /// 0 = not seen yet, 1 = no fix, 2 = 2D, 3 = 3D.
    public var mode: Int
    /// The device path or URL the report came from.
    public var device: String?
    /// The fix time (UTC); early TPVs of a stream lack it.
    public var time: Date?
    /// Degrees north (WGS84).
    public var latitude: Double?
    /// Degrees east (WGS84).
    public var longitude: Double?
    /// Altitude above mean sea level: `altMSL`, or the deprecated `alt` (never `altHAE`,
    /// which is above the ellipsoid).
    public var altitudeMSL: Double?
    /// Horizontal position error, metres, ~95 %.
    public var eph: Double?
    /// Longitude error, metres, ~95 %.
    public var epx: Double?
    /// Latitude error, metres, ~95 %.
    public var epy: Double?
    /// Vertical error, metres, ~95 %.
    public var epv: Double?
    /// Metres per second.
    public var speed: Double?
    /// Degrees from true north.
    public var track: Double?

    /// 95 % → 68 % for a circular 2-D Gaussian (2.448 σ → 1.515 σ).
    public static let horizontal95To68 = 0.62
    /// 95 % → 68 % for a 1-D Gaussian (1.960 σ → 0.994 σ), for `epv`.
    public static let vertical95To68 = 0.51

    /// Creates a report; absent members stay nil.
    public init(
        mode: Int, device: String? = nil, time: Date? = nil, latitude: Double? = nil,
        longitude: Double? = nil, altitudeMSL: Double? = nil, eph: Double? = nil, epx: Double? = nil,
        epy: Double? = nil, epv: Double? = nil, speed: Double? = nil, track: Double? = nil
    ) {
        self.mode = mode
        self.device = device
        self.time = time
        self.latitude = latitude
        self.longitude = longitude
        self.altitudeMSL = altitudeMSL
        self.eph = eph
        self.epx = epx
        self.epy = epy
        self.epv = epv
        self.speed = speed
        self.track = track
    }

    init(object: GPSDJSONObject, mode: Int) {
        self.init(
            mode: mode, device: object.string("device"), time: object.string("time").flatMap(Self.parseTime),
            latitude: object.number("lat"), longitude: object.number("lon"),
            altitudeMSL: object.number("altMSL") ?? object.number("alt"),
            eph: object.number("eph"), epx: object.number("epx"), epy: object.number("epy"),
            epv: object.number("epv"), speed: object.number("speed"), track: object.number("track"))
    }

    /// Whether gpsd reports a 2D or 3D fix.
    public var hasFix: Bool { mode >= 2 }

    /// The report as a `Location` (68 % accuracies), or nil when it is not a 2D/3D fix with a
    /// valid position.
    /// - Parameters:
    ///   - receivedAt: the timestamp to use when the report has no `time` (early TPVs lack it).
    ///   - hdop: the latest SKY HDOP, used when the report has no error estimate.
    public func location(receivedAt: Date, hdop: Double? = nil) -> Location? {
        guard hasFix, let latitude, let longitude,
            let coordinate = Coordinate(validating: latitude, longitude)
        else { return nil }
        let horizontal: Double
        if let eph, eph > 0 {
            horizontal = eph * Self.horizontal95To68
        } else if let epx, let epy, epx > 0 || epy > 0 {
            // Per-axis 95 % errors: σ = ep/1.96; the 68 % radius is 1.0674 × DRMS.
            horizontal = (epx * epx + epy * epy).squareRoot() / 1.96 * NMEAFixAssembler.radius68PerDRMS
        } else {
            let dilution = hdop.flatMap { $0 > 0 ? $0 : nil } ?? NMEAFixAssembler.assumedHDOP
            horizontal = dilution * NMEAFixAssembler.typicalUERE * NMEAFixAssembler.radius68PerDRMS
        }
        let altitude = mode >= 3 ? altitudeMSL : nil
        let vertical = altitude != nil ? (epv.flatMap { $0 > 0 ? $0 * Self.vertical95To68 : nil } ?? -1) : -1
        return Location(
            coordinate: coordinate, horizontalAccuracy: max(horizontal, 0.01), altitude: altitude ?? 0,
            verticalAccuracy: vertical, timestamp: time ?? receivedAt,
            speed: speed.flatMap { $0 >= 0 ? $0 : nil } ?? -1,
            course: track.flatMap { $0 >= 0 ? $0 : nil } ?? -1, source: .gps)
    }

    /// Parses gpsd's ISO 8601 UTC time, e.g. `2024-05-17T12:00:00.000Z`.
    static func parseTime(_ text: String) -> Date? {
        let scalars = Array(text.utf8)
        guard scalars.count >= 20, scalars.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? { Int(String(decoding: scalars[range], as: UTF8.self)) }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            let hour = number(11..<13), let minute = number(14..<16),
            let seconds = Double(String(decoding: scalars[17..<(scalars.count - 1)], as: UTF8.self))
        else { return nil }
        let days = NMEAFixAssembler.daysSince1970(NMEADate(year: year, month: month, day: day))
        return Date(timeIntervalSince1970: Double(days) * 86_400 + Double(hour * 3600 + minute * 60) + seconds)
    }
}
