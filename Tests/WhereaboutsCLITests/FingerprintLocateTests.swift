import Foundation
import JSONCodec
import SurveyFormats
import Testing
import TestSupport

@testable import PositioningCore
@testable import WhereaboutsCLI

/// A fingerprint table whose access-point columns are BSSIDs: imported, then a live-shaped scan
/// is located by fingerprint matching, with floor and building in the response.
@Suite struct FingerprintLocateTests {
    /// Two floors of one building, three spots each 10 m apart (EPSG:3857 metres near Castelló);
    /// each floor's own access points are loud there, the other floor's faint.
    static func table() -> String {
        let floors = [["02:00:00:00:00:01", "02:00:00:00:00:02", "02:00:00:00:00:03"],
                      ["0a:00:00:00:00:01", "0a:00:00:00:00:02", "0a:00:00:00:00:03"]]
        var text = (floors[0] + floors[1]).joined(separator: ",") + ",LONGITUDE,LATITUDE,FLOOR,BUILDINGID,TIMESTAMP\n"
        for floor in 0..<2 {
            for spot in 0..<3 {
                var signals: [String] = []
                for other in 0..<2 {
                    for number in 0..<3 {
                        signals.append(other == floor ? String(-45 - 10 * abs(spot - number)) : "-88")
                    }
                }
                text += signals.joined(separator: ",") + ",\(-7541.26 + 10 * Double(spot)),4864920.77,\(floor),7,1371713733\n"
            }
        }
        return text
    }

    /// A radio map in `directory` holding the fingerprint table `table`, imported by the CLI.
    static func importedMap(_ table: String, in directory: TemporaryDirectory) async throws -> String {
        let tablePath = directory.path("fingerprints.csv")
        try table.write(toFile: tablePath, atomically: true, encoding: .utf8)
        let map = directory.path("map.sqlite")
        let imported = await CLIRun(["import", "--db", map, "--quiet", tablePath])
        #expect(imported.status == 0, "\(imported.errors)")
        return map
    }

    @Test func aScanOnTheSecondFloorIsLocatedThereByFingerprint() async throws {
        let directory = TemporaryDirectory("fingerprint-locate")
        let map = try await Self.importedMap(Self.table(), in: directory)

        let request = directory.path("scan.json")
        try """
            {"wifiAccessPoints":[{"macAddress":"0a:00:00:00:00:01","signalStrength":-56},
            {"macAddress":"0a:00:00:00:00:02","signalStrength":-46},{"macAddress":"0a:00:00:00:00:03","signalStrength":-57},
            {"macAddress":"02:00:00:00:00:02","signalStrength":-90}]}
            """.write(toFile: request, atomically: true, encoding: .utf8)
        let run = await CLIRun(["locate", "--db", map, "--request", request])
        #expect(run.status == 0, "\(run.errors)")
        let response = try JSONParser.parse(run.output)
        #expect(response["method"]?.stringValue == "fingerprint")
        #expect(response["floor"]?.integerValue == 1)
        #expect(response["building"]?.stringValue == "7")
        #expect(response["calibrated"]?.boolValue == false)
        // The middle spot of the row: 10 EPSG:3857 metres east of the first.
        let spot = WebMercator.unproject(x: -7531.26, y: 4864920.77)
        let truth = Coordinate(latitude: spot.latitude, longitude: spot.longitude)
        let found = Coordinate(
            latitude: try #require(response["location"]?["lat"]?.doubleValue),
            longitude: try #require(response["location"]?["lng"]?.doubleValue))
        #expect(Geodesy.distance(from: found, to: truth) < 8)
    }

    /// A floor 60 m square with 16 access points, spots every 10 m recorded twice in each of two
    /// surveyors' hours, readings off by a deterministic ±4 dB.
    static func surveyTable() -> String {
        let names = (0..<16).map { String(format: "0a:00:00:00:01:%02x", $0) }
        var text = names.joined(separator: ",") + ",LONGITUDE,LATITUDE,FLOOR,BUILDINGID,TIMESTAMP\n"
        var noise: UInt64 = 7
        func jitter() -> Double {
            noise = noise &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double((noise >> 40) % 9) - 4
        }
        for surveyor in 0..<2 {
            for east in stride(from: 0, through: 60, by: 10) {
                for north in stride(from: 0, through: 60, by: 10) {
                    for repeatScan in 0..<2 {
                        let signals = (0..<16).map { (index: Int) -> String in
                            let distance = Self.distance(east: Double(east), north: Double(north), toAccessPoint: index)
                            let signal: Double = -35 - 30 * log10(distance) + jitter() - Double(surveyor) * 3
                            return String(Int(signal.rounded()))
                        }
                        let time = 1_371_700_000 + surveyor * 7_200 + east * 10 + north + repeatScan
                        text += signals.joined(separator: ",")
                            + ",\(-7541.26 + Double(east)),\(4864920.77 + Double(north)),0,7,\(time)\n"
                    }
                }
            }
        }
        return text
    }

    /// Metres from (east, north) to access point `index` (a 4 × 4 grid, 20 m apart), at least 1.
    static func distance(east: Double, north: Double, toAccessPoint index: Int) -> Double {
        let x: Double = Double(index % 4) * 20
        let y: Double = Double(index / 4) * 20
        let squared: Double = (east - x) * (east - x) + (north - y) * (north - y)
        return max(squared.squareRoot(), 1)
    }

    @Test func dbCalibrateGivesFingerprintFixesACalibratedRadius() async throws {
        let directory = TemporaryDirectory("fingerprint-calibrate")
        let map = try await Self.importedMap(Self.surveyTable(), in: directory)
        let request = directory.path("scan.json")
        let heard = (0..<16).map { (index: Int) -> String in
            let signal: Double = -35 - 30 * log10(Self.distance(east: 25, north: 35, toAccessPoint: index))
            return String(format: #"{"macAddress":"0a:00:00:00:01:%02x","signalStrength":%d}"#, index, Int(signal))
        }
        try #"{"wifiAccessPoints":[\#(heard.joined(separator: ","))]}"#.write(toFile: request, atomically: true, encoding: .utf8)

        let before = try JSONParser.parse(await CLIRun(["locate", "--db", map, "--request", request]).output)
        #expect(before["method"]?.stringValue == "fingerprint")
        #expect(before["calibrated"]?.boolValue == false)
        let rawRadius = try #require(before["accuracy68"]?.doubleValue)

        let calibrated = await CLIRun(["db", "calibrate", "--db", map, "--json"])
        #expect(calibrated.status == 0, "\(calibrated.errors)")
        let factors = try #require(JSONParser.parse(calibrated.output)["factors"]?.arrayValue)
        let fingerprintEntry = try #require(factors.first {
            $0["source"]?.stringValue == "fingerprint" && $0["bin"]?.stringValue == "10+"
        })
        let fingerprintFactor = try #require(fingerprintEntry["factor"]?.doubleValue)
        let fingerprintFactor95 = try #require(fingerprintEntry["factor95"]?.doubleValue, "db calibrate --json names the 95 % factor")
        #expect(fingerprintFactor95 >= fingerprintFactor)

        let after = try JSONParser.parse(await CLIRun(["locate", "--db", map, "--request", request]).output)
        #expect(after["method"]?.stringValue == "fingerprint")
        #expect(after["calibrated"]?.boolValue == true)
        let radius = try #require(after["accuracy68"]?.doubleValue)
        // The stored (68 %) factor scales the raw radius (both printed to a tenth of a metre);
        // the 95 % one the raw radius scaled to 95 %.
        #expect(abs(radius - fingerprintFactor * rawRadius) <= 0.1 + 0.05 * fingerprintFactor, "\(radius) vs \(fingerprintFactor) × \(rawRadius)")
        let radius95 = try #require(after["accuracy"]?.doubleValue)
        #expect(radius95 >= radius)

        let text = await CLIRun(["db", "calibrate", "--db", map])
        #expect(text.output.contains("fingerprint        10+  68 % x") && text.output.contains(", 95 % x"), "\(text.output)")
    }
}
