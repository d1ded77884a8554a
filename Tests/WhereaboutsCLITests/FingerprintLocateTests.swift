import Foundation
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

    @Test func aScanOnTheSecondFloorIsLocatedThereByFingerprint() async throws {
        let directory = TemporaryDirectory("fingerprint-locate")
        let tablePath = directory.path("fingerprints.csv")
        try Self.table().write(toFile: tablePath, atomically: true, encoding: .utf8)
        let map = directory.path("map.sqlite")
        let imported = await CLIRun(["import", "--db", map, "--quiet", tablePath])
        #expect(imported.status == 0, "\(imported.errors)")

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
        let truth = Coordinate(
            latitude: FingerprintTableRowParser.latitude(fromMercatorY: 4864920.77),
            longitude: FingerprintTableRowParser.longitude(fromMercatorX: -7531.26))
        let found = Coordinate(
            latitude: try #require(response["location"]?["lat"]?.doubleValue),
            longitude: try #require(response["location"]?["lng"]?.doubleValue))
        #expect(Geodesy.distance(from: found, to: truth) < 8)
    }
}
