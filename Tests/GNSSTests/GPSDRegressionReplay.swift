import Foundation
import PositioningCore

@testable import GNSS

/// Replays one gpsd regression log through the NMEA reader and compares with its `.chk`.
struct GPSDRegressionReplay {
    let name: String
    /// Fixes our reader assembled from the log.
    let fixes: [Location]
    /// Positions of gpsd's mode 2/3 TPVs in the `.chk`.
    let expected: [Coordinate]
    let statistics: NMEAStatistics

    /// 1e-6° is 11 cm: logs print 4–8 decimals of minutes, gpsd prints 9 decimals of degrees.
    static let tolerance = 1e-6

    init(log: URL) throws {
        name = log.lastPathComponent
        let bytes = try Data(contentsOf: log)
        var decoder = NMEAStreamDecoder()
        var assembler = NMEAFixAssembler(fallbackDate: Date(timeIntervalSince1970: 0))
        var fixes: [Location] = []
        for sentence in decoder.decode(bytes) + decoder.finish() {
            if let fix = assembler.consume(sentence) { fixes.append(fix) }
        }
        if let fix = assembler.finish() { fixes.append(fix) }
        self.fixes = fixes
        statistics = decoder.statistics

        let check = try String(contentsOf: log.appendingPathExtension("chk"), encoding: .utf8)
        expected = check.split(whereSeparator: \.isNewline).compactMap { line in
            guard line.hasPrefix("{\"class\":\"TPV\""), case .tpv(let report)? = try? GPSDMessage.parse(line),
                report.hasFix, let latitude = report.latitude, let longitude = report.longitude
            else { return nil }
            return Coordinate(latitude: latitude, longitude: longitude)
        }
    }

    /// Fraction of our fixes that gpsd also reported (1 when we report none).
    var precision: Double {
        guard !fixes.isEmpty else { return 1 }
        return Double(fixes.filter { fix in expected.contains { Self.matches($0, fix.coordinate) } }.count)
            / Double(fixes.count)
    }

    /// Fraction of gpsd's distinct positions that we reported too (1 when gpsd has none).
    var recall: Double {
        var distinct: [Coordinate] = []
        for point in expected where !distinct.contains(where: { Self.matches($0, point) }) { distinct.append(point) }
        guard !distinct.isEmpty else { return 1 }
        return Double(distinct.filter { point in fixes.contains { Self.matches($0.coordinate, point) } }.count)
            / Double(distinct.count)
    }

    static func matches(_ a: Coordinate, _ b: Coordinate) -> Bool {
        abs(a.latitude - b.latitude) <= tolerance && abs(a.longitude - b.longitude) <= tolerance
    }
}
