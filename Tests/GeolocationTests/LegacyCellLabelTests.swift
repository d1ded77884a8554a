import Foundation
import Geolocation
import PositioningCore
import RadioMap
import SurveyFormats
import TestSupport
import Testing

/// Cells as real clients send them: Android's `GsmCellLocation` (and so WiGLE and the tools
/// built on its exports) calls a UMTS cell `gsm`; the request finds the cell the import stored.
@Suite struct LegacyCellLabelTests {
    /// The WiGLE fixture's `GSM` row 72207_1234_3456789 (a 28-bit id, stored as WCDMA).
    static let umtsRequest = """
        {"considerIp":false,"cellTowers":[{"radioType":"gsm","mobileCountryCode":722,\
        "mobileNetworkCode":7,"locationAreaCode":1234,"cellId":3456789,"signalStrength":-80}]}
        """
    static let sighting = Coordinate(latitude: -34.6092, longitude: -58.3788)

    @Test func aGsmLabelled28BitCellIsFoundWhereTheImportStoredIt() throws {
        let directory = TemporaryDirectory("legacy-cell")
        let path = directory.path("map.sqlite")
        let map = try RadioMap(path: path, mode: .readWrite)
        _ = try map.importSurvey(
            at: TestPaths.fixture("radiomap/wigle_app248_local_time.csv").path, options: ImportOptions(), progress: nil)
        let geolocator = try GeolocationEngine(radioMap: try RadioMap(path: path, mode: .readOnly)).makeGeolocator()
        let answer = try geolocator.answer(toRequestJSON: Array(Self.umtsRequest.utf8))
        let location = try #require(answer.location, "the gsm-labelled UMTS cell is not found")
        #expect(Geodesy.distance(from: location.coordinate, to: Self.sighting) < 1_000)
        let umts = try CellIdentity(radio: .wcdma, mcc: 722, mnc: 7, area: 1234, cellID: 3_456_789)
        #expect(answer.used.map(\.emitter) == [.cell(umts)], "answered from the cell, not its area")
        // A real 16-bit GSM cell keeps its label and is found too.
        let gsm = Self.umtsRequest.replacingOccurrences(of: "3456789", with: "5678")
        #expect(try geolocator.answer(toRequestJSON: Array(gsm.utf8)).location != nil)
    }
}
