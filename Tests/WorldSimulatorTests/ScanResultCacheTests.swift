import Foundation
import PositioningCore
import Testing

@testable import WorldSimulator

@Suite struct ScanResultCacheTests {
    /// A reading on channel 165, the sweep's last: age 0 when the scan's results are read.
    func reading(_ address: UInt64, _ signal: Int, frequency: Int = 5_825) -> HeardAccessPoint {
        HeardAccessPoint(
            bssid: BSSID(rawValue: address), ssid: "", authMode: "[ESS]", channel: 165, frequency: frequency,
            signalStrength: signal)
    }

    @Test func aScansOwnReadingsAreAsOldAsTheSweepLeftThem() {
        var cache = ScanResultCache(lifetime: 30)
        let results = cache.results(of: [reading(1, -60, frequency: 2_412), reading(2, -70, frequency: 5_180)], at: 0)
        #expect(results.map(\.age) == [3_000, 567], "2.4 GHz swept first, 3 s before the results are read")
    }

    @Test func aMissedReadingStaysWithItsSignalAndAgeUntilItExpires() {
        var cache = ScanResultCache(lifetime: 30)
        let first = cache.results(of: [reading(1, -60), reading(2, -80)], at: 0)
        #expect(first.map(\.age) == [0, 0])
        let second = cache.results(of: [reading(1, -62)], at: 12_000)
        #expect(second.map(\.bssid.rawValue) == [1, 2])
        #expect(second.map(\.signalStrength) == [-62, -80], "the missed network keeps its last reading")
        #expect(second.map(\.age) == [0, 12_000])
        let third = cache.results(of: [reading(1, -61)], at: 30_000)
        #expect(third.last?.age == 30_000, "still there at its lifetime")
        let fourth = cache.results(of: [reading(1, -61)], at: 30_001)
        #expect(fourth.map(\.bssid.rawValue) == [1], "gone once older than the lifetime")
        let heardAgain = cache.results(of: [reading(2, -75)], at: 40_000)
        #expect(heardAgain.map(\.bssid.rawValue) == [1, 2], "strongest first")
        #expect(heardAgain.map(\.age) == [9_999, 0], "heard again: fresh, with its new signal")
        #expect(heardAgain.last?.signalStrength == -75)
    }

    /// The drive with the kernel's 30 s is the drive without it plus the leftovers: each scan's
    /// own readings are unchanged, and every leftover repeats the reading of the scan that last
    /// heard it, aged by the time since.
    @Test func aCachedDriveIsTheSameDrivePlusItsLeftovers() throws {
        let town = Town(.tiny())
        var plain: [Int64: [HeardAccessPoint]] = [:]
        town.forEachDriveSample(duration: 300) { sample in plain[sample.time] = sample.accessPoints }
        var leftovers = 0
        var lastHeard: [BSSID: (time: Int64, signal: Int)] = [:]
        try town.forEachDriveSample(duration: 300, scanCache: 30) { sample in
            guard !sample.accessPoints.isEmpty else { return }
            let heard = try #require(plain[sample.time])
            let heardAddresses = Set(heard.map(\.bssid))
            let fresh = sample.accessPoints.filter { heardAddresses.contains($0.bssid) }
            #expect(fresh.map { var copy = $0; copy.age = nil; return copy } == heard)
            for reading in fresh {
                let age = try #require(reading.age)
                #expect(age == ScanResultCache.ageInSweep(frequency: reading.frequency) && age <= 3_000)
            }
            for reading in sample.accessPoints where !heardAddresses.contains(reading.bssid) {
                leftovers += 1
                let age = try #require(reading.age)
                #expect(age > 3_000 && age <= 30_000)
                let last = try #require(lastHeard[reading.bssid])
                #expect(sample.time - last.time == Int64(age) && reading.signalStrength == last.signal)
            }
            for reading in fresh {
                lastHeard[reading.bssid] = (sample.time - Int64(reading.age ?? 0), reading.signalStrength)
            }
        }
        #expect(leftovers > 1_000, "at 10 m/s most of what was heard 4–30 s ago is left over")
    }
}
