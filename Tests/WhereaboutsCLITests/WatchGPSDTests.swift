import Foundation
import JSONCodec
import PositioningCore
import Testing
import TestSupport

/// `whereabouts watch` (the built binary) against a real gpsd on loopback fed with an NMEA walk.
/// Serialized: each test runs a daemon, a 10 Hz feed and the binary.
@Suite(
    "watch against a real gpsd", .serialized,
    .enabled(if: LoopbackGPSD.isInstalled, "gpsd is not installed (/usr/sbin/gpsd)"))
struct WatchGPSDTests {
    static let start = Coordinate(latitude: 52.52, longitude: 13.405)
    /// Metres north per epoch of the walk.
    static let step = 3.0

    /// The walk's position at epoch `index`.
    static func position(_ index: Int) -> Coordinate {
        Geodesy.destination(from: start, distance: Double(index) * step, bearing: 0)
    }

    /// The epoch of the walk that `coordinate` is (the receiver's position, so within
    /// centimetres), or nil when it is none of them.
    static func epoch(of coordinate: Coordinate) -> Int? {
        let index = Int((Geodesy.distance(from: start, to: coordinate) / step).rounded())
        return Geodesy.distance(from: position(index), to: coordinate) < 0.05 ? index : nil
    }

    @Test func fixesFollowTheWalkThroughOneSessionAndTheDistanceFilterHolds() async throws {
        let gpsd = try await LoopbackGPSD()
        let receiver = RepeatingThread("walking receiver", every: .milliseconds(100)) { epoch in
            let position = Self.position(epoch)
            gpsd.send(NMEATestWriter.epoch(latitude: position.latitude, longitude: position.longitude, second: epoch))
        }
        let outcome: Result<EvalProcessRun, any Error>
        do {
            outcome = .success(try await EvalProcessRun([
                "watch", "--json", "--max-updates", "6", "--gpsd", gpsd.address, "--sources", "gps",
                "--interval", "0.3", "--distance-filter", "10", "--timeout", "20",
            ]))
        } catch {
            outcome = .failure(error)
        }
        await receiver.stop()
        await gpsd.stop()
        let run = try outcome.get()
        #expect(run.status == 0, "\(run.errors)")
        let fixes = try run.output.split(separator: "\n").map { try JSONParser.parse(String($0)) }
        #expect(fixes.count == 6)
        var epochs: [Int] = []
        var previous: Coordinate?
        for fix in fixes {
            #expect(fix["source"]?.stringValue == "gps")
            let coordinate = Coordinate(
                latitude: try #require(fix["location"]?["lat"]?.doubleValue),
                longitude: try #require(fix["location"]?["lng"]?.doubleValue))
            let epoch = try #require(Self.epoch(of: coordinate), "\(coordinate) is not a point of the walk")
            epochs.append(epoch)
            if let previous {
                #expect(Geodesy.distance(from: previous, to: coordinate) >= 10, "the distance filter lets through only 10 m moves")
            }
            previous = coordinate
        }
        #expect(epochs == epochs.sorted() && Set(epochs).count == epochs.count, "the fixes walk on, never back or in place: \(epochs)")
    }

    @Test func anUnreachableGPSDEndsLiveWatchWithExit69AndSaysWhy() async throws {
        let port = try LoopbackGPSD.freePort(type: SOCK_STREAM)
        let run = await CLIRun(["watch", "--json", "--gpsd", "127.0.0.1:\(port)", "--sources", "gps", "--interval", "0.05"])
        #expect(run.status == 69, "\(run.errors)")
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("gpsd is not reachable at 127.0.0.1:\(port)"), "\(run.errors)")
    }
}
