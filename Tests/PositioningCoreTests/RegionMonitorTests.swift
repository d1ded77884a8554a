import Foundation
import Testing

@testable import PositioningCore

@Suite struct RegionMonitorTests {
    static let centre = Coordinate(latitude: 52.52, longitude: 13.405)
    static let park = CircularRegion(id: "park", center: centre, radius: 200)
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A fix `distance` metres from the centre (to the east), `second` seconds after the start.
    static func fix(at distance: Double, second: Double, accuracy: Double = 5) -> Location {
        Location(
            coordinate: Geodesy.destination(from: centre, distance: distance, bearing: 90),
            horizontalAccuracy: accuracy, timestamp: start.addingTimeInterval(second), source: .gps)
    }

    /// Deterministic noise in −amplitude…amplitude (a linear congruential generator).
    struct Noise {
        var state: UInt64 = 42
        mutating func next(amplitude: Double) -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (Double(state >> 11) / Double(1 << 53) * 2 - 1) * amplitude
        }
    }

    func events(_ fixes: [Location], dwell: Double = 0) -> [(String, RegionEvent.Kind, Double)] {
        var monitor = RegionMonitor(dwell: dwell)
        monitor.add(Self.park)
        return fixes.flatMap { fix in
            monitor.update(with: fix).map { ($0.regionID, $0.kind, $0.time.timeIntervalSince(Self.start)) }
        }
    }

    @Test func theFirstFixReportsTheInitialStateNotACrossing() {
        #expect(events([Self.fix(at: 50, second: 0)]).map(\.1) == [.inside])
        #expect(events([Self.fix(at: 500, second: 0)]).map(\.1) == [.outside])
        // Even a fix straddling the edge gets a state, by its centre.
        #expect(events([Self.fix(at: 195, second: 0, accuracy: 40)]).map(\.1) == [.inside])
    }

    @Test func cushionIsTenMetresOrFivePercentOfTheRadius() {
        #expect(CircularRegion(id: "a", center: Self.centre, radius: 100).cushion == 10)
        #expect(CircularRegion(id: "b", center: Self.centre, radius: 1000).cushion == 50)
    }

    @Test func aNoisyWalkOutAcrossTheBoundaryGivesExactlyOneExit() {
        var noise = Noise()
        // From 150 m to 260 m over 220 s with ±9 m of jitter: dozens of fixes cross the line itself.
        let fixes = (0...110).map { step in
            Self.fix(at: 150 + Double(step) + noise.next(amplitude: 9), second: Double(step * 2))
        }
        let crossingsOfTheLine = zip(fixes, fixes.dropFirst()).filter { pair in
            (Geodesy.distance(from: Self.centre, to: pair.0.coordinate) <= 200)
                != (Geodesy.distance(from: Self.centre, to: pair.1.coordinate) <= 200)
        }.count
        #expect(crossingsOfTheLine > 3, "the walk must actually wobble across the boundary")
        let seen = events(fixes)
        #expect(seen.map(\.1) == [.inside, .exit])
        // The exit fires at the first fix 10 m (cushion) and 5 m (accuracy) clear of the line.
        let exitFix = fixes.first { Geodesy.distance(from: Self.centre, to: $0.coordinate) >= 210 }!
        #expect(seen.last?.2 == exitFix.timestamp.timeIntervalSince(Self.start))
    }

    @Test func hoveringAtTheEdgeNeverFlaps() {
        var noise = Noise(state: 7)
        let fixes = (0..<300).map { Self.fix(at: 200 + noise.next(amplitude: 9), second: Double($0)) }
        #expect(events(fixes).count == 1, "only the initial state")
    }

    @Test func anUncertaintyCircleStraddlingTheBoundaryDecidesNothing() {
        let fixes = [Self.fix(at: 100, second: 0), Self.fix(at: 240, second: 1, accuracy: 60), Self.fix(at: 240, second: 2, accuracy: 30)]
        #expect(events(fixes).map(\.1) == [.inside, .exit])
        #expect(events(fixes).last?.2 == 2)
    }

    @Test func dwellWaitsAndAShortExcursionFiresNothing() {
        // Out for 20 s and back: with a 30 s dwell, nothing.
        let short = [Self.fix(at: 100, second: 0)] + (1...20).map { Self.fix(at: 300, second: Double($0)) }
            + [Self.fix(at: 100, second: 21), Self.fix(at: 300, second: 22)]
        #expect(events(short, dwell: 30).map(\.1) == [.inside])
        // Out for 40 s: the exit fires 30 s after the first clear fix outside.
        let long = [Self.fix(at: 100, second: 0)] + (1...40).map { Self.fix(at: 300, second: Double($0)) }
        let seen = events(long, dwell: 30)
        #expect(seen.map(\.1) == [.inside, .exit])
        #expect(seen.last?.2 == 31)
    }

    @Test func regionsAreParsedFromTheCommandLineForm() {
        let region = CircularRegion(parsing: "home=52.52,13.405,150")
        #expect(region?.id == "home" && region?.radius == 150 && region?.center.latitude == 52.52)
        #expect(CircularRegion(parsing: "home=52.52,13.405") == nil)
        #expect(CircularRegion(parsing: "home=52.52,13.405,-5") == nil)
        #expect(CircularRegion(parsing: "=52.52,13.405,5") == nil)
        #expect(CircularRegion(parsing: "x=95,13.405,5") == nil)
    }
}
