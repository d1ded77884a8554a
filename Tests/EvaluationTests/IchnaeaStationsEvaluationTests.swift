import Foundation
import PositioningCore
import RadioMap
import SurveyFormats
import Testing
import TestSupport

@testable import Evaluation

/// `eval --ichnaea-stations built`: the Ichnaea peer answers from the stations Ichnaea's own
/// builder makes of the map's survey, not from our map's emitters, and the reports say so.
@Suite struct IchnaeaStationsEvaluationTests {
    @Test func thePeerLocatesOnStationsOfItsOwnMakingWhenAsked() throws {
        let directory = TemporaryDirectory("ichnaea-stations")
        // Two routers 68 m apart, each heard from the street with a 5 m GPS fix and 100 m north
        // of it with a 100 m fix. Ichnaea weighs the fixes 1 and √0.1, so it places each router
        // 24.0 m north of the street; our aggregation weighs them otherwise.
        let header = "WigleWifi-1.4,appRelease=2.25,model=T,release=6,device=t,display=t,board=t,brand=t\n"
            + "MAC,SSID,AuthMode,FirstSeen,Channel,RSSI,CurrentLatitude,CurrentLongitude,AltitudeMeters,AccuracyMeters,Type\n"
        let rows = [
            "00:11:22:00:00:01,a,[ESS],2026-10-27 10:00:00,6,-60,52.5000,13.4000,30,5,WIFI",
            "00:11:22:00:00:02,b,[ESS],2026-10-27 10:00:00,6,-60,52.5000,13.4010,30,5,WIFI",
            "00:11:22:00:00:01,a,[ESS],2026-10-27 10:01:00,6,-60,52.5009,13.4000,30,100,WIFI",
            "00:11:22:00:00:02,b,[ESS],2026-10-27 10:01:00,6,-60,52.5009,13.4010,30,100,WIFI",
        ]
        let survey = directory.path("survey.csv")
        try (header + rows.joined(separator: "\n") + "\n").write(toFile: survey, atomically: true, encoding: .utf8)
        let mapPath = directory.path("map.sqlite")
        _ = try RadioMap(path: mapPath, mode: .readWrite).importSurvey(at: survey, options: ImportOptions(), progress: nil)
        let query = #"{"considerIp":false,"wifiAccessPoints":[{"macAddress":"00:11:22:00:00:01","signalStrength":-60},"#
            + #"{"macAddress":"00:11:22:00:00:02","signalStrength":-60}]}"#
        let street = Coordinate(latitude: 52.5, longitude: 13.4005)
        let ichnaeasPlace = Geodesy.destination(from: street, distance: 100 * 0.1.squareRoot() / (1 + 0.1.squareRoot()), bearing: 0)
        let queries = directory.path("queries.jsonl"), truth = directory.path("truth.jsonl")
        try (query + "\n").write(toFile: queries, atomically: true, encoding: .utf8)
        try "{\"lat\":\(ichnaeasPlace.latitude),\"lng\":\(ichnaeasPlace.longitude)}\n"
            .write(toFile: truth, atomically: true, encoding: .utf8)

        let map = try RadioMap(path: mapPath, mode: .readOnly)
        var evaluation = QueryEvaluation(estimators: [.whereabouts, .ichnaea], radius: .raw)
        let shared = try evaluation.evaluate(queries: queries, truth: truth, radioMap: map)
        evaluation.ichnaeaStations = .built
        let built = try evaluation.evaluate(queries: queries, truth: truth, radioMap: map)

        #expect(shared.outcomes.map(\.estimator) == ["whereabouts", "ichnaea"])
        #expect(built.outcomes.map(\.estimator) == ["whereabouts", "ichnaea-built"], "the peer on its own map is named so")
        #expect(built.paired?.reference == "ichnaea-built")
        let onItsOwn = try #require(built.outcomes[1].error)
        let onOurs = try #require(shared.outcomes[1].error)
        #expect(onItsOwn < 1, "Ichnaea's stations put its answer where its weights do: \(onItsOwn) m off")
        #expect(onOurs > 3, "on our map the peer answers elsewhere: \(onOurs) m off")
        #expect(built.outcomes[0].error == shared.outcomes[0].error, "Whereabouts meets the same map either way")
    }
}
