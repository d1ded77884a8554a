import Foundation

/// Builds valid NMEA sentences for tests: a receiver at a known place.
public enum NMEATestWriter {
    /// `$BODY*hh` with the correct checksum (NMEA 0183: XOR of the bytes between `$` and `*`).
    public static func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0), ^)
        return "$\(body)*\(String(format: "%02X", checksum))"
    }

    /// One 1 Hz epoch (GGA, GSA, RMC) at `latitude`, `longitude`, `second` seconds after
    /// 12:00:00 UTC; `fix: false` gives a receiver that is on but has no satellites (GGA
    /// quality 0, GSA type 1, RMC status V).
    public static func epoch(
        latitude: Double, longitude: Double, second: Int, fix: Bool = true, hdop: Double = 0.9
    ) -> [String] {
        let time = String(format: "%02d%02d%02d.00", (12 + second / 3600) % 24, (second / 60) % 60, second % 60)
        let lat = degreesMinutes(latitude, width: 2, positive: "N", negative: "S")
        let lon = degreesMinutes(longitude, width: 3, positive: "E", negative: "W")
        if !fix {
            return [
                sentence("GPGGA,\(time),,,,,0,00,99.99,,,,,,"),
                sentence("GPGSA,A,1,,,,,,,,,,,,,99.99,99.99,99.99"),
                sentence("GPRMC,\(time),V,,,,,,,170524,,,N"),
            ]
        }
        return [
            sentence("GPGGA,\(time),\(lat),\(lon),1,08,\(hdop),34.5,M,39.5,M,,"),
            sentence("GPGSA,A,3,02,05,07,09,13,15,20,30,,,,,1.60,\(hdop),1.30"),
            sentence("GPRMC,\(time),A,\(lat),\(lon),2.700,45.0,170524,4.1,E,A"),
        ]
    }

    /// `ddmm.mmmmmm,N` form.
    public static func degreesMinutes(_ value: Double, width: Int, positive: String, negative: String) -> String {
        let magnitude = abs(value)
        let degrees = Int(magnitude)
        let minutes = (magnitude - Double(degrees)) * 60
        let degreeText = String(format: "%0\(width)d", degrees)
        return "\(degreeText)\(String(format: "%09.6f", minutes)),\(value < 0 ? negative : positive)"
    }
}
