import Foundation
import PositioningCore

extension Town {
    /// Calls `body` with every sample of a walk through the town after the survey: a GNSS fix
    /// every `interval` seconds except during three drop-outs of 30–90 s, and a Wi-Fi and cell
    /// scan every `scanEvery`-th sample, moving at `speed` m/s (1.4: walking; see also
    /// `forEachDriveSample`). Routers are heard where they are now (moved ones at their new
    /// place), as a live device would. With a `scanCache` of some seconds, each scan also
    /// reports the access points heard that long before and missed since, with their last
    /// reading and its age, as the kernel's scan results do (`ScanResultCache`; Linux keeps 30 s).
    ///
    /// ```swift
    /// town.forEachWalkSample(duration: 600) { sample in print(sample.time, sample.fix == nil) }
    /// ```
    public func forEachWalkSample<Failure: Error>(
        duration: Double = 900, interval: Double = 2, scanEvery: Int = 5, speed: Double = 1.4,
        scanCache: Double = 0, _ body: (WalkSample) throws(Failure) -> Void
    ) throws(Failure) {
        var random = SeededRandomNumberGenerator(seed: specification.seed, stream: 6)
        let networks = specification.mobileNetworkCodes.isEmpty ? [1] : specification.mobileNetworkCodes
        let start = (specification.surveyStart + Int64(max(specification.surveyDays, 1) + 1) * 86_400 + 10 * 3_600) * 1_000
        let dropOuts: [ClosedRange<Double>] = (0..<3).map { _ in
            let begin = random.nextDouble(in: 0...max(duration - 90, 0))
            return begin...(begin + random.nextDouble(in: 30...90))
        }
        var walker = StreetWalker(grid: streets, using: &random)
        var segment = walker.nextSegment(using: &random)
        var along = 0.0
        var lateral = random.nextDouble(in: -5...5)
        var gpsError = (east: 0.0, north: 0.0)
        var cache = scanCache > 0 ? ScanResultCache(lifetime: scanCache) : nil
        var sampleIndex = 0
        var elapsed = 0.0
        while elapsed <= duration {
            let position = segment.point(at: along, lateralOffset: lateral)
            let accuracy = random.nextDouble(in: 4...9)
            gpsError.east = 0.9 * gpsError.east + 0.436 * accuracy / 1.5 * random.nextGaussian()
            gpsError.north = 0.9 * gpsError.north + 0.436 * accuracy / 1.5 * random.nextGaussian()
            let inDropOut = dropOuts.contains { $0.contains(elapsed) }
            let fix = inDropOut ? nil : WalkSample.Fix(
                position: position.offsetBy(east: gpsError.east, north: gpsError.north),
                accuracy: (accuracy * 10).rounded() / 10, speed: speed,
                course: segment.start.bearing(to: segment.end))
            let time = start + Int64((elapsed * 1_000).rounded())
            var wifi: [HeardAccessPoint] = []
            var cells: [HeardCell] = []
            if sampleIndex % max(scanEvery, 1) == 0 {
                wifi = Town.strongestFirst(
                    hearAccessPoints(at: position, epoch: .query, using: &random) + hearRandomizedPhones(using: &random))
                wifi = cache?.results(of: wifi, at: time) ?? wifi
                cells = hearCells(at: position, radio: .lte, network: networks[0], using: &random)
            }
            try body(WalkSample(time: time, truePosition: position, fix: fix, accessPoints: wifi, cells: cells))
            sampleIndex += 1
            elapsed += interval
            along += speed * interval
            while along >= streets.spacing {
                along -= streets.spacing
                segment = walker.nextSegment(using: &random)
                lateral = random.nextDouble(in: -5...5)
            }
        }
    }
}
