import Foundation
import PositioningCore

@testable import LocationService

/// Synthetic traces with known geometry, and small waiting helpers.
enum ServiceTraces {
    static let centre = Coordinate(latitude: 52.52, longitude: 13.405)
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// GNSS fixes walking north `step` metres per second from `from` metres north of the centre.
    static func walkNorth(from: Double, step: Double, count: Int, accuracy: Double = 5) -> [RadioSample] {
        (0..<count).map { index in
            let time = start.addingTimeInterval(Double(index))
            let north = from + Double(index) * step
            let coordinate = Geodesy.destination(from: centre, distance: abs(north), bearing: north < 0 ? 180 : 0)
            return RadioSample(time: time, gnss: Location(coordinate: coordinate, horizontalAccuracy: accuracy, timestamp: time, source: .gps))
        }
    }

    /// The index of `time` in `samples`.
    static func index(of time: Date, in samples: [RadioSample]) -> Int? {
        samples.firstIndex { $0.time == time }
    }
}

/// Waits (yielding, never sleeping) until `condition` holds or `deadline` passes.
func eventually(
    within deadline: Duration = .seconds(60), _ condition: @Sendable () async -> Bool
) async -> Bool {
    let end = ContinuousClock.now + deadline
    while ContinuousClock.now < end {
        if await condition() { return true }
        await Task.yield()
    }
    return await condition()
}

/// Everything an update stream delivered until it ended, and how it ended.
func collect(_ stream: AsyncThrowingStream<LocationFix, any Error>) async -> (fixes: [LocationFix], error: (any Error)?) {
    var fixes: [LocationFix] = []
    do {
        for try await fix in stream { fixes.append(fix) }
        return (fixes, nil)
    } catch {
        return (fixes, error)
    }
}
