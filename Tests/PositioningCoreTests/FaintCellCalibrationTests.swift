import Foundation
import Testing

@testable import PositioningCore

/// A cell-only query that hears its cell fainter than most of the survey did stands farther from
/// the tower than the survey went: its fix is `cellFaint`, calibrated by the survey's own scans
/// at its faint edges, so that its radius holds out there, where the factor of the survey's
/// nearer scans is far too narrow.
@Suite struct FaintCellCalibrationTests {
    static let cell = try! CellIdentity(radio: .lte, mcc: 262, mnc: 1, area: 41, cellID: 4101)
    static let other = try! CellIdentity(radio: .lte, mcc: 262, mnc: 1, area: 41, cellID: 4102)
    static let tower = Coordinate(latitude: 50, longitude: 8)
    static let plane = LocalTangentPlane(origin: tower)

    /// The cell's level `distance` metres from its tower (log-distance, exponent 3).
    static func level(at distance: Double) -> Double { (-50 - 30 * log10(max(distance, 10))).rounded() }

    /// Two walks along a 1.2 km street through the tower, a scan every 10 m.
    static func streetSurvey() -> [SurveyScan] {
        var scans: [SurveyScan] = []
        for walk in 0..<2 {
            for step in 0...120 {
                let east = Double(step * 10 - 600)
                let position = plane.unproject(east: east, north: 0)
                let time = Date(timeIntervalSince1970: 1_700_000_000 + Double(walk * 86_400 + step * 8))
                let seen = SurveyObservation(position: position, positionAccuracy: 5, signalStrength: level(at: abs(east)), time: time)
                scans.append(SurveyScan(position: position, cells: [cell: seen], track: Int64(walk), recording: Int64(walk), time: time))
            }
        }
        return scans
    }

    static func input(at position: Coordinate, known: KnownCell) -> EstimationInput {
        let level = level(at: Geodesy.distance(from: tower, to: position))
        return EstimationInput(cells: [CellObservation(identity: cell, signalStrength: level)], knownCells: [cell: known], now: Date())
    }

    @Test func theFaintLevelIsTheLowerQuartileOfTheSightingsLevels() {
        #expect(KnownCell.faintSignal(of: [-60, -70, -80, -90, -100]) == -90)
        #expect(KnownCell.faintSignal(of: [-100, -60, -90, -70]) == -100)
        #expect(KnownCell.faintSignal(of: [-60, -70, -80]) == nil, "three sightings have no faintest quarter")
        let known = EmitterAggregator.aggregateCell(Self.cell, observations: Self.streetSurvey().compactMap { $0.cells[Self.cell] })
        #expect(known?.faintSignal == Self.level(at: 450))
    }

    @Test func aFixIsFaintWhenAtLeastHalfOfItsJudgedCellsAreHeardBelowTheirFaintLevel() {
        func known(_ identity: CellIdentity, faint: Double?) -> KnownCell {
            KnownCell(identity: identity, coordinate: Self.tower, radius: 1_000, sampleCount: 50, faintSignal: faint)
        }
        func kind(_ levels: [CellIdentity: Double], faint: [CellIdentity: Double?]) -> Bool {
            let input = EstimationInput(
                cells: levels.map { CellObservation(identity: $0.key, signalStrength: $0.value) },
                knownCells: Dictionary(uniqueKeysWithValues: faint.map { ($0.key, known($0.key, faint: $0.value)) }))
            let used = levels.keys.map { EmitterContribution(emitter: .cell($0), weight: 0.5) }
            return RadiusCalibration.Source.isFaint(used, input: input)
        }
        #expect(kind([Self.cell: -100], faint: [Self.cell: -95]))
        #expect(!kind([Self.cell: -90], faint: [Self.cell: -95]))
        #expect(kind([Self.cell: -100, Self.other: -60], faint: [Self.cell: -95, Self.other: -95]), "one of two")
        #expect(!kind([Self.cell: -100, Self.other: -60], faint: [Self.cell: nil, Self.other: -95]), "only the judged count")
        #expect(!kind([Self.cell: -120], faint: [Self.cell: nil]), "a published cell the survey never heard")
    }

    @Test func aFaintFixTakesTheCellFactorsUntilTheMapHasItsOwn() {
        var calibration = RadiusCalibration()
        calibration.setFactor(0.5, for: .cell, bin: .one)
        calibration.setSightingFactor(0.4, factor95: 0.9, for: .cell, bin: .hundredOrMore)
        #expect(calibration.factor(for: .cellFaint, emitterCount: 1) == 0.5)
        #expect(calibration.sightingFactor(for: .cellFaint, sightings: 242)?.factor68 == 0.4)
        calibration.setFactor(1.2, for: .cellFaint, bin: .one)
        calibration.setSightingFactor(1.1, factor95: 1.6, for: .cellFaint, bin: .hundredOrMore)
        #expect(calibration.factor(for: .cellFaint, emitterCount: 1) == 1.2)
        #expect(calibration.sightingFactor(for: .cellFaint, sightings: 242)?.factor68 == 1.1)
        #expect(calibration.sightingFactor(for: .cell, sightings: 242)?.factor68 == 0.4)
    }

    @Test func aQueryFartherFromTheTowerThanTheSurveyWentHoldsItsRadius() throws {
        let scans = Self.streetSurvey()
        let samples = CrossValidatedCalibration().samples(from: scans, now: Date())
        #expect(samples.filter { $0.source == .cellFaint }.count >= ConformalCalibration.minimumBinSamples)
        let factors = ConformalCalibration.factors(from: samples)
        let known = try #require(EmitterAggregator.aggregateCell(Self.cell, observations: scans.compactMap { $0.cells[Self.cell] }))
        // Across town, 520 m from the tower every way: fainter than the survey's faint quarter.
        let ring = stride(from: 0.0, to: 360, by: 10).map { degrees in
            Self.plane.unproject(east: 520 * cos(degrees * .pi / 180), north: 520 * sin(degrees * .pi / 180))
        }
        func inside(_ calibration: RadiusCalibration, at truths: [Coordinate]) throws -> Double {
            let estimator = WhereaboutsEstimator(calibration: calibration)
            var inside = 0
            for truth in truths {
                let fix = try #require(estimator.estimatePosition(from: Self.input(at: truth, known: known)))
                if Geodesy.distance(from: fix.location.coordinate, to: truth) <= fix.location.horizontalAccuracy { inside += 1 }
            }
            return Double(inside) / Double(truths.count)
        }
        for truth in ring {
            let input = Self.input(at: truth, known: known)
            let fix = try #require(WhereaboutsEstimator().estimatePosition(from: input))
            #expect(RadiusCalibration.Source(of: fix, input: input) == .cellFaint)
        }
        let withFaint = try inside(ConformalCalibration.radiusCalibration(factors), at: ring)
        #expect(withFaint >= 0.9, "the 68 % radius held \(withFaint) of the queries 520 m out")
        // The survey's nearer scans' factor alone (a map calibrated before the kind existed).
        let cellOnly = ConformalCalibration.radiusCalibration(factors.filter { $0.source != .cellFaint })
        let without = try inside(cellOnly, at: ring)
        #expect(without < 0.3, "cell factors alone: the 68 % radius held \(without)")
        // Beside the tower the cell is heard loud: an ordinary cell fix.
        let near = Self.input(at: Self.plane.unproject(east: 100, north: 50), known: known)
        let nearFix = try #require(WhereaboutsEstimator().estimatePosition(from: near))
        #expect(RadiusCalibration.Source(of: nearFix, input: near) == .cell)
    }
}
