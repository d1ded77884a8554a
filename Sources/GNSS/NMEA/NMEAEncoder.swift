import Foundation
import JSONCodec
import PositioningCore

/// Writes fixes as NMEA 0183 sentences — GGA (position, quality, HDOP, altitude) and RMC
/// (position, validity, speed, course, date) with checksums — so gpsd and every gpsd client
/// can take Whereabouts as a position source (`watch --nmea-out`).
///
/// The 68 % radius travels as HDOP, scaled by the UERE `NMEAFixAssembler` assumes for the fix
/// quality, so Whereabouts reads its own output back with the same accuracy (to HDOP's two
/// decimals). GNSS fixes are quality 1 (GPS) and RMC mode `A`; Wi-Fi and cell fixes are
/// quality 6 (estimated) and mode `E`, as NMEA marks positions that do not come from
/// satellites. Pure.
///
/// ```swift
/// for sentence in NMEAEncoder.sentences(for: fix) { print(sentence) }
/// // $GPGGA,120000.00,5231.200396,N,01324.297240,E,1,,1.12,34.5,M,,M,,*hh
/// // $GPRMC,120000.00,A,5231.200396,N,01324.297240,E,2.721,45.0,170524,,,A*hh
/// ```
public enum NMEAEncoder {
    /// GGA and RMC for `location`, each `$…*hh` without the line end (append CR LF).
    public static func sentences(for location: Location) -> [String] {
        let isSatellite = location.source == .gps
        let quality: NMEAFixQuality = isSatellite ? .autonomous : .estimated
        let time = timeOfDay(location.timestamp)
        let latitude = degreesMinutes(location.coordinate.latitude, width: 2, positive: "N", negative: "S")
        let longitude = degreesMinutes(location.coordinate.longitude, width: 3, positive: "E", negative: "W")
        let drms = location.horizontalAccuracy / NMEAFixAssembler.radius68PerDRMS
        let hdop = drms / NMEAFixAssembler.uere(for: quality)
        let altitude = location.verticalAccuracy > 0 ? String(format: "%.1f", location.altitude) : ""
        // Satellites used: unknown (empty) for a satellite fix — "00" would read as no fix — and
        // none for an estimated one.
        let satellites = isSatellite ? "" : "00"
        let gga = "GPGGA,\(time),\(latitude),\(longitude),\(quality.rawValue),\(satellites),\(String(format: "%.2f", hdop)),\(altitude),M,,M,,"
        let knots = location.speed >= 0 ? String(format: "%.3f", location.speed / NMEACourseOverGround.metresPerSecondPerKnot) : ""
        let course = location.course >= 0 ? String(format: "%.1f", location.course) : ""
        let rmc = "GPRMC,\(time),A,\(latitude),\(longitude),\(knots),\(course),\(date(location.timestamp)),,,\(isSatellite ? "A" : "E")"
        return [checksummed(gga), checksummed(rmc)]
    }

    /// `$BODY*hh`.
    public static func checksummed(_ body: String) -> String {
        let checksum = NMEASentence.checksum(of: Array(body.utf8))
        return "$\(body)*\(String(format: "%02X", checksum))"
    }

    /// `ddmm.mmmmmm,N` / `dddmm.mmmmmm,E`.
    static func degreesMinutes(_ value: Double, width: Int, positive: String, negative: String) -> String {
        let magnitude = abs(value)
        var degrees = Int(magnitude)
        var minutes = ((magnitude - Double(degrees)) * 60 * 1_000_000).rounded() / 1_000_000
        if minutes >= 60 {  // rounding carried into the next degree
            degrees += 1
            minutes -= 60
        }
        return String(format: "%0\(width)d%09.6f,%@", degrees, minutes, value < 0 ? negative : positive)
    }

    /// `hhmmss.ss` (UTC).
    static func timeOfDay(_ date: Date) -> String {
        let centiseconds = Int((date.timeIntervalSince1970 * 100).rounded(.down))
        let ofDay = ((centiseconds % 8_640_000) + 8_640_000) % 8_640_000
        return String(format: "%02d%02d%02d.%02d", ofDay / 360_000, ofDay / 6000 % 60, ofDay / 100 % 60, ofDay % 100)
    }

    /// `ddmmyy` (UTC).
    static func date(_ date: Date) -> String {
        let iso = JSONWriter.iso8601(date)  // YYYY-MM-DDT…
        let parts = iso.prefix(10).split(separator: "-")
        return "\(parts[2])\(parts[1])\(parts[0].suffix(2))"
    }
}
