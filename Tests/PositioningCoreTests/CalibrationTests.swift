import Evaluation
import Foundation
import SystemSupport
import Testing
import TestSupport

@testable import PositioningCore

@Suite struct CalibrationTests {
    @Test func conformalFactorIsTheRankedRatio() {
        // n = 10: ⌈11 · 0.68⌉ = 8, so the 8th smallest ratio.
        #expect(ConformalCalibration.factor(ratios: [10, 9, 8, 7, 6, 5, 4, 3, 2, 1].map(Double.init)) == 8)
        // n = 1: rank 2 does not exist, so no factor can promise 68 %.
        #expect(ConformalCalibration.factor(ratios: [3]) == nil)
        #expect(ConformalCalibration.factor(ratios: [0.5, 1.5, 2.5], coverage: 0.5) == 1.5)
    }

    @Test func sparseBinsBorrowTheirSourcesPooledFactor() throws {
        var samples = (1...30).map { CalibrationSample(source: .wifi, emitterCount: 5, error: Double($0), rawRadius: 10) }
        samples += (1...5).map { CalibrationSample(source: .wifi, emitterCount: 1, error: Double($0) * 100, rawRadius: 10) }
        samples += [CalibrationSample(source: .cell, emitterCount: 1, error: 100, rawRadius: 10)]
        let factors = ConformalCalibration.factors(from: samples)
        let own = try #require(factors.first { $0.source == .wifi && $0.bin == .fiveToNine })
        #expect(!own.isPooled)
        #expect(abs(own.factor - 2.2) < 1e-12)  // ⌈31 · 0.68⌉ = ⌈21.08⌉ = 22nd of 0.1 … 3.0
        let single = try #require(factors.first { $0.source == .wifi && $0.bin == .one })
        #expect(single.isPooled && single.sampleCount == 35)
        #expect(!factors.contains { $0.source == .cell })
        let calibration = ConformalCalibration.radiusCalibration(factors)
        #expect(abs(calibration.calibrated(10, source: .wifi, emitterCount: 7) - 22) < 1e-9)
        #expect(calibration.calibrated(10, source: .cell, emitterCount: 1) == 10)
    }

    @Test func aBinWithoutEvidenceIsNotTighterThanAnyOfItsSource() throws {
        // Many tight 10+ fixes and a few wide two-AP ones: pooled, the 10+ fixes would set a
        // factor of 0.6, far below what the two-AP fixes needed (1.5). A one-AP fix, with no
        // samples of its own, takes the widest factor its source earned.
        var samples = (1...80).map { CalibrationSample(source: .wifi, emitterCount: 12, error: 5 + Double($0 % 3), rawRadius: 10) }
        samples += (1...25).map { _ in CalibrationSample(source: .wifi, emitterCount: 2, error: 15, rawRadius: 10) }
        let factors = ConformalCalibration.factors(from: samples)
        func factor(_ bin: RadiusCalibration.CountBin) throws -> CalibrationFactor {
            try #require(factors.first { $0.source == .wifi && $0.bin == bin })
        }
        #expect(try factor(.tenOrMore).factor == 0.7 && !factor(.tenOrMore).isPooled)
        #expect(try factor(.two).factor == 1.5)
        #expect(try factor(.one).factor == 1.5 && factor(.one).isPooled)
        #expect(try factor(.fiveToNine).factor == 1.5)
        // The source pooled would have been 0.7: the 73rd of 105 ratios, 80 of them ≤ 0.7.
        #expect(ConformalCalibration.factor(ratios: samples.map { $0.error / $0.rawRadius }) == 0.7)
    }

    @Test func aManyEmitterBinWithoutEvidenceTakesTheFactorOfTheNearestBinOfFewer() throws {
        // A survey logged as the WiGLE app logs: many fixes from two and from five to nine access
        // points, the factors falling with the count, none from ten or more. A laptop's full
        // scan (10+) takes the 5–9 bin's factor, not the widest (the two-AP bin's); a bin below
        // every filled one (one AP) still takes the widest.
        var samples = (1...40).map { CalibrationSample(source: .wifi, emitterCount: 2, error: Double($0), rawRadius: 10) }
        samples += (1...40).map { CalibrationSample(source: .wifi, emitterCount: 6, error: Double($0) / 4, rawRadius: 10) }
        let factors = ConformalCalibration.factors(from: samples)
        func factor(_ bin: RadiusCalibration.CountBin) throws -> CalibrationFactor {
            try #require(factors.first { $0.source == .wifi && $0.bin == bin })
        }
        let fiveToNine = try factor(.fiveToNine), two = try factor(.two)
        #expect(fiveToNine.factor < two.factor / 3)
        #expect(try factor(.tenOrMore).factor == fiveToNine.factor && factor(.tenOrMore).borrowedFrom == .fiveToNine)
        #expect(try factor(.tenOrMore).factor95 == fiveToNine.factor95)
        #expect(try factor(.threeToFour).factor == two.factor && factor(.threeToFour).borrowedFrom == .two)
        #expect(try factor(.one).factor == two.factor && factor(.one).borrowedFrom == nil && factor(.one).isPooled)
    }

    @Test func inspectionRecoversTheRawRadiusAndBinUnderAnyCalibration() throws {
        var fixture = ToyTown(seed: 3)
        let (input, _) = fixture.query()
        var calibration = RadiusCalibration()
        for bin in RadiusCalibration.CountBin.allCases { calibration.setFactor(3, for: .wifi, bin: bin) }
        let plain = try #require(InspectedFix.inspect(WhereaboutsEstimator(), input: input))
        let scaled = try #require(InspectedFix.inspect(WhereaboutsEstimator(calibration: calibration), input: input))
        #expect(plain.rawRadius == scaled.rawRadius)
        #expect(plain.bin == scaled.bin)
        #expect(abs(scaled.estimate.location.horizontalAccuracy - 3 * plain.rawRadius) < 1e-9)
    }

    @Test(arguments: [CrossValidatedCalibration.defaultHoldOut, .trackFolds(5)])
    func calibrationRestoresCoverageOnAMiscalibratedToyMap(holdOut: CrossValidatedCalibration.HoldOut) async throws {
        // A second of arithmetic: done on its own thread, not on the shared cooperative pool.
        let (rawShare, calibrated) = await DedicatedThread.run("toy calibration") { Self.toyCoverage(holdOut: holdOut) }
        // The toy map's raw radii are far from honest 68 % circles…
        #expect(abs(rawShare - 0.68) > 0.1, "raw coverage \(rawShare)")
        // …and held-out factors bring them back: 68 % lies in the 95 % interval of what we see.
        let interval = try #require(BinomialInterval.wilson(successes: calibrated.inside, trials: calibrated.answered))
        #expect(interval.contains(0.68), "calibrated coverage \(calibrated.inside)/\(calibrated.answered), raw \(rawShare)")
    }

    /// Raw coverage share of a toy map, and the calibrated (inside, answered) counts.
    static func toyCoverage(holdOut: CrossValidatedCalibration.HoldOut) -> (Double, (inside: Int, answered: Int)) {
        var town = ToyTown(seed: 7)
        let scans = (0..<500).map { _ in town.surveyScan() }
        let queries = (0..<300).map { _ in town.query(mapBuiltFrom: scans) }
        func coverage(_ estimator: WhereaboutsEstimator) -> (inside: Int, answered: Int) {
            var inside = 0
            var answered = 0
            for (input, truth) in queries {
                guard let fix = estimator.estimatePosition(from: input) else { continue }
                answered += 1
                if Geodesy.distance(from: fix.location.coordinate, to: truth) <= fix.location.horizontalAccuracy { inside += 1 }
            }
            return (inside, answered)
        }
        let raw = coverage(WhereaboutsEstimator())
        let samples = CrossValidatedCalibration(holdOut: holdOut, seed: 1).samples(from: scans, now: town.now)
        let factors = ConformalCalibration.factors(from: samples)
        let calibrated = coverage(WhereaboutsEstimator(calibration: ConformalCalibration.radiusCalibration(factors)))
        return (Double(raw.inside) / Double(raw.answered), calibrated)
    }

    @Test func aScansNeighboursOnItsOwnRecordingNeverPlaceItsAccessPoints() {
        // Two walks past the same four routers. Within one walk, scans 20 s apart share their
        // GPS drift, so they must not place each other's routers; the other walk may.
        func walk(_ recording: Int64, steps: Range<Int>) -> [SurveyScan] {
            steps.map { step in
                let position = Coordinate(latitude: 50 + Double(step) * 1e-5, longitude: 8)
                var scan = SurveyScan(
                    position: position, track: recording, recording: recording,
                    time: Date(timeIntervalSince1970: 1_700_000_000 + Double(step) * 20))
                for offset in 0..<4 {
                    scan.accessPoints[BSSID(rawValue: UInt64(0x0011_2200_0000) | UInt64(offset + 1) << 8)] = SurveyObservation(
                        position: position, positionAccuracy: 5, signalStrength: -60, time: scan.time)
                }
                return scan
            }
        }
        let calibration = CrossValidatedCalibration()
        #expect(calibration.samples(from: walk(1, steps: 0..<5), now: Date()).isEmpty)
        let twoWalks = walk(1, steps: 0..<5) + walk(2, steps: 0..<5)
        #expect(calibration.samples(from: twoWalks, now: Date()).count == twoWalks.count)
        // Forty minutes later, the same walker's GPS error has moved on: the scans are fair tests.
        let laterOnTheSameWalk = walk(1, steps: 0..<5) + walk(1, steps: 120..<125)
        #expect(calibration.samples(from: laterOnTheSameWalk, now: Date()).count == laterOnTheSameWalk.count)
    }

    @Test func aScansCellIsRefitFromItsNeighboursOnTheSameWalkButNeverFromItself() throws {
        // One walk of five scans, 20 s and about 110 m apart, all under one cell. Cell errors are
        // hundreds of metres, GPS drift a few: the neighbours stay in the refit, the scan does not.
        let cell = try CellIdentity(radio: .lte, mcc: 262, mnc: 1, area: 40, cellID: 4001)
        let scans = (0..<5).map { step in
            let position = Coordinate(latitude: 50 + Double(step) * 1e-3, longitude: 8)
            let time = Date(timeIntervalSince1970: 1_700_000_000 + Double(step) * 20)
            return SurveyScan(
                position: position,
                cells: [cell: SurveyObservation(position: position, positionAccuracy: 5, signalStrength: -80, time: time)],
                track: 1, recording: 1, time: time)
        }
        var calibration = CrossValidatedCalibration()
        calibration.cellHoldOut = .scan
        let samples = calibration.samples(from: scans, now: Date())
        try #require(samples.count == scans.count)
        #expect(samples.allSatisfy { $0.source == .cell })
        // Refit from the other four, the middle scan's cell sits on it; the end scans' cells sit
        // two and a half steps away. Had a scan placed its own cell, every error would be small.
        let errors = samples.map(\.error).sorted()
        #expect(errors[0] < 20)
        #expect(errors[3] > 250 && errors[4] > 250)
        // A cell heard by one scan only is unknown once that scan is held out.
        let lone = try CellIdentity(radio: .lte, mcc: 262, mnc: 1, area: 40, cellID: 4002)
        var alone = scans[0]
        alone.cells = [lone: SurveyObservation(position: alone.position, positionAccuracy: 5, signalStrength: -80, time: alone.time)]
        #expect(CrossValidatedCalibration().samples(from: [alone], now: Date()).isEmpty)
    }

    @Test func crossValidationNeverLetsAScanPlaceItsOwnAccessPoints() {
        // Every access point is heard by exactly one scan: with that scan held out, nothing of
        // it is known, so no sample can exist.
        var scans: [SurveyScan] = []
        for index in 0..<20 {
            let position = Coordinate(latitude: 50 + Double(index) * 0.01, longitude: 8)
            var scan = SurveyScan(position: position, track: Int64(index))
            for offset in 0..<4 {
                scan.accessPoints[BSSID(rawValue: UInt64(0x0011_2200_0000 + index * 16 + offset))] = SurveyObservation(
                    position: position, positionAccuracy: 5, signalStrength: -60)
            }
            scans.append(scan)
        }
        #expect(CrossValidatedCalibration().samples(from: scans, now: Date()).isEmpty)
    }
}

/// A toy world: routers on a 1.2 km square, heard up to 90 m away with log-distance signals;
/// survey scans with 5 m GPS noise, and queries against the map built from the survey.
struct ToyTown {
    var random: SplitMix64
    let origin = Coordinate(latitude: 48.137, longitude: 11.575)
    let now = Date(timeIntervalSince1970: 1_700_000_000)
    var routers: [(BSSID, Coordinate)] = []
    private var scanCount = 0

    init(seed: UInt64) {
        random = SplitMix64(seed: seed)
        for index in 0..<260 {
            routers.append((BSSID(rawValue: 0x0024_A400_0000 + UInt64(index) << 4), randomPoint()))
        }
    }

    mutating func randomPoint() -> Coordinate {
        Geodesy.destination(from: origin, distance: 600 * random.unit().squareRoot(), bearing: 360 * random.unit())
    }

    mutating func heard(at position: Coordinate) -> [(BSSID, Double)] {
        routers.compactMap { bssid, place in
            let distance = Geodesy.distance(from: position, to: place)
            guard distance <= 90 else { return nil }
            return (bssid, -35 - 25 * log10(max(distance, 1)) + 6 * random.gaussian())
        }
    }

    mutating func surveyScan() -> SurveyScan {
        let truth = randomPoint()
        let reported = Geodesy.destination(from: truth, distance: 5 * abs(random.gaussian()), bearing: 360 * random.unit())
        var scan = SurveyScan(position: reported, track: Int64(scanCount / 5))
        let time = now.addingTimeInterval(-86_400 * 30 + Double(scanCount) * 20)
        scanCount += 1
        for (bssid, signal) in heard(at: truth) {
            scan.accessPoints[bssid] = SurveyObservation(
                position: reported, positionAccuracy: 5, signalStrength: signal, time: time)
        }
        return scan
    }

    /// A query with the routers' true positions as the map (for inspection tests).
    mutating func query() -> (EstimationInput, Coordinate) {
        let truth = randomPoint()
        let wifi = heard(at: truth).map { WiFiObservation(bssid: $0.0, signalStrength: $0.1) }
        var known: [BSSID: KnownAccessPoint] = [:]
        for (bssid, place) in routers where wifi.contains(where: { $0.bssid == bssid }) {
            known[bssid] = KnownAccessPoint(bssid: bssid, coordinate: place, radius: 40, sampleCount: 10)
        }
        return (EstimationInput(wifi: wifi, accessPoints: known, now: now), truth)
    }

    /// A fresh query located against the map aggregated from all of `scans`.
    mutating func query(mapBuiltFrom scans: [SurveyScan]) -> (EstimationInput, Coordinate) {
        let truth = randomPoint()
        let wifi = heard(at: truth).map { WiFiObservation(bssid: $0.0, signalStrength: $0.1) }
        var known: [BSSID: KnownAccessPoint] = [:]
        for observation in wifi {
            let sightings = scans.compactMap { $0.accessPoints[observation.bssid] }
            if let point = EmitterAggregator.aggregateAccessPoint(observation.bssid, observations: sightings) {
                known[observation.bssid] = point
            }
        }
        return (EstimationInput(wifi: wifi, accessPoints: known, now: now), truth)
    }
}

/// Noise for the toy world, drawn the same on every run.
extension SplitMix64 {
    /// A standard normal value (Box–Muller).
    mutating func gaussian() -> Double {
        let u = max(unit(), 1e-12)
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * unit())
    }
}
