import Foundation
import PositioningCore
import Testing

@testable import GNSS

/// gpsd reports a receiver's first epoch once per sentence until it learns the cycle: those
/// reports revise one fix, and a later epoch — a new time, or a new position — is a new fix.
struct GPSDEpochsTests {
    static let here = Coordinate(latitude: 52.52, longitude: 13.405)
    static let north = Coordinate(latitude: 52.52002, longitude: 13.405)
    static let noon = Date(timeIntervalSince1970: 1_715_947_200)

    @Test func aCyclesRepeatedReportsReviseOneFixAndTheNextEpochIsNew() {
        var epochs = GPSDEpochs()
        let start = ContinuousClock.now
        func report(_ time: Date?, _ at: Coordinate, after milliseconds: Int) -> Bool {
            epochs.isRevision(time: time, at: at, arrived: start + .milliseconds(milliseconds))
        }
        // Epoch 0 as gpsd sends it before it knows the cycle: after GGA, GSA (no time), RMC.
        #expect(!report(nil, Self.here, after: 0), "the first report is a fix")
        #expect(report(nil, Self.here, after: 2))
        #expect(report(Self.noon, Self.here, after: 4), "RMC completes the same epoch")
        // Epoch 1, a second later by the receiver's clock, at a new position.
        #expect(!report(Self.noon + 1, Self.north, after: 100))
        #expect(report(Self.noon + 1, Self.north, after: 102), "the same time and place again")
        // A receiver standing still: each new time is a new epoch.
        #expect(!report(Self.noon + 2, Self.north, after: 200))
        #expect(!report(Self.noon + 3, Self.north, after: 300))
    }

    @Test func withoutTimeOnlyACyclesBurstIsOneEpoch() {
        var epochs = GPSDEpochs()
        let start = ContinuousClock.now
        func report(_ time: Date?, _ at: Coordinate, after milliseconds: Int) -> Bool {
            epochs.isRevision(time: time, at: at, arrived: start + .milliseconds(milliseconds))
        }
        #expect(!report(nil, Self.here, after: 0))
        #expect(report(nil, Self.here, after: 300))
        // A receiver that never says the time and stands still still gives a fix a second.
        #expect(!report(nil, Self.here, after: 1400))
        // A new epoch's report without time does not inherit the last epoch's time.
        #expect(!report(Self.noon, Self.north, after: 2000))
        #expect(!report(nil, Self.here, after: 3000))
        #expect(report(Self.noon + 5, Self.here, after: 3010), "its time completes the timeless report's epoch")
        #expect(!report(Self.noon + 6, Self.here, after: 3020), "a later time is a later epoch, however soon it comes")
    }
}
