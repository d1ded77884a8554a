import Foundation
import Testing
import TestSupport

@testable import PositioningCore

@Suite struct EstimatorCellTests {
    let estimator = WhereaboutsEstimator()

    @Test func oneKnownCellGivesItsPositionAndRange() throws {
        var map = RadioMapFixture()
        try map.addCell(1, at: 0, radius: 1_500)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(estimate.method == .cellCentroid)
        #expect(estimate.location.source == .cell)
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 1)
        #expect(abs(estimate.location.horizontalAccuracy - 1_500) < 1e-6)
    }

    @Test func severalCellsGiveAWeightedCentreInsideThemAll() throws {
        var map = RadioMapFixture()
        try map.addCell(1, at: 1_000, bearing: 0, radius: 2_000)
        try map.addCell(2, at: 1_000, bearing: 180, radius: 2_000)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 1)
        #expect(estimate.used.count == 2)
        #expect(estimate.location.horizontalAccuracy <= 3_000 + 1e-6)
    }

    @Test func unknownCellFallsBackToItsArea() throws {
        var map = RadioMapFixture()
        try map.addCell(99, at: nil)
        let area = map.cells[0].identity.areaIdentity
        map.areas[area] = KnownArea(identity: area, coordinate: map.point(2_000, bearing: 90), radius: 6_000, cellCount: 4)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(estimate.method == .area)
        #expect(estimate.location.source == .cell)
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.point(2_000, bearing: 90)) < 1)
        // The cell is one no survey placed, so it most likely lies beyond the area's known cells.
        #expect(estimate.location.horizontalAccuracy == 6_000 * WhereaboutsEstimator.unknownCellAreaScale)
        #expect(estimate.rejected.contains(EmitterRejection(emitter: .cell(map.cells[0].identity), reason: .unknown)))
    }

    @Test func anAreasAnswerReachesPastTheCellsItKnows() throws {
        // Three known cells of 500 m around the origin: their area covers 1.5 km. A phone heard
        // a fourth cell of the area, which no survey placed, 2 km out: its answer still holds it.
        var map = RadioMapFixture()
        try map.addCell(99, at: nil)
        let area = map.cells[0].identity.areaIdentity
        let members = try [0.0, 120, 240].enumerated().map { index, bearing in
            KnownCell(identity: try CellIdentity(radio: .lte, mcc: 425, mnc: 1, area: 500, cellID: Int64(index + 1)),
                      coordinate: map.point(1_000, bearing: bearing), radius: 500, sampleCount: 20)
        }
        guard let known = EmitterAggregator.aggregateArea(area, cells: members) else {
            Issue.record("three cells make an area")
            return
        }
        map.areas[area] = known
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(estimate.method == .area)
        let phone = map.point(2_000, bearing: 60)
        let error = Geodesy.distance(from: estimate.location.coordinate, to: phone)
        #expect(error > known.radius, "beyond the known cells' extent")
        #expect(error < estimate.location.horizontalAccuracy)
    }

    @Test func anAreasAnswerTakesAFactorOfItsOwnNotTheCells() throws {
        var map = RadioMapFixture()
        try map.addCell(99, at: nil)
        let area = map.cells[0].identity.areaIdentity
        map.areas[area] = KnownArea(identity: area, coordinate: map.point(2_000, bearing: 90), radius: 6_000, cellCount: 4)
        // Calibrated cells say nothing about a query whose cell the map does not know: without an
        // area factor the area's radius stands, and the fix says it is not calibrated.
        var calibration = RadiusCalibration()
        calibration.setFactor(0.5, for: .cell, bin: .one)
        let cellsOnly = try #require(WhereaboutsEstimator(calibration: calibration).estimatePosition(from: map.input))
        #expect(cellsOnly.method == .area)
        #expect(cellsOnly.location.horizontalAccuracy == 6_000 * WhereaboutsEstimator.unknownCellAreaScale)
        #expect(cellsOnly.isRadiusCalibrated == false)
        calibration.setFactor(1.5, for: .area, bin: .one)
        let withArea = try #require(WhereaboutsEstimator(calibration: calibration).estimatePosition(from: map.input))
        #expect(withArea.location.horizontalAccuracy == 1.5 * 6_000 * WhereaboutsEstimator.unknownCellAreaScale)
        #expect(withArea.isRadiusCalibrated == true)
        #expect(RadiusCalibration.Source(of: withArea) == .area)
    }

    @Test func movedCellIsRejectedAndWifiAnswers() throws {
        var map = RadioMapFixture()
        for bearing in [0.0, 120, 240] { map.addAccessPoint(30, bearing: bearing) }
        try map.addCell(1, at: 50_000, radius: 1_000)
        let identity = map.cells[0].identity
        map.knownCells[identity]?.status = .moved
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(estimate.location.source == .wifi)
        #expect(estimate.rejected.contains(EmitterRejection(emitter: .cell(identity), reason: .moved)))
        #expect(estimate.notes.isEmpty)
    }

    @Test func unknownCellWithoutAreaGivesNothing() throws {
        var map = RadioMapFixture()
        try map.addCell(99, at: nil)
        #expect(estimator.estimatePosition(from: map.input) == nil)
    }

    @Test func wifiWinsWhenItAgreesWithTheCell() throws {
        var map = RadioMapFixture()
        for bearing in [0.0, 120, 240] { map.addAccessPoint(30, bearing: bearing) }
        try map.addCell(1, at: 800, radius: 2_000)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(estimate.location.source == .wifi)
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 15)
        #expect(estimate.notes.isEmpty)
    }

    @Test func aLoneAccessPointFarOutsideTheServingCellLosesToTheCell() throws {
        var map = RadioMapFixture()
        let far = map.addAccessPoint(20_000, bearing: 90, signal: -50)
        try map.addCell(1, at: 0, radius: 1_000)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(estimate.location.source == .cell)
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 1)
        #expect(map.reason(for: far, in: estimate) == .disagreesWithCell)
        #expect(estimate.notes.contains { $0.contains("cell") })
    }

    @Test func aConfidentWifiClusterFarOutsideTheServingCellIsRefused() throws {
        // Three access points with wrong stored positions agree with each other 10 km away
        // (Ichnaea issue 1950): their tiny radius must not win over the serving cell.
        var map = RadioMapFixture()
        let wrong = (0..<3).map { map.addAccessPoint(10_000, bearing: Double($0) * 0.1, radius: 20) }
        try map.addCell(1, at: 0, radius: 1_000)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(estimate.location.source == .cell)
        #expect(wrong.allSatisfy { map.reason(for: $0, in: estimate) == .disagreesWithCell })
        #expect(!estimate.notes.isEmpty)
    }

    @Test(arguments: [(sightings: 1, keepsWifi: true), (sightings: 500, keepsWifi: false)])
    func aCellOverrulesWifiOnlyWhereTheMapKnowsItWell(sightings: Int, keepsWifi: Bool) throws {
        // Three routers agree at the origin; the serving cell's stored centre lies 3 km off with
        // a 500 m range. Calibrated on held-out scans, cells placed by one sighting erred far
        // (95 % factor 12: a 6 km circle, which holds the routers); cells of 100+ sightings
        // erred little (95 % factor 1.5: 750 m, which does not).
        var calibration = RadiusCalibration()
        calibration.setSightingFactor(5, factor95: 12, for: .cell, bin: .one)
        calibration.setSightingFactor(1, factor95: 1.5, for: .cell, bin: .hundredOrMore)
        var map = RadioMapFixture()
        for bearing in [0.0, 120, 240] { map.addAccessPoint(30, bearing: bearing) }
        try map.addCell(1, at: 3_000, radius: 500, sightings: sightings)
        let estimate = try #require(WhereaboutsEstimator(calibration: calibration).estimatePosition(from: map.input))
        #expect((estimate.location.source == .wifi) == keepsWifi)
        let truthError = Geodesy.distance(from: estimate.location.coordinate, to: map.origin)
        #expect(keepsWifi ? truthError < 15 : truthError > 2_900)
    }

    @Test func aCellWhoseCalibratedCircleShrankStillReachesAsFarAsItsRange() throws {
        // Calibrated where the survey went, the cell's 95 % circle shrank to 600 m; its 2 km
        // range still holds the three routers 1.8 km off, so they are kept, as without calibration.
        var calibration = RadiusCalibration()
        calibration.setSightingFactor(0.2, factor95: 0.3, for: .cell, bin: .tenToNinetyNine)
        var map = RadioMapFixture()
        for bearing in [0.0, 120, 240] { map.addAccessPoint(30, bearing: bearing) }
        try map.addCell(1, at: 1_800, radius: 2_000)
        let estimate = try #require(WhereaboutsEstimator(calibration: calibration).estimatePosition(from: map.input))
        #expect(estimate.location.source == .wifi)
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 15)
    }

    @Test func theWifiClusterThatAgreesWithTheCellBeatsABetterRankedLoneMatch() throws {
        // The lone match is loud and well surveyed, so it ranks first on Wi-Fi evidence alone.
        var map = RadioMapFixture()
        let loud = map.addAccessPoint(15_000, bearing: 270, signal: -40, radius: 25, samples: 100)
        map.addAccessPoint(20, bearing: 0, signal: -85, radius: 100, samples: 1)
        map.addAccessPoint(20, bearing: 180, signal: -85, radius: 100, samples: 1)
        try map.addCell(1, at: 300, radius: 1_000)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(estimate.location.source == .wifi)
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 15)
        #expect(map.reason(for: loud, in: estimate) == .outlier)
        #expect(estimate.notes.count == 1)
    }

    @Test func manyAgreeingRoutersOverruleADisagreeingCell() throws {
        var map = RadioMapFixture()
        for index in 0..<6 { map.addAccessPoint(30, bearing: Double(index) * 60) }
        try map.addCell(1, at: 10_000, radius: 1_000)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(estimate.location.source == .wifi)
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 15)
        #expect(estimate.notes.contains { $0.contains("kept Wi-Fi") })
    }

    @Test func aStrongWifiClusterOverrulesACoarseArea() throws {
        var map = RadioMapFixture()
        for bearing in [0.0, 90, 180, 270] { map.addAccessPoint(30, bearing: bearing) }
        try map.addCell(99, at: nil)
        let area = map.cells[0].identity.areaIdentity
        map.areas[area] = KnownArea(identity: area, coordinate: map.point(40_000), radius: 5_000, cellCount: 2)
        let estimate = try #require(estimator.estimatePosition(from: map.input))
        #expect(estimate.location.source == .wifi)
        #expect(Geodesy.distance(from: estimate.location.coordinate, to: map.origin) < 15)
        #expect(estimate.notes.contains { $0.contains("area") })
    }
}
