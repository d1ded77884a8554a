import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

/// Survey scans kept as fingerprints: stored beside imported tables but told apart, found by a
/// query's access points, and taken away with what the user forgets.
@Suite(.onItsOwnThread) struct SurveyFingerprintStorageTests {
    static func storedSurvey(_ town: TinyTownMap) throws -> SurveyFingerprints {
        let usable = try town.map.usableAccessPoints()
        let survey = SurveyFingerprints(scans: try town.map.surveyScans()) { usable.contains($0) }
        try town.map.replaceSurveyFingerprints(with: survey)
        return survey
    }

    @Test func keptScansAreFoundByAQuerysAccessPointsButAreNoFingerprintTable() throws {
        let town = try TinyTownMap()
        let survey = try Self.storedSurvey(town)
        #expect(survey.entries.count > 100)
        #expect(try town.map.statistics().surveyFingerprints == survey.entries.count)
        #expect(try town.map.statistics().tableFingerprints == 0)
        #expect(try town.map.hasFingerprints())
        #expect(try !town.map.hasFingerprintTables())
        #expect(try town.map.fingerprints().isEmpty, "tables only: survey scans are calibrated with the survey")
        let heard = survey.entries[0].fingerprint.readings.map(\.accessPoint)
        let found = try town.map.fingerprints(hearing: heard)
        #expect(found.contains(survey.entries[0].fingerprint))

        // Calibrating again replaces them; a survey that gains nothing from them keeps none.
        try town.map.replaceSurveyFingerprints(with: survey)
        #expect(try town.map.statistics().surveyFingerprints == survey.entries.count)
        try town.map.replaceSurveyFingerprints(with: nil)
        #expect(try town.map.statistics().surveyFingerprints == 0)
        #expect(try !town.map.hasFingerprints())
    }

    @Test func forgettingAnAccessPointTakesItOutOfEveryKeptScan() throws {
        let town = try TinyTownMap()
        let survey = try Self.storedSurvey(town)
        let name = survey.entries[0].fingerprint.readings[0].accessPoint
        let bssid = try #require(BSSID(name))
        func readings() throws -> Int64 {
            try town.map.connection.integer(
                "SELECT count(*) FROM fingerprint_readings WHERE access_point = ?", [.text(name)])
        }
        #expect(try readings() > 0)
        _ = try town.map.forget(accessPoint: bssid)
        #expect(try readings() == 0)
    }

    @Test func forgettingTheSurveyImportTakesItsScansAway() throws {
        let town = try TinyTownMap(publishedCells: false)
        _ = try Self.storedSurvey(town)
        let importID = try town.map.connection.integer("SELECT min(id) FROM imports")
        _ = try town.map.forgetImport(id: importID)
        #expect(try town.map.statistics().surveyFingerprints == 0)
        #expect(try town.count("fingerprint_readings") == 0)
    }

    @Test func fingerprintsIndexedOnceAnswerAsThoseReadPerRequest() throws {
        let town = try TinyTownMap()
        _ = try Self.storedSurvey(town)
        let policy = FingerprintPolicy()
        let indexed = try FingerprintSource.load(from: town.map, parameters: policy.matching)
        let perRequest = try FingerprintSource.load(from: town.map, parameters: policy.matching, memoryLimit: 0)
        #expect(indexed.matcher != nil)
        guard case .perRequest = perRequest else {
            Issue.record("a map over the memory limit is read per request")
            return
        }
        var compared = 0
        try town.town.forEachQuery { query in
            guard query.kind == .wifi else { return }
            let request = query.scan.geolocateRequest
            let heard = request.wifiAccessPoints.map(\.bssid)
            var first = try town.map.estimationInput(for: request, now: Date())
            var second = first
            try indexed.supply(&first, from: town.map, hearing: heard)
            try perRequest.supply(&second, from: town.map, hearing: heard)
            #expect(policy.match(first) == policy.match(second))
            let estimator = WhereaboutsEstimator()
            #expect(estimator.estimatePosition(from: first)?.location == estimator.estimatePosition(from: second)?.location)
            compared += 1
        }
        #expect(compared > 10)
    }
}
