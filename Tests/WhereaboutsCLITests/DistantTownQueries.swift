import Foundation
import JSONCodec
import SurveyFormats
import Testing
import TestSupport

@testable import PositioningCore

/// Two of the shared town's Wi-Fi queries 100–300 m apart that share no access point: what a
/// moving device heard `earlier`, and what it hears `now`.
struct DistantTownQueries {
    let now: [WiFiObservation]
    let earlier: [WiFiObservation]

    /// The town's first Wi-Fi query, and the first other one in that distance band.
    static func find() async throws -> DistantTownQueries {
        let town = await SharedTown.shared.town()
        let queries = try String(contentsOfFile: town + "/queries.jsonl", encoding: .utf8).split(separator: "\n")
        let truths = try String(contentsOfFile: town + "/truth.jsonl", encoding: .utf8).split(separator: "\n")
        func point(_ index: Int) throws -> Coordinate {
            let truth = try JSONParser.parse(Array(truths[index].utf8))
            return Coordinate(latitude: truth["lat"]!.doubleValue!, longitude: truth["lng"]!.doubleValue!)
        }
        func accessPoints(_ index: Int) throws -> [WiFiObservation] {
            try GeolocateRequest.parse(Array(queries[index].utf8)).wifiAccessPoints
        }
        var now = 0
        while try accessPoints(now).isEmpty { now += 1 }
        var found: Int?
        for index in queries.indices where found == nil {
            let gap = Geodesy.distance(from: try point(index), to: try point(now))
            let shared = Set(try accessPoints(index).map(\.bssid)).intersection(try accessPoints(now).map(\.bssid))
            if gap > 100, gap < 300, shared.isEmpty, !(try accessPoints(index)).isEmpty { found = index }
        }
        return DistantTownQueries(now: try accessPoints(now), earlier: try accessPoints(try #require(found)))
    }
}
