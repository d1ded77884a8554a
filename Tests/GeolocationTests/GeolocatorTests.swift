import Foundation
import Geolocation
import PositioningCore
import RadioMap
import SurveyFormats
import Synchronization
import TestSupport
import Testing
import TownTestSupport

/// The pipeline as a Swift program uses it (the README's "Use it from Swift" snippet), and the
/// promises its callers rely on: one rendering, the batch engine's order, the refresh.
@Suite(.preparing(TestTown.fixture)) struct GeolocatorTests {
    let town = TestTown.shared

    @Test func theReadmeSnippetAnswersTheTownsQueriesNearTheirTruth() throws {
        let map = try RadioMap(path: town.path, mode: .readOnly)
        let geolocator = try GeolocationEngine(radioMap: map).geolocator(using: map)
        var errors: [Double] = []
        for (query, truth) in zip(town.queries, town.truths) {
            let answer = try geolocator.answer(toRequestJSON: Array(query.utf8))
            // One rendering: what `locate --batch` writes for the line is the answer's JSON.
            #expect(GeolocateJSON.bytes(for: answer) == (try geolocator.geolocateJSON(forRequest: Array(query.utf8))))
            guard let location = answer.location else { continue }
            #expect(location.horizontalAccuracy > 0)
            #expect(!answer.used.isEmpty)
            errors.append(Geodesy.distance(from: location.coordinate, to: truth))
        }
        #expect(Double(errors.count) >= 0.9 * Double(town.queries.count))
        let median = errors.sorted()[errors.count / 2]
        #expect(median < 150, "median error \(median) m")
    }

    @Test func nothingUsableIsThe404AndAnythingButARequestIsAParseError() throws {
        let geolocator = try GeolocationEngine(radioMap: try RadioMap(path: town.path, mode: .readOnly)).makeGeolocator()
        let nothing = try geolocator.answer(toRequestJSON: Array("{}".utf8))
        #expect(!nothing.isFound && nothing.location == nil)
        #expect(GeolocateJSON.string(for: nothing) == GeolocateErrorResponse.notFound.jsonString)
        #expect(throws: GeolocateParseError.self) { try geolocator.answer(toRequestJSON: Array("[".utf8)) }
        let line = String(decoding: try geolocator.geolocateJSON(forRequest: Array("[".utf8)), as: UTF8.self)
        #expect(line.hasPrefix(#"{"error":{"code":400"#) && line.contains("parseError"), "\(line)")
    }

    @Test func theBatchEngineWritesEveryLinesAnswerInInputOrder() async throws {
        let engine = try GeolocationEngine(radioMap: try RadioMap(path: town.path, mode: .readOnly))
        // Bad lines between the good ones, and enough lines for several blocks per thread.
        var lines: [String] = []
        for round in 0..<20 {
            lines += town.queries
            lines.append(round % 2 == 0 ? "not json" : "{}")
        }
        let directory = TemporaryDirectory("geolocation-batch")
        let file = directory.path("queries.jsonl")
        try (lines.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let written = Mutex<[UInt8]>([])
        try await BatchGeolocation(geolocators: [try engine.makeGeolocator(), try engine.makeGeolocator()]) { bytes in
            written.withLock { $0 += bytes }
        }.run(file)
        let alone = try engine.makeGeolocator()
        var expected: [UInt8] = []
        for line in lines { expected += try alone.geolocateJSON(forRequest: Array(line.utf8)) + [UInt8(ascii: "\n")] }
        let got = written.withLock { $0 }
        #expect(got.count == expected.count)
        #expect(got == expected, "the batch's lines are each line's answer, in input order")
    }

    @Test func aBatchOverAnEngineHasAGeolocatorPerThreadAndOneThreadForASequence() throws {
        let map = try RadioMap(path: town.path, mode: .readOnly)
        let engine = try GeolocationEngine(radioMap: map)
        let geolocators = try engine.geolocators(count: 3, firstUsing: map)
        #expect(geolocators.count == 3)
        #expect(geolocators[0].radioMap === map, "the first reuses the caller's connection")
        #expect(geolocators[1].radioMap !== map && geolocators[1].radioMap !== geolocators[2].radioMap, "one connection per thread")
        #expect(try BatchGeolocation(engine: engine, firstUsing: map, threads: 3) { _ in }.threadCount == 3)
        #expect(try BatchGeolocation(engine: engine, firstUsing: map) { _ in }.threadCount >= 1)
        let sequenced = try GeolocationEngine(radioMap: map, requestSequence: RequestSequence(timing: .spaced(.seconds(4))))
        #expect(try BatchGeolocation(engine: sequenced, firstUsing: map, threads: 3) { _ in }.threadCount == 1,
                "one client's requests are answered in order")
    }

    @Test func factorsStoredWhileItRunsReachOnlyARefreshingEngine() throws {
        let (directory, path) = try town.copy()
        defer { withExtendedLifetime(directory) {} }  // the copy lives until the test ends
        let writer = try RadioMap(path: path, mode: .readWrite)
        func geolocator(_ parameters: GeolocationParameters) throws -> Geolocator {
            try GeolocationEngine(radioMap: try RadioMap(path: path, mode: .readOnly), parameters: parameters).makeGeolocator()
        }
        let refreshing = try geolocator(GeolocationParameters(refreshInterval: .zero))
        let loadedOnce = try geolocator(GeolocationParameters())
        let ichnaea = try geolocator(GeolocationParameters(estimator: .ichnaea, refreshInterval: .zero))
        let query = Array(try #require(town.queries.first { $0.contains("wifiAccessPoints") }).utf8)

        let before = try refreshing.answer(toRequestJSON: query)
        #expect(before.isRadiusCalibrated == false)
        #expect(before.notes.contains(RadiusCalibration.uncalibratedNote))
        let ichnaeaBefore = try ichnaea.answer(toRequestJSON: query)
        #expect(ichnaeaBefore.isRadiusCalibrated == nil, "Ichnaea's radius is its own 95 % figure")

        // Every source and bin doubled, as if `db calibrate` had stored them.
        let factors = RadiusCalibration.Source.allCases.flatMap { source in
            RadiusCalibration.CountBin.allCases.map { bin in
                CalibrationFactor(source: source, bin: bin, factor: 2, sampleCount: 100, isPooled: false)
            }
        }
        try writer.replaceCalibration(factors, surveyFingerprints: nil)

        let after = try refreshing.answer(toRequestJSON: query)
        #expect(after.isRadiusCalibrated == true)
        #expect(!after.notes.contains(RadiusCalibration.uncalibratedNote))
        let (raw, scaled) = (try #require(before.location?.horizontalAccuracy), try #require(after.location?.horizontalAccuracy))
        #expect(abs(scaled - 2 * raw) < 1e-9, "raw \(raw) m, calibrated \(scaled) m")
        let unchanged = try loadedOnce.answer(toRequestJSON: query)
        #expect(unchanged.isRadiusCalibrated == false, "an engine without a refresh interval keeps what it loaded")
        #expect(unchanged.location?.horizontalAccuracy == raw)
        #expect(try ichnaea.answer(toRequestJSON: query).location?.horizontalAccuracy == ichnaeaBefore.location?.horizontalAccuracy)
    }
}
