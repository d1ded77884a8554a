import Foundation
import PositioningCore

/// A WiGLE CSV file of many distinct access points, for tests that need an import that takes a
/// while (killing it, reading beside it, running two at once).
///
/// Row `r` is the access point `00:12:34:…` + `r × 7919` (with `offset` added, so two files can
/// hold different access points), heard at 32.0000…32.0999° N (stepping 0.0001° per row, so
/// neighbouring rows are 11 m apart), 34.8° E.
public enum LargeSurvey {
    /// The BSSID of row `row` of a file written with `offset`.
    public static func bssid(row: Int, offset: Int = 0) -> BSSID {
        BSSID(rawValue: 0x0012_3400_0000 + UInt64(row + offset) &* 7919)
    }

    /// Writes `rows` rows to `path`, in 1 MiB pieces.
    public static func write(rows: Int, offset: Int = 0, to path: String) throws {
        guard FileManager.default.createFile(atPath: path, contents: nil),
              let file = FileHandle(forWritingAtPath: path) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        defer { try? file.close() }
        var text = "WigleWifi-1.4,appRelease=2.26,model=Test\n"
            + "MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type\n"
        for row in 0..<rows {
            text += "\(bssid(row: row, offset: offset)),net\(row % 97),[ESS],2017-10-27 16:12:01,6,-70,"
                + "\(32 + Double(row % 1000) / 10000),34.8,30,5,WIFI\n"
            if text.utf8.count > 1 << 20 {
                file.write(Data(text.utf8))
                text = ""
            }
        }
        file.write(Data(text.utf8))
    }
}
