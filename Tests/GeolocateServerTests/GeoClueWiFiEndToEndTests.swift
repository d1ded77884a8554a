import Foundation
import Geolocation
import PositioningCore
import RadioMap
import TestSupport
import Testing
import TownTestSupport
import WorldSimulator

@testable import GeolocateServer

/// The real GeoClue 2.6 locates the machine by Wi-Fi through `whereabouts serve`: a stand-in for
/// wpa_supplicant (this machine has no wireless stack) serves two scans of a drive through the
/// test town, 10 s apart as GeoClue scans, and GeoClue posts its table after each — the second
/// with the first scan's access points still in it at their old signals, as wpa_supplicant
/// keeps them. where-am-i prints what the server answered.
@Suite(.preparing(TestTown.fixture), .enabled(if: GeoClueLab.canRun && GeoClueLab.canServeWiFi, GeoClueLab.skipReason))
struct GeoClueWiFiEndToEndTests {
    /// A scan as GeoClue sends it: readings above −90 dBm (it ignores weaker ones).
    private static func geoClueReadings(_ sample: WalkSample) -> [WiFiObservation] {
        sample.accessPoints.map(\.observation).filter { ($0.signalStrength ?? -100) > -90 }
    }

    @Test func theFirstScansLeftoversDoNotDragTheSecondFix() async throws {
        let map = try RadioMap(path: TestTown.shared.path, mode: .readOnly)
        // Each scan alone, with serve's parameters but without its request sequence.
        let geolocator = try GeolocationEngine(radioMap: map).geolocator(using: map)
        func answer(_ readings: [WiFiObservation]) throws -> Coordinate? {
            try geolocator.answer(to: GeolocateRequest(wifiAccessPoints: readings)).location?.coordinate
        }
        // Two scans of a drive 12–40 s apart whose answers the first scan's leftovers would drag.
        var scans: [[WiFiObservation]] = []
        TestTown.shared.town.forEachDriveSample(duration: 600) { sample in
            if !sample.accessPoints.isEmpty { scans.append(Self.geoClueReadings(sample)) }
        }
        var chosen: (first: [WiFiObservation], second: [WiFiObservation], table: [WiFiObservation])?
        search: for index in scans.indices {
            for gap in 3...10 where index + gap < scans.count && chosen == nil {
                let (first, second) = (scans[index], scans[index + gap])
                let heardAgain = Dictionary(second.map { ($0.bssid, $0.signalStrength) }, uniquingKeysWith: { a, _ in a })
                // A reading heard again to the dBm would count as fresh by chance: skip such pairs.
                guard first.count >= 3, second.count >= 3,
                      !first.contains(where: { heardAgain[$0.bssid] == $0.signalStrength }) else { continue }
                let table = second + first.filter { heardAgain[$0.bssid] == nil }
                guard let alone = try answer(second), let dragged = try answer(table), try answer(first) != nil,
                      Geodesy.distance(from: alone, to: dragged) > 30 else { continue }
                chosen = (first, second, table)
                break search
            }
        }
        let (first, second, table) = try #require(chosen)

        let directory = TemporaryDirectory("geoclue-wifi-e2e")
        let scansFile = directory.path("scans.json")
        let entries = [first, second].map { scan in
            scan.enumerated().map { index, reading in
                #"{"bssid":"\#(reading.bssid)","ssid":"lab-\#(index)","signal":\#(Int(reading.signalStrength!)),"frequency":2412}"#
            }.joined(separator: ",")
        }
        try "[[\(entries[0])],[\(entries[1])]]".write(toFile: scansFile, atomically: true, encoding: .utf8)

        let output = try await GeoClueLab(directory: directory, database: TestTown.shared.path, scans: scansFile)
            .run()
        let printed = GeoClueLab.whereAmIPositions(in: output)
        try #require(printed.count >= 2, "where-am-i printed \(printed.count) positions:\n\(output)")
        func close(_ position: Coordinate, _ expected: Coordinate?) -> Bool {
            guard let expected else { return false }
            return abs(position.latitude - expected.latitude) < 1e-5 && abs(position.longitude - expected.longitude) < 1e-5
        }
        #expect(close(printed[0], try answer(first)), "\(output)")
        // The second table holds the first scan's leftovers unaged: the server knows them by
        // their repeated signals and answers from the second scan's own readings.
        #expect(close(printed[printed.count - 1], try answer(second)), "\(output)")
        #expect(!close(printed[printed.count - 1], try answer(table)))
        #expect(output.components(separatedBy: "\"POST /v1/geolocate\" 200").count - 1 >= 2, "\(output)")
    }
}
