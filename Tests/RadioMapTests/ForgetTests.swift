import Foundation
import PositioningCore
import Testing
import TestSupport

@testable import RadioMap

@Suite struct ForgetTests {
    @Test func aForgottenAccessPointNoLongerInfluencesAnyFix() throws {
        let town = try TinyTownMap()
        let fixes = try town.fixes()
        // The access point used by the most fixes.
        var uses: [String: Int] = [:]
        for fix in fixes { for emitter in fix?.used ?? [] where emitter.contains(":") { uses[emitter, default: 0] += 1 } }
        let (name, _) = try #require(uses.max { $0.value < $1.value })
        let bssid = try #require(BSSID(name))
        let summary = try town.map.forget(accessPoint: bssid)
        #expect(summary.observationsRemoved > 0)
        #expect(summary.accessPointsRemoved == 1)
        #expect(try town.map.accessPoints(for: [bssid]).isEmpty)
        #expect(try town.fixes().allSatisfy { !($0?.used.contains(name) ?? false) })
    }

    @Test func aForgottenCellIsGoneWithItsSightings() throws {
        let town = try TinyTownMap()
        let cell = try #require(town.town.cells.first?.identity)
        #expect(try !town.map.cells(for: [cell]).isEmpty)
        let summary = try town.map.forget(cell: cell)
        #expect(summary.cellsRemoved == 1)
        #expect(try town.map.cells(for: [cell]).isEmpty)
        #expect(try town.map.connection.integer(
            "SELECT count(*) FROM cell_observations WHERE cell_id = ?", [.integer(cell.cellID)]) == 0)
    }

    @Test func forgettingAnAreaLeavesNothingHeardThere() throws {
        let town = try TinyTownMap()
        let centre = town.town.coordinate(of: .init(east: 0, north: 0))
        let summary = try town.map.forget(within: 150, of: centre)
        #expect(summary.observationsRemoved > 0)
        let remaining = try town.map.connection.makeStatement(sql: "SELECT latitude, longitude FROM ap_observations")
        var closest = Double.infinity
        while try remaining.step() {
            closest = min(closest, Geodesy.distance(
                from: centre, to: Coordinate(latitude: remaining.double(0), longitude: remaining.double(1))))
        }
        #expect(closest > 150)
        // Every remaining access point was heard somewhere else.
        #expect(try town.count("access_points") > 0)
    }

    @Test func forgettingEverythingBeforeADateEmptiesASurveyMadeBeforeIt() throws {
        let town = try TinyTownMap()
        let start = Double(town.town.specification.surveyStart)
        let first = try town.map.connection.makeStatement(sql: "SELECT min(time), max(time) FROM ap_observations")
        _ = try first.step()
        let middle = (first.double(0) + first.double(1)) / 2
        let half = try town.map.forgetObservations(before: Date(timeIntervalSince1970: middle))
        #expect(half.observationsRemoved > 0)
        #expect(try town.count("ap_observations") > 0)
        _ = try town.map.forgetObservations(before: Date(timeIntervalSince1970: start + 365 * 86_400))
        #expect(try town.count("ap_observations") == 0)
        #expect(try town.count("access_points") == 0)
    }
}
