import Foundation
import PositioningCore
import Testing

@testable import LocationService

@Suite struct FallbackPolicyTests {
    let town = ServiceTown.shared

    /// The first walk sample that has a GNSS fix, a scan and cells.
    var fullSample: RadioSample {
        town.walk.first { $0.gnss != nil && !$0.wifi.isEmpty && !$0.cells.isEmpty }!
    }

    func manager(
        _ samples: [RadioSample], sources: [PositioningSource] = PositioningSource.defaultOrder,
        desired: DesiredAccuracy = .best
    ) -> (LocationManager, ReplayRadios) {
        var options = LocationManager.Options()
        options.sources = sources
        options.desiredAccuracy = desired
        let radios = ReplayRadios(samples: samples, pace: .unpaced)
        return (LocationManager(options: options, radios: radios, resolver: RadioMapResolver(path: town.mapPath)), radios)
    }

    @Test func aCoarseRequestMetByTheCellNeverScansWiFi() async throws {
        let cellOnly = try #require(try RadioMapResolver(path: town.mapPath).estimate(
            GeolocateRequest(cellTowers: fullSample.cells), at: fullSample.time))
        // The tiny town's cells are large: a three-kilometre request is the coarse one they meet.
        try #require(cellOnly.0.location.horizontalAccuracy <= 3000, "the town's cells must meet three kilometres")
        let (manager, radios) = manager([fullSample], sources: [.cell, .wifi], desired: .threeKilometres)
        let fix = try await manager.requestLocation()
        #expect(fix.location.source == .cell)
        #expect(fix.attempts.map(\.source) == [.cell, .wifi])
        #expect(fix.attempts.map(\.outcome) == [.fix, .skipped])
        #expect(fix.attempts[1].reason == "desired accuracy 3000 m already met")
        #expect(await radios.readCounts[.wifi] == nil, "the Wi-Fi scan was never started")
    }

    @Test func bestTriesEverySourceAndDeliversTheMostAccurate() async throws {
        let (manager, radios) = manager([fullSample])
        let fix = try await manager.requestLocation()
        #expect(fix.attempts.map(\.source) == [.gps, .cell, .wifi])
        #expect(fix.attempts.allSatisfy { $0.outcome == .fix })
        let accuracies = fix.attempts.compactMap(\.accuracy)
        #expect(fix.location.horizontalAccuracy == accuracies.min())
        #expect(await radios.readCounts == [.gps: 1, .cell: 1, .wifi: 1])
        #expect(!fix.isCached)
    }

    @Test func aSourceTheRadiosLackIsSkippedAtOnceAndTheNextOneAnswers() async throws {
        var withoutGNSS = fullSample
        withoutGNSS.gnss = nil
        let (manager, _) = manager([withoutGNSS])
        let fix = try await manager.requestLocation()
        #expect(fix.attempts.first?.outcome == .unavailable)
        #expect(fix.attempts.first?.reason == "the replayed trace has no GNSS readings")
        #expect(fix.location.source != .gps)
    }

    @Test func errorsSayWhetherSourcesRanOrNoneCould() async throws {
        // Heard, but nothing of it is in the radio map: sources ran → location unknown (exit 2).
        let stranger = RadioSample(
            time: ServiceTraces.start,
            wifi: [WiFiObservation(bssid: BSSID("0a:0b:0c:0d:0e:0f")!, signalStrength: -50)])
        do {
            _ = try await manager([stranger], sources: [.gps, .wifi]).0.requestLocation()
            Issue.record("expected an error")
        } catch {
            guard case .locationUnknown(let attempts) = error else { Issue.record("got \(error)"); return }
            #expect(attempts.map(\.outcome) == [.unavailable, .noFix])
            #expect(error.exitCode == 2)
        }
        // Nothing could run at all → no sources (exit 69).
        do {
            _ = try await manager([RadioSample(time: ServiceTraces.start)]).0.requestLocation()
            Issue.record("expected an error")
        } catch {
            guard case .noSources = error else { Issue.record("got \(error)"); return }
            #expect(error.exitCode == 69)
        }
        // Switched off → disabled (exit 78), before any source is read.
        var options = LocationManager.Options()
        options.isEnabled = false
        let radios = ReplayRadios(samples: [fullSample], pace: .unpaced)
        do {
            _ = try await LocationManager(options: options, radios: radios).requestLocation()
            Issue.record("expected an error")
        } catch {
            guard case .disabled = error else { Issue.record("got \(error)"); return }
            #expect(error.exitCode == 78)
            #expect(await radios.readCounts.isEmpty)
        }
    }
}
