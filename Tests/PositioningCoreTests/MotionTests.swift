import Foundation
import Testing

@testable import PositioningCore

@Suite struct MotionTests {
    static let origin = Coordinate(latitude: 52.52, longitude: 13.405)
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    static func fix(north: Double, east: Double = 0, second: Double, accuracy: Double = 5, source: LocationSource = .wifi) -> Location {
        let northward = Geodesy.destination(from: origin, distance: north, bearing: 0)
        return Location(
            coordinate: Geodesy.destination(from: northward, distance: east, bearing: 90), horizontalAccuracy: accuracy,
            timestamp: start.addingTimeInterval(second), source: source)
    }

    @Test func distanceFilterMeasuresFromTheLastDeliveredFix() {
        var filter = DistanceFilter(metres: 50)
        // Creeping north 20 m at a time: each step is under 50 m from the previous fix, but every
        // third is 60 m from the last one delivered.
        let delivered = (0...9).filter { filter.admit(Self.fix(north: Double($0) * 20, second: Double($0))) }
        #expect(delivered == [0, 3, 6, 9])
    }

    @Test func noDistanceFilterDeliversEveryFix() {
        var filter = DistanceFilter(metres: nil)
        #expect((0..<5).allSatisfy { _ in filter.admit(Self.fix(north: 0, second: 0)) })
        #expect(DistanceFilter(metres: 0).metres == nil)
    }

    @Test func speedAndCourseAreDerivedWhenTheSourceGivesNone() throws {
        var tracker = MotionTracker()
        let first = tracker.complete(Self.fix(north: 0, second: 0))
        #expect(first.speed < 0 && first.course < 0)
        let second = tracker.complete(Self.fix(north: 0, east: 100, second: 10))
        #expect(abs(second.speed - 10) < 0.01)
        #expect(abs(second.course - 90) < 0.1)
    }

    @Test func reportedSpeedAndCourseAreKept() {
        var tracker = MotionTracker()
        _ = tracker.complete(Self.fix(north: 0, second: 0))
        var reported = Self.fix(north: 100, second: 10, source: .gps)
        reported.speed = 3
        reported.course = 12
        let kept = tracker.complete(reported)
        #expect(kept.speed == 3 && kept.course == 12)
    }

    @Test func movementWithinTheFixesUncertaintyGivesNoCourse() {
        var tracker = MotionTracker()
        _ = tracker.complete(Self.fix(north: 0, second: 0, accuracy: 30))
        let jitter = tracker.complete(Self.fix(north: 20, second: 10, accuracy: 30))
        #expect(jitter.course < 0 && jitter.speed < 0)
    }

    static func accessPoints(_ range: Range<Int>) -> [WiFiObservation] {
        range.map { WiFiObservation(bssid: BSSID(rawValue: UInt64(0x0200_0000_0000 + $0)), signalStrength: -60) }
    }

    static func cell(_ id: Int64) -> CellObservation {
        CellObservation(identity: try! CellIdentity(radio: .lte, mcc: 262, mnc: 1, area: 100, cellID: id))
    }

    @Test func significantChangeNeedsACellChangeOrTurnedOverAccessPointsAndDistance() {
        var detector = SignificantChangeDetector()
        var reasons: [SignificantChangeDetector.Reason?] = []
        // First position.
        reasons.append(detector.consider(wifi: Self.accessPoints(0..<10), cells: [Self.cell(1)], estimate: Self.fix(north: 0, second: 0)))
        // 200 m on, the same cell and half the access points: nothing.
        reasons.append(detector.consider(wifi: Self.accessPoints(5..<15), cells: [Self.cell(1)], estimate: Self.fix(north: 200, second: 60)))
        // 400 m, all access points new but not yet 500 m: nothing.
        reasons.append(detector.consider(wifi: Self.accessPoints(20..<30), cells: [Self.cell(1)], estimate: Self.fix(north: 400, second: 120)))
        // 600 m with new access points: significant.
        reasons.append(detector.consider(wifi: Self.accessPoints(30..<40), cells: [Self.cell(1)], estimate: Self.fix(north: 600, second: 180)))
        // A new serving cell, barely moved: significant.
        reasons.append(detector.consider(wifi: Self.accessPoints(30..<40), cells: [Self.cell(2)], estimate: Self.fix(north: 610, second: 240)))
        // Far away but the access points are the same ones: nothing.
        reasons.append(detector.consider(wifi: Self.accessPoints(30..<40), cells: [Self.cell(2)], estimate: Self.fix(north: 1500, second: 300)))
        // Back to cell 1 a minute after leaving it, then to 2 again: ping-pong at a cell edge, nothing.
        reasons.append(detector.consider(wifi: Self.accessPoints(30..<40), cells: [Self.cell(1)], estimate: Self.fix(north: 610, second: 300)))
        reasons.append(detector.consider(wifi: Self.accessPoints(30..<40), cells: [Self.cell(2)], estimate: Self.fix(north: 610, second: 310)))
        // Cell 1 again after the ten-minute window: a change.
        reasons.append(detector.consider(wifi: Self.accessPoints(30..<40), cells: [Self.cell(1)], estimate: Self.fix(north: 610, second: 900)))
        #expect(reasons.count == 9)
        #expect(reasons[0] == .first)
        #expect(reasons[1] == nil && reasons[2] == nil)
        guard case .accessPointsChanged(let distance)? = reasons[3] else {
            Issue.record("expected an access-point change, got \(String(describing: reasons[3]))")
            return
        }
        #expect(abs(distance - 600) < 1)
        #expect(reasons[4] == .servingCellChanged(from: Self.cell(1).identity, to: Self.cell(2).identity))
        #expect(reasons[5] == nil)
        #expect(reasons[6] == nil && reasons[7] == nil)
        #expect(reasons[8] == .servingCellChanged(from: Self.cell(2).identity, to: Self.cell(1).identity))
    }
}
