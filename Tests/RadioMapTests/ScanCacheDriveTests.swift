import Foundation
import PositioningCore
import Testing
import WorldSimulator

@testable import RadioMap

/// A drive whose scans hold the kernel's leftovers (`simulate --scan-cache 30`), located
/// against a tiny town's map: the readings' ages let the estimator set the leftovers aside, as a
/// live scan's `NL80211_BSS_SEEN_MS_AGO` does.
@Suite struct ScanCacheDriveTests {
    /// Median Wi-Fi error over the drive's scans, each located as `request(…)` builds it.
    func medianError(
        _ fixture: TinyTownMap, scanCache: Double, request: ([WiFiObservation]) -> [WiFiObservation]
    ) throws -> (median: Double, staleNotes: Int) {
        let estimator = WhereaboutsEstimator()
        var errors: [Double] = []
        var staleNotes = 0
        try fixture.town.forEachDriveSample(duration: 900, scanCache: scanCache) { sample in
            guard !sample.accessPoints.isEmpty else { return }
            let scan = GeolocateRequest(wifiAccessPoints: request(sample.accessPoints.map(\.observation)), considerIp: false)
            let input = try fixture.map.estimationInput(for: scan, now: Date(timeIntervalSince1970: Double(sample.time) / 1000))
            guard let estimate = estimator.estimatePosition(from: input) else { return }
            errors.append(Geodesy.distance(
                from: estimate.location.coordinate, to: fixture.town.coordinate(of: sample.truePosition)))
            if estimate.rejected.contains(where: { $0.reason == .stale }) { staleNotes += 1 }
        }
        errors.sort()
        return (errors[errors.count / 2], staleNotes)
    }

    @Test func agesKeepTheLeftoversFromDraggingTheDriveBack() throws {
        let fixture = try TinyTownMap()
        let plain = try medianError(fixture, scanCache: 0) { $0 }
        let aged = try medianError(fixture, scanCache: 30) { $0 }
        let unaged = try medianError(fixture, scanCache: 30) { $0.map { var reading = $0; reading.age = nil; return reading } }
        #expect(aged.staleNotes > 100 && unaged.staleNotes == 0 && plain.staleNotes == 0)
        // Seed 3's tiny town: 45 m without leftovers, 100 m with them unaged, 45 m aged. A scan
        // sweeps for 3 s, so its own readings are up to 3 s old and stay; most readings of the
        // scan 4 s back are more than `staleAge` (5 s) behind the freshest.
        #expect(unaged.median > 1.8 * plain.median, "leftovers of up to 30 s drag a car's fix back")
        #expect(aged.median < 0.6 * unaged.median)
        #expect(aged.median < 1.1 * plain.median, "with ages the drive errs as without leftovers")
    }
}
