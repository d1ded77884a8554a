import Foundation
import PositioningCore
import RadioMap
import TestSupport
import Testing
import TownTestSupport

@testable import LocationService

@Suite(.preparing(TestTown.fixture)) struct FallbackPolicyTests {
    let town = TestTown.shared

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
        return (LocationManager(options: options, radios: radios, resolver: RadioMapResolver(path: town.path)), radios)
    }

    @Test func aCoarseRequestMetByTheCellNeverScansWiFi() async throws {
        let cellOnly = try #require(try RadioMapResolver(path: town.path).estimate(
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

    /// For learning: every source is read, but the fix is still the first that met the accuracy.
    @Test func readingEverySourceKeepsTheFirstFixThatMetTheAccuracy() async throws {
        var options = LocationManager.Options()
        options.desiredAccuracy = .hundredMetres
        options.readsEverySource = true
        let radios = ReplayRadios(samples: [fullSample], pace: .unpaced)
        let manager = LocationManager(options: options, radios: radios, resolver: RadioMapResolver(path: town.path))
        let subscription = await manager.subscribe(regionEvents: false, samples: true)
        var updates = subscription.updates.makeAsyncIterator()
        let fix = try #require(try await updates.next())
        #expect(fix.location.source == .gps)
        #expect(fix.attempts.map(\.source) == [.gps, .cell, .wifi])
        #expect(!fix.attempts.contains { $0.outcome == .skipped })
        var iterator = try #require(subscription.samples).makeAsyncIterator()
        let sample = try #require(await iterator.next())
        #expect(sample.gnss != nil && sample.wifi == fullSample.wifi && sample.cells == fullSample.cells)
    }

    @Test func aKilometreRequestMetByASmallCellNeverScansWiFi() async throws {
        // A radio map of one 600 m LTE cell (OpenCellID CSV, imported into a real SQLite file).
        let directory = TemporaryDirectory("kilometre")
        let csv = directory.path("cells.csv")
        try """
            radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal
            LTE,262,1,100,7,0,13.405000,52.520000,600,50,1,1705536000,1740096000,0

            """.write(toFile: csv, atomically: true, encoding: .utf8)
        let mapPath = directory.path("map.sqlite")
        _ = try RadioMap(path: mapPath, mode: .readWrite).importSurvey(at: csv, options: ImportOptions(), progress: nil)
        let cell = CellObservation(identity: try CellIdentity(radio: .lte, mcc: 262, mnc: 1, area: 100, cellID: 7), signalStrength: -80)
        let sample = RadioSample(time: ServiceTraces.start, wifi: fullSample.wifi, cells: [cell])
        var options = LocationManager.Options()
        options.sources = [.cell, .wifi]
        options.desiredAccuracy = .kilometre
        let radios = ReplayRadios(samples: [sample], pace: .unpaced)
        let fix = try await LocationManager(options: options, radios: radios, resolver: RadioMapResolver(path: mapPath))
            .requestLocation()
        try #require(fix.location.horizontalAccuracy <= 1000, "a 600 m cell meets a kilometre")
        #expect(fix.attempts.map(\.outcome) == [.fix, .skipped])
        #expect(fix.attempts[1].reason == "desired accuracy 1000 m already met")
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
