import Foundation
import PositioningCore

extension Town {
    /// Calls `body` with every scan of the town's survey, in time order within each trip.
    ///
    /// The survey is a series of trips over `specification.surveyDays` days, walking (a scan
    /// every 4 m) or driving (every 10 m) along the streets until its length reaches
    /// `size.surveyCoverage` times the street length. Each trip has a GPS of 3–8 m quality whose
    /// error drifts slowly (first-order autoregressive) — with stretches of poor GPS, 20–80 m,
    /// for `specification.gpsOutlierFraction` of the scans — a surveyor whose phone hotspot is
    /// heard in nearly every scan, and a serving network (LTE, sometimes GSM). Scans are made
    /// one at a time, so even a large town's survey is written in bounded memory.
    ///
    /// ```swift
    /// var rows = 0
    /// try town.forEachSurveyScan { scan in rows += scan.accessPoints.count + scan.cells.count }
    /// ```
    public func forEachSurveyScan<Failure: Error>(_ body: (SimulatedScan) throws(Failure) -> Void) throws(Failure) {
        var random = SeededRandomNumberGenerator(seed: specification.seed, stream: 3)
        // Poor-GPS stretches draw from their own stream, so the walks are the same without them.
        var poorGPS = PoorGPSStretches(fraction: specification.gpsOutlierFraction, seed: specification.seed)
        let target = specification.size.surveyCoverage * streets.totalStreetLength
        let networks = specification.mobileNetworkCodes.isEmpty ? [1] : specification.mobileNetworkCodes
        var surveyedLength = 0.0
        var trip = 0
        while surveyedLength < target {
            let surveyor: Int? = hotspots.isEmpty ? nil : trip % hotspots.count
            let driving = random.nextBool(probability: 0.4)
            let day = Int64(trip % max(specification.surveyDays, 1))
            var time = specification.surveyStart + day * 86_400 + 8 * 3_600 + Int64(random.nextInt(below: 10 * 3_600))
            let onLTE = random.nextBool(probability: 0.8)
            let radio: RadioType = onLTE ? .lte : .gsm
            let network = onLTE ? networks[(surveyor ?? 0) % networks.count] : networks[0]
            let baseAccuracy = random.nextDouble(in: 3...8)
            let spacing = driving ? 10.0 : 4.0
            let speed = driving ? 9.0 : 1.4
            let lateralReach = driving ? 2.0 : 6.0
            let tripLength = min(
                target - surveyedLength, driving ? random.nextDouble(in: 6000...10000) : random.nextDouble(in: 2000...3500))
            var gpsError = (east: 0.0, north: 0.0)
            var walker = StreetWalker(grid: streets, using: &random)
            var travelled = 0.0
            var nextScanAt = spacing * random.nextDouble()
            while travelled < tripLength {
                let segment = walker.nextSegment(using: &random)
                let lateral = random.nextDouble(in: -lateralReach...lateralReach)
                while nextScanAt < streets.spacing {
                    let position = segment.point(at: nextScanAt, lateralOffset: lateral)
                    let scanAccuracy = poorGPS.nextScanAccuracy() ?? baseAccuracy
                    let accuracy = (scanAccuracy * random.nextDouble(in: 0.8...1.2) * 10).rounded() / 10
                    // AR(1) drift with 0.9 correlation; per-axis σ = accuracy / 1.5 so the 68 %
                    // circle has about the reported radius.
                    let sigma = accuracy / 1.5
                    gpsError.east = 0.9 * gpsError.east + 0.436 * sigma * random.nextGaussian()
                    gpsError.north = 0.9 * gpsError.north + 0.436 * sigma * random.nextGaussian()
                    var wifi = hearAccessPoints(at: position, epoch: .survey, using: &random)
                    if let surveyor, random.nextBool(probability: 0.95) {
                        wifi.append(hearHotspot(hotspots[surveyor], using: &random))
                    }
                    wifi += hearRandomizedPhones(using: &random)
                    try body(SimulatedScan(
                        time: time, truePosition: position,
                        reportedPosition: position.offsetBy(east: gpsError.east, north: gpsError.north),
                        reportedAccuracy: accuracy, surveyorIndex: surveyor,
                        accessPoints: Town.strongestFirst(wifi),
                        cells: hearCells(at: position, radio: radio, network: network, using: &random)))
                    nextScanAt += spacing
                    time += Int64((spacing / speed).rounded(.up)) + Int64(random.nextInt(below: 2))
                }
                nextScanAt -= streets.spacing
                travelled += streets.spacing
            }
            surveyedLength += travelled
            trip += 1
        }
    }
}

/// Where a survey's GPS is poor: stretches of 10–40 scans (40–160 m on foot), entered at random
/// so that `fraction` of the scans lie in one, each with one accuracy drawn log-uniformly from
/// 20–80 m (about a third of them worse than 50 m).
struct PoorGPSStretches {
    private var random: SeededRandomNumberGenerator
    private let entering: Double
    private var remaining = 0
    private var accuracy = 0.0

    init(fraction: Double, seed: UInt64) {
        random = SeededRandomNumberGenerator(seed: seed, stream: 20)
        // A stretch is 25 scans on average: entered with p per good scan, a share
        // 25p / (1 + 25p) of the scans is poor.
        let fraction = min(max(fraction, 0), 0.9)
        entering = fraction / (25 * (1 - fraction))
    }

    /// The accuracy of the next scan's fix when it lies in a poor stretch, else nil.
    mutating func nextScanAccuracy() -> Double? {
        if remaining == 0, entering > 0, random.nextBool(probability: entering) {
            remaining = random.nextInt(in: 10...40)
            accuracy = 20 * pow(4, random.nextDouble())
        }
        guard remaining > 0 else { return nil }
        remaining -= 1
        return accuracy
    }
}

/// A random walk over the street grid's intersections that avoids turning straight back.
struct StreetWalker {
    /// One street segment between neighbouring intersections.
    struct Segment {
        let start: PlanePosition
        let end: PlanePosition

        /// The point `distance` metres from `start`, moved `lateralOffset` metres to the right.
        func point(at distance: Double, lateralOffset: Double) -> PlanePosition {
            let length = start.distance(to: end)
            let unit = (east: (end.east - start.east) / length, north: (end.north - start.north) / length)
            return PlanePosition(
                east: start.east + unit.east * distance + unit.north * lateralOffset,
                north: start.north + unit.north * distance - unit.east * lateralOffset)
        }
    }

    let grid: StreetGrid
    private var column: Int
    private var row: Int
    private var heading: (Int, Int) = (0, 0)

    init(grid: StreetGrid, using random: inout SeededRandomNumberGenerator) {
        self.grid = grid
        column = random.nextInt(below: grid.lineCount)
        row = random.nextInt(below: grid.lineCount)
    }

    mutating func nextSegment(using random: inout SeededRandomNumberGenerator) -> Segment {
        let all = [(1, 0), (-1, 0), (0, 1), (0, -1)]
        let inside = all.filter { step in
            (0..<grid.lineCount).contains(column + step.0) && (0..<grid.lineCount).contains(row + step.1)
        }
        let forward = inside.filter { $0.0 != -heading.0 || $0.1 != -heading.1 }
        let choices = forward.isEmpty ? inside : forward
        // Keep going straight half the time, like a real route.
        let straight = choices.first { $0.0 == heading.0 && $0.1 == heading.1 }
        let step = straight != nil && random.nextBool(probability: 0.5) ? straight! : random.element(of: choices)
        let start = grid.intersection(column: column, row: row)
        column += step.0
        row += step.1
        heading = step
        return Segment(start: start, end: grid.intersection(column: column, row: row))
    }
}
